// Listing and opening tasks (invariant 4): both only reconcile — runs stuck by a dead owner
// are unstuck — and never start an execution or an evaluation.
import type { RunRow, TaskRow } from '../db'
import { cachedTaskDecision, scopeRuns, taskDecision, taskRunCounts } from './task-decision'
import type { CalibrationSummary, OpenedTaskSummary, TaskSummary } from '../../src-shared/task-summary'
import { readStoredConfig } from '../../src-shared/stored-config'
import { maxRoundsOf } from '../../src-shared/task-config'
import type { AppContext } from './app-context'
import { calibrationFloor } from './calibration'
import { findTask } from './find-task'
import { reconcileTask } from './reconcile'

function summarize(ctx: AppContext, t: TaskRow): TaskSummary {
  return { ...counted(ctx, t), verdict: taskDecision(ctx.store, t).verdict }
}

function counted(ctx: AppContext, t: TaskRow): Omit<TaskSummary, 'verdict'> {
  return {
    id: t.id,
    name: t.taskName,
    skillName: t.skillName,
    skillVersion: t.skillVersion,
    status: t.status,
    ...taskRunCounts(ctx.store, t),
    reused: ctx.store.baselineLinks.savings(t.id),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }
}

/** A listed task as it stands once runs stuck by a dead owner are unstuck. */
function reconciled(ctx: AppContext, t: TaskRow): TaskRow {
  reconcileTask(ctx, t.id)
  return ctx.store.tasks.get(t.id) ?? t
}

/** Every task, newest first, each reconciled before it is read. */
export function listTasks(ctx: AppContext): TaskSummary[] {
  return ctx.store.tasks.list().map((t) => summarize(ctx, reconciled(ctx, t)))
}

/** Every A/A calibration (`run --calibrate`), newest first, reconciled, with the noise floor it measured. */
export function listCalibrations(ctx: AppContext): CalibrationSummary[] {
  return ctx.store.tasks.listKind('calibration').map((t) => {
    const task = reconciled(ctx, t)
    return { ...counted(ctx, task), floor: calibrationFloor(ctx.store, task) }
  })
}

/**
 * One task (id, or a unique name) with the runs its decision counts, reconciled first. The verdict only
 * when it is already decided: at 5,000 runs deciding takes longer than showing the runs, so the caller
 * sends it later. With `firstCases`, only the runs of the first cases (`complete` false when there are more):
 * a screenful a view can show before it asks for the rest. Also the task's case order (dataset order).
 */
export function openTask(
  ctx: AppContext,
  ref: string,
  opts: { firstCases?: number } = {},
): { task: OpenedTaskSummary; runs: RunRow[]; caseOrder: string[]; complete: boolean } {
  const found = findTask(ctx.store, ref)
  // A first screenful unsticks runs but leaves filling back judged failures (a query per failure) to the
  // whole task's answer that follows it.
  reconcileTask(ctx, found.id, { fillBack: opts.firstCases === undefined })
  const task = ctx.store.tasks.get(found.id) ?? found
  const { runs, caseOrder, complete } = scopeRuns(
    ctx.store,
    task,
    maxRoundsOf(readStoredConfig(task.configJson)),
    opts,
  )
  const verdict = cachedTaskDecision(ctx.store, task)?.verdict ?? null
  return { task: { ...counted(ctx, task), verdict }, runs, caseOrder, complete }
}
