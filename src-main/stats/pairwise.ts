// Pairwise judgement over cases: per case the sign of b's wins − losses over its rounds, then an exact
// two-sided sign test over cases (ties dropped). A round whose run failed in a way the agent under test is
// answerable for is decided by that failure; too few cases with a verdict leave it inconclusive.
import type { PairwiseCase, PairwiseDecision, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import type { DimensionResult } from './capability'
import type { CaseRuns } from './cases'
import { failureKind } from './failures'
import { pValue, plain, share } from './format'
import { signTest } from './resampling'
import type { ExperimentRun, PairwiseOutcome } from './types'
import { plural } from '../../src-shared/plural'

export const PAIRWISE_FORMULA =
  'per comparison (case × round, both orders judged): b wins, loses, or ties (a winner that flips with the order is a tie); ' +
  'with failedRunScore 0, a round whose run failed attributably (timeout, crash, agent error) on one side and completed on ' +
  'the other is lost by the failed side, and a tie when both failed; ' +
  'case result = sign(wins − losses) over its rounds; exact two-sided sign test over cases, ties dropped; ' +
  'pass if p < α with b ahead; reject if p < α with a ahead; inconclusive unless ≥ 80% of the cases have a verdict'

/** What the experiment holds besides the judge's outcomes. */
export interface PairwiseExperiment {
  /** R: outcomes and runs of later rounds are ignored; default all. */
  rounds?: number
  /** Every case of the experiment with its runs: failed rounds are decided from them, coverage counts them. */
  cases?: readonly CaseRuns[]
}

type Decided = PairwiseOutcome & { byFailure?: boolean }

const key = (caseId: string, round: number): string => JSON.stringify([caseId, round])

/**
 * The rounds decided by a failure (only when failed runs score 0): one side's run failed attributably and
 * the other's completed → the completed side wins; both failed attributably → a tie. A failure that is not
 * the agent's (provider error, launch failure, interruption, cancel), a pending or a missing run decides nothing.
 */
function failureOutcomes(cases: readonly CaseRuns[], rounds: number | undefined): Decided[] {
  const out: Decided[] = []
  for (const c of cases) {
    const b = new Map<number, ExperimentRun>(c.b.runs.map((r) => [r.round, r]))
    for (const a of c.a.runs) {
      const other = b.get(a.round)
      if (!other || (rounds !== undefined && a.round > rounds)) continue
      const kindA = failureKind(a)
      const kindB = failureKind(other)
      const winner =
        kindA === 'failed' && kindB === 'failed'
          ? 'tie'
          : kindA === 'failed' && kindB === 'completed'
            ? 'b'
            : kindB === 'failed' && kindA === 'completed'
              ? 'a'
              : null
      if (winner) out.push({ caseId: c.caseId, round: a.round, winner, byFailure: true })
    }
  }
  return out
}

/**
 * One outcome per (case, round): a later entry replaces an earlier one; rounds above `rounds` are ignored;
 * a round decided by a failure replaces the judge's (a failed run has no answer to compare). A null
 * winner (no verdict) is left out; a case with no verdict at all is not a case of the test.
 */
export function pairwise(
  outcomes: readonly PairwiseOutcome[],
  policy: Policy,
  experiment: PairwiseExperiment = {},
): DimensionResult<PairwiseDecision> {
  const { alpha } = policy
  const { rounds, cases = [] } = experiment
  const latest = new Map<string, Decided>()
  const allCases = new Set(cases.map((c) => c.caseId))
  for (const o of outcomes) {
    if (rounds !== undefined && o.round > rounds) continue
    latest.set(key(o.caseId, o.round), o)
    allCases.add(o.caseId)
  }
  if (policy.failedRunScore === 0)
    for (const o of failureOutcomes(cases, rounds)) latest.set(key(o.caseId, o.round), o)
  const byCase = new Map<string, PairwiseCase>()
  let comparisons = 0
  let flipped = 0
  let decidedByFailure = 0
  for (const o of latest.values()) {
    if (o.winner === null) continue
    if (o.byFailure) decidedByFailure++
    else comparisons++
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
  const total = allCases.size
  // The same rule as the decision's coverage: checked as 5·n ≥ 4·total.
  const covered = total > 0 && perCase.length * 5 >= total * 4
  const sign = signTest(perCase.map((c) => c.wins - c.losses))
  const wins = sign.positive
  const losses = sign.negative
  let verdict: Verdict = 'inconclusive'
  if (covered && sign.pValue !== null && sign.pValue < alpha && wins !== losses)
    verdict = wins > losses ? 'pass' : 'reject'
  const decision: PairwiseDecision = {
    verdict,
    wins,
    losses,
    ties: sign.ties,
    pValue: sign.pValue,
    n: perCase.length,
    total,
    comparisons,
    flipped,
    positionConsistency: comparisons ? (comparisons - flipped) / comparisons : null,
    decidedByFailure,
    alpha,
    formula: PAIRWISE_FORMULA,
    perCase,
  }
  return { decision, reasons: [`pairwise: ${verdict} — ${why(decision, covered)}`] }
}

function why(d: PairwiseDecision, covered: boolean): string {
  if (d.n === 0) return 'no comparison has a verdict yet'
  const p = d.pValue === null ? 'no p-value (every case tied)' : `p = ${pValue(d.pValue)}`
  const rule =
    d.pValue === null
      ? ''
      : d.pValue < d.alpha
        ? ` < α ${plain(d.alpha)}, ${d.wins > d.losses ? 'b' : 'a'} ahead`
        : ` ≥ α ${plain(d.alpha)}`
  const flips = d.flipped ? `, ${d.flipped} flipped with the order (counted as ties)` : ''
  const failures = d.decidedByFailure
    ? `; ${plural(d.decidedByFailure ?? 0, 'round')} decided by a failure: a side whose run failed (timeout, crash, agent error) ` +
      'loses to one that completed, both failed is a tie'
    : ''
  const test =
    `b won ${plural(d.wins, 'case')}, lost ${d.losses}, tied ${d.ties} (${plural(d.comparisons, 'comparison')}${flips}${failures}); ` +
    `two-sided exact sign test ${p}${rule}`
  if (covered) return test
  const total = d.total ?? d.n
  return (
    `only ${share(d.n, total, 'cases')} have a verdict; at least ${Math.ceil((total * 4) / 5)} needed (80%), ` +
    `whatever the sign test says: ${test}`
  )
}
