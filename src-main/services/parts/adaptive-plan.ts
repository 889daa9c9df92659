// Adaptive rounds in the app (docs/decision.md, "Adaptive rounds"): the task's persisted plan, the runs it
// asks for, and the look taken once every planned run is judged.
import type { PendingRun, Store, TaskRow } from '../../db'
import { toExperimentRun } from '../../export/run-entries'
import { startPlan, takeLook, type AdaptivePlan, type AdaptiveRounds } from '../../stats/adaptive-rounds'
import { scopeRuns, taskProgress } from '../task-decision'
import { readStoredConfig } from '../../../src-shared/stored-config'
import { maxRoundsOf } from '../../../src-shared/task-config'

/**
 * The plan a created or resumed task runs: the stored one (a crash or a resume continues it), else a new
 * one at `min` rounds. Cases new to the task join at `min`, and a stopped plan then looks again.
 */
export function planForCases(
  stored: AdaptivePlan | null,
  rounds: AdaptiveRounds,
  caseIds: readonly string[],
): AdaptivePlan {
  if (!stored) return startPlan(caseIds, rounds)
  const added = caseIds.filter((id) => stored.rounds[id] === undefined)
  if (!added.length) return stored
  const joined = Object.fromEntries(added.map((id) => [id, stored.min]))
  return { ...stored, rounds: { ...stored.rounds, ...joined }, stop: null }
}

/** The pending runs of the plan: rounds 1..R_i of each case, on each side. */
export function plannedRuns(
  plan: AdaptivePlan,
  cases: readonly { id: string; contentHash: string }[],
  sides: readonly ('a' | 'b')[],
): PendingRun[] {
  return cases.flatMap((c) =>
    Array.from({ length: plan.rounds[c.id] ?? plan.min }, (_, r) =>
      sides.map((side) => ({ caseKey: c.id, round: r + 1, side, caseHash: c.contentHash })),
    ).flat(),
  )
}

/**
 * After an execution: when the task has adaptive rounds, its plan is running and every planned run is
 * judged, one look (`takeLook`); the plan is stored and the rounds it adds are inserted as pending runs in
 * the same transaction. Returns the runs added (0: nothing more to execute).
 */
export function lookAfterExecution(store: Store, task: TaskRow): number {
  const config = readStoredConfig(task.configJson)
  if (!config.adaptiveRounds || task.kind !== 'ab') return 0
  const plan = store.adaptivePlans.get(task.id)
  if (!plan || plan.stop || !taskProgress(store, task).finished) return 0
  const { runs } = scopeRuns(store, task, maxRoundsOf(config))
  const baselineHasSkill = task.skillVersionAId !== null
  const next = takeLook(
    plan,
    runs.map((r) => toExperimentRun(r, baselineHasSkill)),
    config.policy,
  )
  const hashes = new Map(runs.map((r) => [r.caseKey, r.caseHash]))
  const grown = Object.keys(next.rounds).filter((id) => next.rounds[id] !== plan.rounds[id])
  const pending = grown.flatMap((id) =>
    (['a', 'b'] as const).map((side) => ({
      caseKey: id,
      round: next.rounds[id] as number,
      side,
      caseHash: hashes.get(id) ?? '',
    })),
  )
  return store.transaction(() => {
    store.adaptivePlans.put(task.id, next)
    return store.runs.insertPending(task.id, pending).length
  })
}
