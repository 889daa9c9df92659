// tasks.*: list, open, decide, spend, noise floor, validate, estimate, create, start, calibrate, cancel, delete,
// export.
import type { TaskRow } from '../db'
import { scopedTaskSpend, taskDecision } from '../services/task-decision'
import { parseTaskConfig } from '../inputs/load-config'
import { InputError } from '../inputs/errors'
import { estimateRun } from '../services/task-estimate'
import { calibrationConfig, floorForTask } from '../services/calibration'
import { describeInstance } from '../services/app-context'
import { exportTask } from '../services/export-task'
import { listTasks, openTask } from '../services/list-tasks'
import { sourceChanges } from '../services/source-changes'
import type { HostDeps } from './deps'
import { validateConfig } from './input-handlers'
import { startRun, startStored } from './run-job'
import { isDemoTask, runView, taskDetail } from './views'
import { UserError } from '../../src-shared/user-error'

export function mustTask(d: HostDeps, taskId: string): TaskRow {
  const task = d.ctx.store.tasks.get(taskId)
  if (!task) throw new UserError('not_found', `no A/B task ${taskId} (it may have been deleted)`)
  return task
}

/** Refuses when another live process owns the task (its CLI run, another app window). */
export function refuseForeignOwner(d: HostDeps, task: TaskRow, doing: string): void {
  const owner = task.ownerInstanceId
  if (owner && owner !== d.ctx.instance.id && !d.ctx.isInstanceDead(owner))
    throw new UserError(
      'busy',
      `cannot ${doing}: task "${task.taskName}" is being run by another Skill A/B process (${describeInstance(d.ctx, owner)}); stop it there first`,
    )
}

export function taskHandlers(d: HostDeps) {
  const { ctx, jobs } = d
  return {
    'tasks.list': () => listTasks(ctx),
    'tasks.get': ({ taskId, firstCases }: { taskId: string; firstCases?: number }) => {
      const seq = d.patches.watermark
      const opened = openTask(ctx, mustTask(d, taskId).id, firstCases === undefined ? {} : { firstCases })
      const row = mustTask(d, opened.task.id)
      const reply = {
        task: taskDetail(row, opened.task, opened.caseOrder, {
          busy: jobs.busy(row.id),
          message: jobs.message(row.id),
          startup: d.startups.get(row.id),
        }),
        runs: opened.runs.map(runView),
        complete: opened.complete,
        seq,
      }
      // Not decided yet: the runs go out first, the verdict follows in a task patch (a patch that names the
      // status carries the verdict, even while a job runs). After a first screenful, it waits for the whole
      // task's answer (the view asks for it next): deciding would hold back the page's first paint.
      if (opened.task.verdict === null && opened.complete) d.patches.touchTask(row.id, { status: row.status })
      return reply
    },
    'tasks.decision': ({ taskId }: { taskId: string }) => taskDecision(ctx.store, mustTask(d, taskId)),
    'tasks.spend': ({ taskId }: { taskId: string }) => scopedTaskSpend(ctx.store, mustTask(d, taskId)),
    'tasks.noiseFloor': ({ taskId }: { taskId: string }) => floorForTask(ctx.store, mustTask(d, taskId)),
    'tasks.calibrate': ({ taskId }: { taskId: string }) => {
      const task = mustTask(d, taskId)
      if (task.kind !== 'ab') throw new UserError('input', 'only an A/B task has a baseline to calibrate')
      // The stored config (paths absolute): the baseline as it is now, against itself.
      const loaded = parseTaskConfig(JSON.parse(task.configJson), null, { env: ctx.env })
      return startRun(d, calibrationConfig(loaded), 'calibration')
    },
    'tasks.sourceChanges': ({ taskId }: { taskId: string }) => ({
      changes: sourceChanges(ctx.store, mustTask(d, taskId)),
    }),
    'tasks.validate': ({ config }: { config?: unknown }) => validateConfig(config, ctx),
    'tasks.estimate': async ({ config }: { config?: unknown }) => {
      let loaded
      try {
        loaded = parseTaskConfig(config, null, { env: ctx.env })
      } catch (err) {
        if (err instanceof InputError) return null // the form shows the problems (tasks.validate)
        throw err
      }
      return estimateRun(ctx, loaded).catch((err: unknown) => {
        if (err instanceof InputError) return null // e.g. the dataset cannot be read: the form says so
        throw err
      })
    },
    'tasks.create': ({ config }: { config?: unknown }) =>
      startRun(d, parseTaskConfig(config, null, { env: ctx.env })),
    'tasks.start': async ({ taskId }: { taskId: string }) => {
      const task = mustTask(d, taskId)
      refuseForeignOwner(d, task, 'start it')
      if (isDemoTask(task)) await d.demo.ensure()
      return startStored(d, task.id)
    },
    'tasks.cancel': async ({ taskId }: { taskId: string }) => {
      const task = mustTask(d, taskId)
      if (!(await jobs.cancel(taskId))) refuseForeignOwner(d, task, 'cancel it here')
      return { ok: true as const }
    },
    'tasks.delete': ({ taskId }: { taskId: string }) => {
      const task = mustTask(d, taskId)
      if (jobs.busy(taskId))
        throw new UserError('busy', `task "${task.taskName}" is running: cancel it first`)
      refuseForeignOwner(d, task, 'delete it')
      ctx.store.tasks.delete(taskId)
      d.patches.touchTask(taskId, { removed: true })
      return { ok: true as const }
    },
    'tasks.export': ({ taskId, full }: { taskId: string; full?: boolean }) =>
      exportTask(ctx, mustTask(d, taskId).id, ctx.env, { full }),
  }
}
