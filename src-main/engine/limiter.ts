// A concurrency limiter: at most `size` tasks at once, FIFO, with cancellation of queued work.

export interface Limiter {
  /** Runs `fn` when a slot is free. If `signal` aborts while queued, rejects with an AbortError. */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T>
  readonly active: number
  readonly queued: number
}

export function createLimiter(size: number): Limiter {
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`concurrency must be a positive integer, got ${size}`)
  let active = 0
  const waiting: { start: () => void; signal?: AbortSignal }[] = []

  const next = (): void => {
    while (active < size && waiting.length > 0) {
      const item = waiting.shift()
      if (item && !item.signal?.aborted) item.start()
    }
  }

  return {
    get active() {
      return active
    },
    get queued() {
      return waiting.length
    },
    run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(signal))
        const item = {
          signal,
          start: () => {
            signal?.removeEventListener('abort', onAbort)
            active += 1
            fn()
              .finally(() => {
                active -= 1
                next()
              })
              .then(resolve, reject)
          },
        }
        const onAbort = (): void => {
          const i = waiting.indexOf(item)
          if (i >= 0) waiting.splice(i, 1)
          reject(abortError(signal))
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        waiting.push(item)
        next()
      })
    },
  }
}

function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason
  if (reason instanceof Error) return reason
  const err = new Error('canceled')
  err.name = 'AbortError'
  return err
}
