// Pairwise judgement over cases: per case the sign of b's wins − losses over its rounds, then an exact
// two-sided sign test over cases (ties dropped).
import type { PairwiseCase, PairwiseDecision, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import type { DimensionResult } from './capability'
import { count, pValue, plain } from './format'
import { signTest } from './resampling'
import type { PairwiseOutcome } from './types'

export const PAIRWISE_FORMULA =
  'per comparison (case × round, both orders judged): b wins, loses, or ties (a winner that flips with the order is a tie); ' +
  'case result = sign(wins − losses) over its rounds; exact two-sided sign test over cases, ties dropped; ' +
  'pass if p < α with b ahead; reject if p < α with a ahead'

/**
 * One outcome per (case, round): a later entry replaces an earlier one; rounds above `rounds` are ignored.
 * A null winner (no verdict) is left out; a case with no verdict at all is not a case of the test.
 */
export function pairwise(
  outcomes: readonly PairwiseOutcome[],
  policy: Policy,
  rounds?: number,
): DimensionResult<PairwiseDecision> {
  const { alpha } = policy
  const latest = new Map<string, PairwiseOutcome>()
  for (const o of outcomes) {
    if (rounds !== undefined && o.round > rounds) continue
    latest.set(JSON.stringify([o.caseId, o.round]), o)
  }
  const byCase = new Map<string, PairwiseCase>()
  let comparisons = 0
  let flipped = 0
  for (const o of latest.values()) {
    if (o.winner === null) continue
    comparisons++
    if (o.flipped) flipped++
    const c = byCase.get(o.caseId) ?? { caseId: o.caseId, wins: 0, losses: 0, ties: 0, result: 'tie' }
    if (o.winner === 'b') c.wins++
    else if (o.winner === 'a') c.losses++
    else c.ties++
    byCase.set(o.caseId, c)
  }
  const perCase = [...byCase.values()]
    .sort((x, y) => (x.caseId < y.caseId ? -1 : x.caseId > y.caseId ? 1 : 0))
    .map((c): PairwiseCase => ({ ...c, result: c.wins > c.losses ? 'b' : c.wins < c.losses ? 'a' : 'tie' }))
  const sign = signTest(perCase.map((c) => c.wins - c.losses))
  const wins = sign.positive
  const losses = sign.negative
  let verdict: Verdict = 'inconclusive'
  if (sign.pValue !== null && sign.pValue < alpha && wins !== losses)
    verdict = wins > losses ? 'pass' : 'reject'
  const p = sign.pValue === null ? 'no p-value (every case tied)' : `p = ${pValue(sign.pValue)}`
  const rule =
    sign.pValue === null
      ? ''
      : sign.pValue < alpha
        ? ` < α ${plain(alpha)}, ${wins > losses ? 'b' : 'a'} ahead`
        : ` ≥ α ${plain(alpha)}`
  const flips = flipped ? `, ${flipped} flipped with the order (counted as ties)` : ''
  const decision: PairwiseDecision = {
    verdict,
    wins,
    losses,
    ties: sign.ties,
    pValue: sign.pValue,
    n: perCase.length,
    comparisons,
    flipped,
    alpha,
    formula: PAIRWISE_FORMULA,
    perCase,
  }
  const why =
    perCase.length === 0
      ? 'no comparison has a verdict yet'
      : `b won ${count(wins, 'case')}, lost ${losses}, tied ${sign.ties} (${count(comparisons, 'comparison')}${flips}); ` +
        `two-sided exact sign test ${p}${rule}`
  return { decision, reasons: [`pairwise: ${verdict} — ${why}`] }
}
