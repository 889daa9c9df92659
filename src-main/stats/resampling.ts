// Distribution-free companions of the capability t-interval: a seeded case bootstrap and an exact sign test.
import jStat from 'jstat'
import type { SignTest } from '../../src-shared/decision'
import { mulberry32 } from './prng'
import { quantileSorted } from './summary'

export const BOOTSTRAP_RESAMPLES = 2000

/**
 * Percentile bootstrap interval of the mean: resample the cases with replacement `resamples` times
 * (a PRNG seeded with `seed`), take the α/2 and 1 − α/2 quantiles of the resampled means. Null when n < 2.
 */
export function bootstrapMeanCi(
  xs: readonly number[],
  alpha: number,
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): { low: number; high: number } | null {
  const n = xs.length
  if (n < 2) return null
  const rng = mulberry32(seed)
  const means = new Float64Array(resamples)
  for (let b = 0; b < resamples; b++) {
    let sum = 0
    for (let i = 0; i < n; i++) sum += xs[Math.floor(rng() * n)] as number
    means[b] = sum / n
  }
  means.sort()
  const sorted = Array.from(means)
  return { low: quantileSorted(sorted, alpha / 2), high: quantileSorted(sorted, 1 - alpha / 2) }
}

/** Exact two-sided sign test: ties (d = 0) dropped, p = min(1, 2·P(X ≤ min(pos, neg))), X ~ Bin(m, ½). */
export function signTest(xs: readonly number[]): SignTest {
  let positive = 0
  let negative = 0
  let ties = 0
  for (const x of xs) {
    if (x > 0) positive++
    else if (x < 0) negative++
    else ties++
  }
  const m = positive + negative
  if (m === 0) return { positive, negative, ties, pValue: null }
  const k = Math.min(positive, negative)
  let tail = 0
  for (let i = 0; i <= k; i++) tail += Math.exp(jStat.combinationln(m, i) - m * Math.LN2)
  return { positive, negative, ties, pValue: Math.min(1, 2 * tail) }
}
