// Intervals for shares counted in runs: Wilson's for one share, Newcombe's hybrid score interval for the
// difference of two (both stay honest at 0 and at small n, where the normal approximation does not).
import jStat from 'jstat'

export interface Bounds {
  low: number | null
  high: number | null
}

/** Wilson score interval of k successes in n at level 1 − α; null bounds when n = 0. */
export function wilson(k: number, n: number, alpha: number): Bounds {
  if (n === 0) return { low: null, high: null }
  const z = jStat.normal.inv(1 - alpha / 2, 0, 1)
  const p = k / n
  const z2 = z * z
  const denom = 1 + z2 / n
  const center = (p + z2 / (2 * n)) / denom
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) }
}

/**
 * Newcombe's hybrid score interval (method 10) of k1/n1 − k2/n2 at level 1 − α, from the two Wilson
 * intervals; null bounds when either n is 0.
 */
export function newcombe(k1: number, n1: number, k2: number, n2: number, alpha: number): Bounds {
  const w1 = wilson(k1, n1, alpha)
  const w2 = wilson(k2, n2, alpha)
  if (w1.low === null || w1.high === null || w2.low === null || w2.high === null)
    return { low: null, high: null }
  const p1 = k1 / n1
  const p2 = k2 / n2
  const d = p1 - p2
  return {
    low: d - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2),
    high: d + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2),
  }
}
