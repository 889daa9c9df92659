// A task's spend (docs/decision.md "Spend"): the runs of its scope and every judgement stored for it.
import type { RunRow, Store, TaskRow } from '../../db'
import { taskSpendOf, type SpendRun } from '../../stats/spend'
import type { Spend } from '../../../src-shared/spend'

/** Execution time of a run's latest attempt: started → executed, or → finished when it failed before. */
function attemptMs(run: RunRow): number | null {
  const end = run.executedAt ?? run.finishedAt
  if (!run.startedAt || !end) return null
  const ms = Date.parse(end) - Date.parse(run.startedAt)
  return Number.isFinite(ms) && ms >= 0 ? ms : null
}

export function toSpendRun(run: RunRow): SpendRun {
  return {
    side: run.side,
    started: run.startedAt !== null,
    tokens: run.tokens,
    costUsd: run.costUsd,
    durationMs: attemptMs(run),
  }
}

/**
 * The spend of `runs` (the task's scope: services/task-decision) and of every judgement of the task. A run
 * linked to another task's execution (baseline reuse) was paid for there, not here.
 */
export function taskSpend(store: Store, task: TaskRow, runs: readonly RunRow[]): Spend {
  const paidHere = runs.filter((r) => r.reusedFrom === null)
  return taskSpendOf(paidHere.map(toSpendRun), [
    ...store.evalResults.judgeCostsByTask(task.id),
    ...store.pairwiseResults.judgeCostsByTask(task.id),
    // The judge's noise, measured on stored runs (reevaluate --repeat): judged, and paid for, here.
    ...store.judgeRepeats.judgeCostsByTask(task.id),
  ])
}
