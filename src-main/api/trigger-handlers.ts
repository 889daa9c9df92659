// triggers.*: list, open, create (and start probing), cancel (docs/triggers.md).
import type { Store, TriggerTaskRow } from '../db'
import { parseTriggerConfig } from '../inputs/load-trigger-config'
import { describeInstance } from '../services/app-context'
import { prepareTriggers } from '../services/prepare-triggers'
import { deleteTriggerTask, probeTask, triggerReport } from '../services/run-triggers'
import type { TriggerConfig } from '../../src-shared/trigger-config'
import type { TriggerDetail, TriggerTaskView } from '../../src-shared/trigger-views'
import { UserError } from '../../src-shared/user-error'
import type { HostDeps } from './deps'

function view(d: HostDeps, task: TriggerTaskRow): TriggerTaskView {
  const store: Store = d.ctx.store
  const config = JSON.parse(task.configJson) as TriggerConfig
  const label = (id: string | null) => (id ? (store.skillVersions.get(id)?.label ?? null) : null)
  return {
    id: task.id,
    name: task.name,
    status: task.status,
    skillName: store.skillVersions.get(task.skillVersionBId)?.skillName ?? '',
    labels: { a: label(task.skillVersionAId), b: label(task.skillVersionBId) ?? '' },
    queries: task.queries.length,
    rounds: config.rounds,
    competing: task.competing.map((c) => c.name),
    busy: d.jobs.busy(task.id),
    message: d.jobs.message(task.id) ?? task.message,
    createdAt: task.createdAt,
  }
}

function mustTrigger(d: HostDeps, taskId: string): TriggerTaskRow {
  const task = d.ctx.store.triggerTasks.get(taskId)
  if (!task) throw new UserError('not_found', `no trigger task ${taskId}`)
  return task
}

function refuseForeignOwner(d: HostDeps, task: TriggerTaskRow, doing: string): void {
  const owner = task.ownerInstanceId
  if (owner && owner !== d.ctx.instance.id && !d.ctx.isInstanceDead(owner))
    throw new UserError(
      'busy',
      `cannot ${doing}: trigger task "${task.name}" is being probed by another Skill A/B process (${describeInstance(d.ctx, owner)})`,
    )
}

export function triggerHandlers(d: HostDeps) {
  const { ctx, jobs } = d
  return {
    'triggers.list': () => ctx.store.triggerTasks.list().map((t) => view(d, t)),
    'triggers.get': ({ taskId }: { taskId: string }): TriggerDetail => {
      const task = mustTrigger(d, taskId)
      return { task: view(d, task), report: triggerReport(ctx.store, task) }
    },
    'triggers.create': ({ config }: { config?: unknown }) => {
      const loaded = parseTriggerConfig(config, null, { env: ctx.env })
      const { task } = prepareTriggers(ctx.store, loaded)
      refuseForeignOwner(d, task, 'start it')
      if (!jobs.busy(task.id))
        jobs.start(task.id, 'triggers', (signal) => probeTask(ctx, task.id, { signal }))
      return { taskId: task.id }
    },
    'triggers.resume': ({ taskId }: { taskId: string }) => {
      const task = mustTrigger(d, taskId)
      refuseForeignOwner(d, task, 'resume it')
      if (!jobs.busy(task.id))
        jobs.start(task.id, 'triggers', (signal) => probeTask(ctx, task.id, { signal }))
      return { ok: true as const }
    },
    'triggers.delete': ({ taskId }: { taskId: string }) => {
      const task = mustTrigger(d, taskId)
      if (jobs.busy(taskId))
        throw new UserError('busy', `trigger task "${task.name}" is being probed: cancel it first`)
      refuseForeignOwner(d, task, 'delete it')
      deleteTriggerTask(ctx.store, taskId)
      d.patches.touchTrigger(taskId)
      return { ok: true as const }
    },
    'triggers.cancel': async ({ taskId }: { taskId: string }) => {
      const task = mustTrigger(d, taskId)
      if (!(await jobs.cancel(taskId))) refuseForeignOwner(d, task, 'cancel it here')
      return { ok: true as const }
    },
  }
}
