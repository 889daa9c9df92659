// The pairwise judge's stored comparisons as the decision's input (PairwiseOutcome[]) and as the export's
// `pairwise` list. A task without a pairwise evaluator has neither (undefined / null).
import type { RunRow, Store, TaskRow } from '../db'
import { comparisonsOf, outcomeOf, type Comparison } from '../engine/pairwise-comparisons'
import { pairwiseEvaluators, resolveEvaluators, type EvaluatorSpec } from '../judge/evaluators'
import { swapped } from '../judge/pairwise-outcome'
import type { PairwiseOutcome } from '../stats/types'
import type { ExportPairwiseComparison } from '../../src-shared/export'
import type { TaskConfig } from '../../src-shared/task-config'

/** The task's pairwise evaluator from its stored config; null when it has none (or the config is unreadable). */
function pairwiseEvaluator(task: TaskRow): EvaluatorSpec | null {
  try {
    const refs = (JSON.parse(task.configJson) as Partial<TaskConfig> | null)?.evaluators
    if (!Array.isArray(refs)) return null
    return pairwiseEvaluators(resolveEvaluators(refs))[0] ?? null
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
