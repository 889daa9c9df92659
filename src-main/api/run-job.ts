// Starting a task's execution in the background (create, start, re-run): answers once the task's runs
// exist (or with the error that stopped it before), while the job goes on and reports through patches.
import { randomUUID } from 'node:crypto'
import { parseTaskConfig, type LoadedTaskConfig } from '../inputs/load-config'
import { inspectSkill } from '../inputs/skill'
import { runTask } from '../services/run-task'
import { findTaskOf } from '../services/task-identity'
import type { TaskRow } from '../db'
import type { RunMode } from '../../src-shared/run-mode'
import { PROVISIONAL_PREFIX, type HostDeps } from './deps'
import { JobBusyError } from './jobs'

/** A stored task's config, loaded as `run` would load its file (paths in it are absolute). */
export function loadStoredConfig(d: HostDeps, task: TaskRow): LoadedTaskConfig {
  return parseTaskConfig(JSON.parse(task.configJson) as unknown, d.ctx.dataDir, { env: d.ctx.env })
}

/** The id of the existing task a config resumes, if any, without writing anything. */
function existingTaskId(d: HostDeps, loaded: LoadedTaskConfig): string | null {
  const skill = inspectSkill(loaded.resolved.skillPath)
  const hash = skill.contentHash
  const given = loaded.config.skill.label
  const task = findTaskOf(
    d.ctx.store,
    loaded.config.name,
    {
      name: skill.name,
      label: given ?? hash.slice('sha256:'.length, 'sha256:'.length + 8),
      contentHash: hash,
      recipe1Hash: skill.recipe1Hash,
    },
    given !== undefined,
  )
  return task?.id ?? null
}

export function startRun(
  d: HostDeps,
  loaded: LoadedTaskConfig,
  opts: { taskId?: string; mode?: RunMode } = {},
): Promise<{ taskId: string }> {
  const known = opts.taskId ?? existingTaskId(d, loaded)
  if (known && d.jobs.busy(known)) throw new JobBusyError('run')
  const key = known ?? `${PROVISIONAL_PREFIX}${randomUUID()}`
  return new Promise((resolve, reject) => {
    let prepared = false
    d.jobs.start(key, 'run', async (signal) => {
      try {
        await runTask(d.ctx, loaded, {
          signal,
          mode: opts.mode,
          onPrepared: (p) => {
            prepared = true
            if (p.task.id !== key) {
              d.jobs.rekey(key, p.task.id)
              // A task never started is re-created on start (new id): the old one disappears.
              if (!key.startsWith(PROVISIONAL_PREFIX)) d.patches.touchTask(key, { removed: true })
            }
            d.patches.touchTask(p.task.id)
            resolve({ taskId: p.task.id })
          },
        })
      } catch (err) {
        if (!prepared) reject(err)
        throw err
      }
    })
  })
}
