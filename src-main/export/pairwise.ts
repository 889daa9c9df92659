// The pairwise judge's stored comparisons as the decision's input (PairwiseOutcome[]) and as the export's
// `pairwise` list. A task without a pairwise evaluator has neither (undefined / null).
import type { RunRow, Store, TaskRow } from '../db'
import { comparisonsOf, outcomeOf, type Comparison } from '../engine/pairwise-comparisons'
import type { EvaluatorSpec } from '../judge/evaluators'
import { pairwiseEvaluatorOf } from '../judge/task-evaluators'
import { swapped } from '../judge/pairwise-outcome'
import type { PairwiseOutcome } from '../stats/types'
import type { ExportPairwiseComparison } from '../../src-shared/export'

/** The task's pairwise evaluator; null when it has none, or its stored config cannot be read (still exported). */
function pairwiseEvaluator(task: TaskRow): EvaluatorSpec | null {
  try {
    return pairwiseEvaluatorOf(task)
  } catch {
    return null
  }
}

/** The task's comparisons over `runs` (the runs the experiment is made of); null without an evaluator. */
function comparisons(
  store: Store,
  task: TaskRow,
  runs: readonly RunRow[],
): { evaluator: EvaluatorSpec; list: Comparison[] } | null {
  const evaluator = pairwiseEvaluator(task)
  if (!evaluator) return null
  const rows = store.pairwiseResults.listByTask(task.id)
  return { evaluator, list: comparisonsOf(task.id, runs, rows, evaluator) }
}

/**
 * One outcome per case and round of `runs` whose a and b runs both executed: the consolidated winner of the
 * two order-swapped judgements (null while one is missing or failed). undefined: no pairwise evaluator.
 */
export function pairwiseOutcomesOf(
  store: Store,
  task: TaskRow,
  runs: readonly RunRow[],
): PairwiseOutcome[] | undefined {
  return comparisons(store, task, runs)?.list.map((c) => {
    const { winner, flipped } = outcomeOf(c)
    return { caseId: c.caseKey, round: c.round, winner, flipped }
  })
}

/** The export's `pairwise` list: per comparison its outcome and the judgement of each order. */
export function pairwiseEntries(
  store: Store,
  task: TaskRow,
  runs: readonly RunRow[],
): ExportPairwiseComparison[] | null {
  const found = comparisons(store, task, runs)
  if (!found) return null
  return found.list.map((c) => {
    const { winner, flipped } = outcomeOf(c)
    const judgements = [c.first, swapped(c.first)].flatMap((order) => {
      const j = c.judgements[order]
      if (!j) return []
      return [
        {
          order,
          status: j.status,
          winnerResponse: j.winnerResponse,
          winner: j.winnerSide,
          reason: j.reason,
          error: j.error,
          createdAt: j.createdAt,
        },
      ]
    })
    return {
      caseId: c.caseKey,
      round: c.round,
      evaluatorId: found.evaluator.id,
      runIdA: c.a.id,
      runIdB: c.b.id,
      winner,
      flipped,
      judgements,
    }
  })
}
