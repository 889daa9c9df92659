// Descriptive statistics and Student-t intervals shared by every dimension of the decision.
import jStat from 'jstat'
import { mean } from '../../src-shared/run-rules'

/** Sample variance (n − 1); null below 2 values. */
export function sampleVariance(xs: readonly number[]): number | null {
  const m = mean(xs)
  if (m === null || xs.length < 2) return null
  let ss = 0
  for (const x of xs) ss += (x - m) ** 2
  return ss / (xs.length - 1)
}

/** Sample sd (n − 1); null below 2 values. */
export function sampleSd(xs: readonly number[]): number | null {
  const v = sampleVariance(xs)
  return v === null ? null : Math.sqrt(v)
}

/** t(p, dof) from jstat. */
export function tQuantile(p: number, dof: number): number {
  return jStat.studentt.inv(p, dof)
}

/** Standard normal cumulative distribution. */
export function normalCdf(z: number): number {
  return jStat.normal.cdf(z, 0, 1)
}

export interface TInterval {
  n: number
  mean: number | null
  sd: number | null
  tStar: number | null
  low: number | null
  high: number | null
}

/** mean ± t(1 − α/2, n − 1)·sd/√n; the bounds are null when n < 2. */
export function tInterval(xs: readonly number[], alpha: number): TInterval {
  const n = xs.length
  const m = mean(xs)
  const sd = sampleSd(xs)
  if (m === null || sd === null) return { n, mean: m, sd, tStar: null, low: null, high: null }
  const tStar = tQuantile(1 - alpha / 2, n - 1)
  const half = (tStar * sd) / Math.sqrt(n)
  return { n, mean: m, sd, tStar, low: m - half, high: m + half }
}

/** Quantile of sorted values by linear interpolation (Hyndman–Fan type 7, R's default). */
export function quantileSorted(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const below = sorted[lo] as number
  const above = sorted[Math.min(lo + 1, sorted.length - 1)] as number
  return below + (h - lo) * (above - below)
}
