// The trigger evaluation export (skill-ab/triggers@1, docs/triggers.md) of one stored trigger task.
import { version as APP_VERSION } from '../../package.json'
import { StoreError, type Store } from '../db'
import { TRIGGERS_SCHEMA_ID, type TriggersExport } from '../../src-shared/triggers-export'
import { exportedOffered } from '../export/run-entries'
import { detectOpencodeVersion } from './export-task'
import { triggerReport } from './run-triggers'

export async function exportTriggerTask(
  store: Store,
  taskId: string,
  env: NodeJS.ProcessEnv,
): Promise<TriggersExport> {
  const task = store.triggerTasks.get(taskId)
  if (!task) throw new StoreError('not_found', `no trigger task with id ${taskId}`)
  const report = triggerReport(store, task)
  const version = (id: string | null) => {
    const v = id ? store.skillVersions.get(id) : null
    return v ? { name: v.skillName, label: v.label, contentHash: v.contentHash } : null
  }
  const b = version(task.skillVersionBId)
  if (!b) throw new StoreError('not_found', `trigger task ${taskId}: its skill version is missing`)
  return {
    schema: TRIGGERS_SCHEMA_ID,
    exportedAt: new Date().toISOString(),
    task: {
      id: task.id,
      name: task.name,
      status: task.status,
      config: JSON.parse(task.configJson) as Record<string, unknown>,
    },
    skillVersions: { a: version(task.skillVersionAId), b },
    competing: task.competing.map(({ name, contentHash }) => ({ name, contentHash })),
    environment: { opencodeVersion: await detectOpencodeVersion(env), app: APP_VERSION },
    queries: task.queries.map((q) => ({ ...q })),
    probes: store.triggerProbes.listByTask(task.id).map((p) => ({
      version: p.version,
      queryId: p.queryId,
      round: p.round,
      status: p.status,
      choice: p.choice,
      skill: p.skill,
      step: p.step,
      steps: p.steps,
      tokens: { ...p.tokens },
      costUsd: p.costUsd,
      durationMs: p.durationMs,
      message: p.message,
      offeredSkills: exportedOffered(p.offeredSkills, store.dataDir),
    })),
    results: { a: report.a, b: report.b },
    comparison: report.comparison,
    spend: report.spend,
  }
}
