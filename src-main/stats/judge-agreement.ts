// Judge agreement: every human correction is a label for the judge's score of the same execution and
// evaluator. Per evaluator: how many labels have a judge score (n), the mean absolute difference judge −
// human, the share within 10 points, and Spearman's rank correlation once there are 5 pairs. Pure.
import type { JudgeAgreement } from '../../src-shared/export'

export interface AgreementPair {
  evaluatorId: string
  /** The human's score (the correction), 0–100. */
  human: number
  /** The judge's score for the same execution, 0–100; null when the judge has none (not counted). */
  judge: number | null
}

/** Spearman is shown from this many pairs on (fewer ranks say little). */
export const SPEARMAN_MIN_N = 5
/** "Close enough": judge and human at most this many points apart. */
export const WITHIN_POINTS = 10

/** 1-based ranks; tied values share the mean of the ranks they span. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((x, y) => x[0] - y[0])
  const ranks = new Array<number>(values.length)
  for (let start = 0; start < order.length;) {
    let end = start
    while (end + 1 < order.length && order[end + 1]?.[0] === order[start]?.[0]) end += 1
    const rank = (start + end) / 2 + 1
    for (let k = start; k <= end; k++) ranks[(order[k] as readonly [number, number])[1]] = rank
    start = end + 1
  }
  return ranks
}

function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length
  const mx = x.reduce((s, v) => s + v, 0) / n
  const my = y.reduce((s, v) => s + v, 0) / n
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx
    const dy = (y[i] as number) - my
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  // A side whose scores are all equal has no order to agree with.
  if (sxx === 0 || syy === 0) return null
  return sxy / Math.sqrt(sxx * syy)
}

/** Spearman's rho: Pearson's correlation of the average ranks. null below 5 pairs or without variation. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < SPEARMAN_MIN_N) return null
  return pearson(averageRanks(x), averageRanks(y))
}

const round = (n: number, digits: number): number => {
  const f = 10 ** digits
  return Math.round(n * f) / f
}

/** Agreement of one evaluator's judge with its human labels. */
export function agreementOf(evaluatorId: string, pairs: readonly AgreementPair[]): JudgeAgreement {
  const scored = pairs.filter(
    (p): p is AgreementPair & { judge: number } =>
      p.judge !== null && Number.isFinite(p.judge) && Number.isFinite(p.human),
  )
  const n = scored.length
  if (n === 0) return { evaluatorId, n: 0, meanAbsDiff: null, meanDiff: null, within10: null, spearman: null }
  const diffs = scored.map((p) => p.judge - p.human)
  const rho = spearman(
    scored.map((p) => p.judge),
    scored.map((p) => p.human),
  )
  return {
    evaluatorId,
    n,
    meanAbsDiff: round(diffs.reduce((s, d) => s + Math.abs(d), 0) / n, 2),
    meanDiff: round(diffs.reduce((s, d) => s + d, 0) / n, 2),
    within10: round(diffs.filter((d) => Math.abs(d) <= WITHIN_POINTS).length / n, 4),
    spearman: rho === null ? null : round(rho, 4),
  }
}

/**
 * One entry per evaluator that has a label, plus every id in `include` (n 0 when it has none), sorted by
 * evaluator id.
 */
export function judgeAgreement(
  pairs: readonly AgreementPair[],
  include: readonly string[] = [],
): JudgeAgreement[] {
  const ids = [...new Set([...include, ...pairs.map((p) => p.evaluatorId)])].sort()
  return ids.map((id) =>
    agreementOf(
      id,
      pairs.filter((p) => p.evaluatorId === id),
    ),
  )
}
