// Continuing a stored task (start, continue, re-run): planned from what the task stored when it was made —
// its skill snapshots, its case rows and its config — never from the user's live folders, which may have
// changed since (editing SKILL.md is the normal loop; that is a new task, see source-changes.ts).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { SkillVersionRow, Store, TaskRow } from '../db'
import { InputError } from '../inputs/errors'
import { answerKeyOf } from '../inputs/sealed-paths'
import { selectSkillFiles } from '../inputs/skill-files'
import type { DatasetFormat } from '../inputs/dataset'
import { SUBMIT, type RunMode } from '../../src-shared/run-mode'
import { readStoredConfig, wholeConfig } from '../../src-shared/stored-config'
import type { TaskConfig } from '../../src-shared/task-config'
import type { AppContext } from './app-context'
import { executeTask, type ExecuteTaskResult, type TaskPlan } from './parts/execute-task'
import { executionPlan } from './parts/task-plan'
import { opencodeConfigPathOf } from '../inputs/opencode-config'

export interface StoredTaskPlan extends TaskPlan {
  config: TaskConfig
  opencodeConfigPath: string | undefined
}

/** Executes (and judges) a stored task's runs as `mode` says, from its stored inputs only. */
export function continueTask(
  ctx: AppContext,
  taskId: string,
  mode: RunMode = SUBMIT,
  opts: { signal: AbortSignal; onPrepared?: (p: StoredTaskPlan) => void },
): Promise<ExecuteTaskResult> {
  const planned = planFromStore(ctx.store, taskId, ctx.env)
  return executeTask(
    ctx,
    planned,
    {
      config: planned.config,
      driver: planned.config.agent.driver,
      opencodeConfigPath: planned.opencodeConfigPath,
    },
    mode,
    opts,
  )
}

/**
 * The plan of every selected run of a stored task: each side's skill is the task's snapshot, the cases
 * are its case rows, the settings its one stored config. A snapshot missing on disk is refused by name.
 */
export function planFromStore(store: Store, taskId: string, env: NodeJS.ProcessEnv): StoredTaskPlan {
  const task = store.tasks.get(taskId)
  if (!task) throw new InputError({ message: `no task ${taskId} (it may have been deleted)` })
  const config = wholeConfig(readStoredConfig(task.configJson))
  if (!config)
    throw new InputError({
      message: `task "${task.taskName}" (${task.id}) cannot continue: its stored config is not a whole task config`,
      fix: 'make a new task from the skill folder (Duplicate)',
    })
  const skill = snapshotOf(store, task, task.skillVersionBId, 'skill')
  const baseline = task.skillVersionAId ? snapshotOf(store, task, task.skillVersionAId, 'baseline') : null
  const dataset = store.datasets.get(task.datasetId)
  if (!dataset) throw missing(task, `its dataset row ${task.datasetId}`)
  const cases = store.datasets.getCases(dataset.id)
  const opencodeConfigPath = opencodeConfigPathOf(config.agent.opencodeConfig, env)
  // The dataset file stays unreadable to the agents (its path only is needed, never its contents).
  const sealed = answerKeyOf({ file: dataset.path, format: dataset.format as DatasetFormat }, store.dataDir)
  const sideSkill = (v: SkillVersionRow) => ({
    name: v.skillName,
    snapshotDir: v.snapshotDir,
    contentHash: v.contentHash,
  })
  const plan = executionPlan(
    task,
    {
      config,
      skill: sideSkill(skill),
      baseline: baseline && sideSkill(baseline),
      sealed,
      opencodeConfigPath,
      dataDir: store.dataDir,
    },
    cases.map((c) => ({ caseId: c.caseKey, prompt: c.prompt, files: c.files })),
  )
  return {
    task,
    plan,
    caseIds: cases.map((c) => c.caseKey),
    newCases: new Set(),
    config,
    opencodeConfigPath,
  }
}

/** The stored skill version, its snapshot checked to be on disk (and sealed: a recipe-2 copy). */
function snapshotOf(
  store: Store,
  task: TaskRow,
  versionId: string,
  what: 'skill' | 'baseline',
): SkillVersionRow {
  const version = store.skillVersions.get(versionId)
  if (!version) throw missing(task, `its ${what} version ${versionId}`)
  if (!version.snapshotDir || !existsSync(join(version.snapshotDir, 'SKILL.md')))
    throw missing(task, `the ${what}'s snapshot ${version.snapshotDir || '(none recorded)'}`)
  // A snapshot of the first hash recipe copied every file: one holding evals/ (or files a .skillabignore
  // leaves out) may hold the answer key, and is not run again.
  const kept = version.hashRecipe === 1 ? selectSkillFiles(version.snapshotDir) : null
  if (kept && (kept.evalsFiles > 0 || kept.ignored.length > 0))
    throw new InputError({
      field: what === 'skill' ? 'skill.path' : 'baseline.path',
      message: `task "${task.taskName}" (${task.id}) was made by an older version whose ${what} snapshot holds evals/ or ignored files (they may hold the dataset's answers)`,
      fix: 'continue it once with `skill-ab run <its config>`, which stores a sealed snapshot, or make a new task',
    })
  return version
}

function missing(task: TaskRow, what: string): InputError {
  return new InputError({
    message: `task "${task.taskName}" (${task.id}) cannot continue: ${what} is missing from the data folder`,
    fix: 'restore the data folder from a backup, or make a new task from the skill folder (Duplicate)',
  })
}
