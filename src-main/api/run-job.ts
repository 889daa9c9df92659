// Starting a task's execution in the background: a config (create, or resume the task it names) or a
// stored task (start, continue, re-run: from its stored inputs). Answers once the task's runs exist (or
// with the error that stopped it before), while the job goes on and reports through patches.
import type { TaskKind } from '../db'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { continueTask } from '../services/continue-task'
import { checkRun, runChecked } from '../services/run-task'
import { budgetStopText, type BudgetStop } from '../services/budget'
import type { RunMode } from '../../src-shared/run-mode'
import type { HostDeps } from './deps'
import { jobBusy } from './jobs'

/**
 * Creates (or resumes) the task a config describes and runs it (`kind` 'calibration': a calibration config).
 * The task is found once, before the job starts: the job is keyed by its id (a new task's is chosen now).
 */
export function startRun(
  d: HostDeps,
  loaded: LoadedTaskConfig,
  kind: TaskKind = 'ab',
): Promise<{ taskId: string }> {
  const checked = checkRun(d.ctx, loaded, {
    kind,
    onFound: (task) => {
      if (d.jobs.busy(task.id)) throw jobBusy('run')
    },
  })
  // Not busy (`onFound` said so, or the task is new): the job starts, and releases the checked inputs.
  return inBackground(d, checked.taskId, (signal, onPrepared) =>
    runChecked(d.ctx, loaded, checked, { signal, onPrepared: (p) => onPrepared(p.task.id), kind }),
  )
}

/** Runs a stored task as `mode` says, from its stored snapshot, cases and config (never the live folders). */
export function startStored(d: HostDeps, taskId: string, mode?: RunMode): Promise<{ taskId: string }> {
  if (d.jobs.busy(taskId)) throw jobBusy('run')
  return inBackground(d, taskId, (signal, onPrepared) =>
    continueTask(d.ctx, taskId, mode, { signal, onPrepared: (p) => onPrepared(p.task.id) }),
  )
}

function inBackground(
  d: HostDeps,
  key: string,
  work: (signal: AbortSignal, onPrepared: (taskId: string) => void) => Promise<{ budget: BudgetStop | null }>,
): Promise<{ taskId: string }> {
  return new Promise((resolve, reject) => {
    let prepared = false
    d.jobs.start(key, 'run', async (signal) => {
      let result: { budget: BudgetStop | null }
      try {
        result = await work(signal, (taskId) => {
          prepared = true
          d.patches.touchTask(taskId)
          resolve({ taskId })
        })
      } catch (err) {
        if (!prepared) reject(err)
        throw err
      }
      // Stopped by the budget: the task's message says so and how to continue (docs/decision.md "Budget").
      if (result.budget) throw new Error(budgetStopText(result.budget).trim())
    })
  })
}
