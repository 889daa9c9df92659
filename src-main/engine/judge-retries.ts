// Retrying a judge attempt: retryable failures (timeout, 5xx, 429, unparseable output) are tried again with
// backoff up to `retries` times; the last attempt is the result. Shared by pointwise and pairwise judging.
import type { Limiter } from './limiter'

export const defaultBackoff = (attempt: number): number => 1000 * 2 ** (attempt - 1)

/**
 * Runs `attempt` in a slot of `pool`, again while it fails retryably and tries are left. Rejects (AbortError)
 * when canceled while waiting for a slot; a canceled attempt is returned as it is (not retried).
 */
export async function withRetries<T extends { status: 'done' | 'failed'; retryable: boolean }>(
  attempt: () => Promise<T>,
  opts: { pool: Limiter; retries: number; backoffMs?: (attempt: number) => number },
  signal: AbortSignal,
): Promise<T> {
  let last: T | undefined
  for (let n = 0; n <= opts.retries; n++) {
    if (n > 0) await sleep((opts.backoffMs ?? defaultBackoff)(n), signal)
    last = await opts.pool.run(attempt, signal)
    if (last.status === 'done' || !last.retryable || signal.aborted) break
  }
  return last as T
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true })
  })
}
