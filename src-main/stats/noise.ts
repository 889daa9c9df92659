// Splits the per-case variance of d into between-case variance and within-case (round) noise.
import type { CaseRuns } from './cases'
import { sampleVariance } from './summary'

export interface VarianceParts {
  /** Var(d): sample variance of the per-case differences (null when n < 2). */
  total: number | null
  /** Share of Var(d) due to round noise at the observed rounds, in [0, 1]; null when not estimable. */
  withinShare: number | null
  between: number | null
  within: number | null
}

/** Pooled within-case variance of one side's round scores: Σ(r_i − 1)s_i² / Σ(r_i − 1). */
function pooledWithin(sides: readonly number[][]): number | null {
  let ss = 0
  let df = 0
  for (const scores of sides) {
    const v = sampleVariance(scores)
    if (v === null) continue
    ss += v * (scores.length - 1)
    df += scores.length - 1
  }
  return df > 0 ? ss / df : null
}

/**
 * w_S = pooled within-case variance of side S (a side without any estimate borrows the other's);
 * W = mean_i (w_A / r_Ai + w_B / r_Bi) is the round noise inside Var(d); withinShare = min(1, W / Var(d)).
 */
export function varianceParts(cases: readonly CaseRuns[], diffs: readonly number[]): VarianceParts {
  const total = sampleVariance(diffs)
  const wA = pooledWithin(cases.map((c) => c.a.scores))
  const wB = pooledWithin(cases.map((c) => c.b.scores))
  if (total === null || (wA === null && wB === null))
    return { total, withinShare: null, between: null, within: null }
  const a = wA ?? (wB as number)
  const b = wB ?? (wA as number)
  let W = 0
  for (const c of cases) W += a / c.a.scores.length + b / c.b.scores.length
  W /= cases.length
  const withinShare = total > 0 ? Math.min(1, W / total) : W > 0 ? 1 : 0
  return { total, withinShare, between: (1 - withinShare) * total, within: withinShare * total }
}
