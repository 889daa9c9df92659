// The one watchdog of every session the app supervises (agent run, judgement, command evaluator, on either
// transport): a wall-clock limit, an idle limit re-armed by progress, and the cancel signal. The first of
// them decides why the session is stopped; later ones change nothing.
export type StopReason = 'timeout' | 'idle' | 'canceled'

export interface WatchdogInput {
  timeoutMs: number
  /** No progress for this long stops the session; absent: only the wall clock. */
  idleTimeoutMs?: number
  signal: AbortSignal
  /** Called once, with the first reason to stop. */
  onStop(reason: StopReason): void
}

export interface Watchdog {
  /** Output or any other sign of life: the idle limit starts again. */
  progress(): void
  /** Why the session was stopped, if it was. */
  readonly reason: StopReason | null
  /** Stops watching (the session ended); the reason stays. */
  dispose(): void
}

export function startWatchdog(input: WatchdogInput): Watchdog {
  let reason: StopReason | null = null
  let disposed = false
  let idleTimer: NodeJS.Timeout | undefined
  const stop = (why: StopReason): void => {
    if (reason || disposed) return
    reason = why
    clearTimeout(idleTimer)
    clearTimeout(wallTimer)
    input.onStop(why)
  }
  const progress = (): void => {
    if (reason || disposed || input.idleTimeoutMs === undefined) return
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => stop('idle'), input.idleTimeoutMs)
  }
  const wallTimer = setTimeout(() => stop('timeout'), input.timeoutMs)
  const onAbort = (): void => stop('canceled')
  input.signal.addEventListener('abort', onAbort, { once: true })
  progress()
  if (input.signal.aborted) onAbort()
  return {
    progress,
    get reason() {
      return reason
    },
    dispose() {
      disposed = true
      clearTimeout(idleTimer)
      clearTimeout(wallTimer)
      input.signal.removeEventListener('abort', onAbort)
    },
  }
}
