// Starting a task's execution in the background: a config (create, or resume the task it names) or a
// stored task (start, continue, re-run: from its stored inputs). Answers once the task's runs exist (or
// with the error that stopped it before), while the job goes on and reports through patches.
import { randomUUID } from 'node:crypto'
import type { TaskKind } from '../db'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { withInspected } from '../inputs/skill-source'
import { snapshotOf } from '../inputs/skill-snapshot'
import { continueTask } from '../services/continue-task'
import { runTask } from '../services/run-task'
import { budgetStopText, type BudgetStop } from '../services/budget'
import { findTaskOf } from '../services/task-identity'
import type { RunMode } from '../../src-shared/run-mode'
import { PROVISIONAL_PREFIX, type HostDeps } from './deps'
import { JobBusyError } from './jobs'

/** The id of the existing task a config resumes, if any, without writing anything. */
function existingTaskId(d: HostDeps, loaded: LoadedTaskConfig): string | null {
  const given = loaded.config.skill.label
  const skill = withInspected(loaded.resolved.skill, (checked) =>
    snapshotOf(checked, d.ctx.store.dataDir, { label: given }),
  )
  const task = findTaskOf(d.ctx.store, loaded.config.name, skill, given !== undefined)
  return task?.id ?? null
}

/** Creates (or resumes) the task a config describes and runs it (`kind` 'calibration': a calibration config). */
export function startRun(
  d: HostDeps,
  loaded: LoadedTaskConfig,
  kind: TaskKind = 'ab',
): Promise<{ taskId: string }> {
  const known = existingTaskId(d, loaded)
  if (known && d.jobs.busy(known)) throw new JobBusyError('run')
  // A task not created yet runs under a provisional key until it has its id.
  const key = known ?? `${PROVISIONAL_PREFIX}${randomUUID()}`
  return inBackground(d, key, (signal, onPrepared) =>
    runTask(d.ctx, loaded, { signal, onPrepared: (p) => onPrepared(p.task.id), kind }),
  )
}

/** Runs a stored task as `mode` says, from its stored snapshot, cases and config (never the live folders). */
export function startStored(d: HostDeps, taskId: string, mode?: RunMode): Promise<{ taskId: string }> {
  if (d.jobs.busy(taskId)) throw new JobBusyError('run')
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
          if (taskId !== key) d.jobs.rekey(key, taskId)
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
