// A task's pairwise comparisons: per case and round, the a run and the b run, the seeded order of the
// first judgement, and the judgement that counts per order — the latest stored one made for the two runs'
// current sessions (a re-executed run has a new session, so its old comparisons no longer count).
import { hasExecuted } from '../../src-shared/run-rules'
import type { PairwiseResultRow, RunRow } from '../db'
import type { EvaluatorSpec } from '../judge/evaluators'
import {
  consolidate,
  firstOrder,
  type ConsolidatedOutcome,
  type ResponseOrder,
} from '../judge/pairwise-outcome'
import { evaluatorVersionNumber } from './trace-results'

export interface Comparison {
  caseKey: string
  round: number
  a: RunRow
  b: RunRow
  /** The order of the first judgement (seeded by task, case and round); the second is the swap. */
  first: ResponseOrder
  /** The judgement that counts per order; null when there is none for these sessions. */
  judgements: Record<ResponseOrder, PairwiseResultRow | null>
}

/**
 * A run whose execution completed, with its session: the judge can look at it. Not one the tamper screen
 * failed: the judge never reads it, and its round is decided by that failure.
 */
export function isComparable(run: RunRow): boolean {
  return run.sessionId !== null && hasExecuted(run) && run.failureType !== 'judge_tampering'
}

/**
 * Every (case, round) of `runs` whose a and b runs both completed their execution, in the runs' order,
 * with the judgements of `evaluator` that count for their current sessions.
 */
export function comparisonsOf(
  taskId: string,
  runs: readonly RunRow[],
  rows: readonly PairwiseResultRow[],
  evaluator: Pick<EvaluatorSpec, 'id' | 'version'>,
): Comparison[] {
  const pairs = new Map<string, { a?: RunRow; b?: RunRow }>()
  for (const run of runs) {
    const key = `${run.caseKey}\0${run.round}`
    const pair = pairs.get(key) ?? {}
    pair[run.side] = run
    pairs.set(key, pair)
  }
  const version = evaluatorVersionNumber(evaluator)
  const out: Comparison[] = []
  for (const { a, b } of pairs.values()) {
    if (!a || !b || !isComparable(a) || !isComparable(b)) continue
    const mine = rows.filter(
      (r) =>
        r.caseKey === a.caseKey &&
        r.round === a.round &&
        r.evaluatorId === evaluator.id &&
        r.evaluatorVersion === version &&
        r.runIdA === a.id &&
        r.sessionIdA === a.sessionId &&
        r.runIdB === b.id &&
        r.sessionIdB === b.sessionId,
    )
    const latest = (order: ResponseOrder): PairwiseResultRow | null =>
      mine
        .filter((r) => r.order === order)
        .reduce<PairwiseResultRow | null>((best, r) => (best === null || r.seq > best.seq ? r : best), null)
    out.push({
      caseKey: a.caseKey,
      round: a.round,
      a,
      b,
      first: firstOrder(taskId, a.caseKey, a.round),
      judgements: { ab: latest('ab'), ba: latest('ba') },
    })
  }
  return out
}

/** The comparison's outcome from its two current judgements (no verdict while one is missing or failed). */
export function outcomeOf(c: Comparison): ConsolidatedOutcome {
  const { ab, ba } = c.judgements
  return consolidate(ab, ba)
}
