// Whether a task's source folders changed since it was made: its skill folder, its baseline skill and the
// cases of its dataset file, compared with what the task stored. Only said to the user (a new version is a
// new task); a stored task always continues from what it stored, never from these folders.
import type { Store, TaskRow } from '../db'
import { loadDataset } from '../inputs/dataset'
import { inspectSkill } from '../inputs/skill'
import { taskConfigSchema } from '../../src-shared/task-config'
import { fingerprintOf, resumeConflicts } from './resume-check'
import { liveHashFor } from './task-identity'

/** One sentence per change, naming the config field (empty: the sources are as the task stored them). */
export function sourceChanges(store: Store, task: TaskRow): string[] {
  if (task.kind !== 'ab') return []
  const parsed = taskConfigSchema.safeParse(JSON.parse(task.configJson) as unknown)
  if (!parsed.success) return []
  const config = parsed.data
  const out: string[] = []
  const stored = store.skillVersions.get(task.skillVersionBId)
  const storedBaseline = task.skillVersionAId ? store.skillVersions.get(task.skillVersionAId) : null
  const live = (field: string, path: string) => {
    try {
      return inspectSkill(path)
    } catch (err) {
      out.push(`${field}: ${path} can no longer be read as a skill (${firstLine(err)})`)
      return null
    }
  }
  const skill = live('skill.path', config.skill.path)
  const baseline =
    config.baseline.kind === 'skill' && storedBaseline ? live('baseline.path', config.baseline.path) : null
  const storedCases: Record<string, string> = {}
  for (const run of store.runs.listByTask(task.id)) storedCases[run.caseKey] = run.caseHash
  let liveCases: Record<string, string> = storedCases
  try {
    const dataset = loadDataset(config.dataset.path, { skillRoot: config.skill.path })
    liveCases = Object.fromEntries(dataset.cases.map((c) => [c.id, c.contentHash]))
  } catch (err) {
    out.push(`dataset.path: ${config.dataset.path} can no longer be read (${firstLine(err)})`)
  }
  const storedHash = stored?.contentHash ?? ''
  const storedBaselineHash = storedBaseline?.contentHash ?? null
  const conflicts = resumeConflicts(
    fingerprintOf(config, storedHash, storedBaselineHash, storedCases),
    fingerprintOf(
      config,
      skill ? liveHashFor(stored, skill) : storedHash,
      baseline ? liveHashFor(storedBaseline, baseline) : storedBaselineHash,
      liveCases,
    ),
  )
  return [...out, ...conflicts]
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? ''
}
