// Create or resume the task a config describes: snapshots, dataset import, identity, runs.
import { fileSystemFault, newTaskId, type PendingRun, type Store, type TaskKind, type TaskRow } from '../db'
import type { ExecutionPlan } from '../engine/execute-runs'
import { loadDataset, selectCases, type DatasetCase } from '../inputs/dataset'
import { checkExpectationsCases } from '../inputs/expectations-check'
import { InputError } from '../inputs/errors'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { answerKeyOf } from '../inputs/sealed-paths'
import { movedRef } from '../inputs/git-version'
import { type CheckedSkill, type SkillSnapshot } from '../inputs/skill'
import { checkSourcesSealed, inspectSource, releaseSource } from '../inputs/skill-source'
import { snapshotOf, storeSnapshot } from '../inputs/skill-snapshot'
import { SIDES } from '../../src-shared/run-state'
import type { TaskConfig } from '../../src-shared/task-config'
import type { AdaptiveRounds } from '../stats/adaptive-rounds'
import { planForCases, plannedRuns } from './parts/adaptive-plan'
import type { ReuseSavings } from '../../src-shared/reuse'
import { resumeConflict } from './parts/errors'
import { fingerprintOf, resumeConflicts } from './parts/resume-check'
import { configToStore } from './parts/config-to-store'
import { readStoredConfig, wholeConfig } from '../../src-shared/stored-config'
import { executionPlan } from './parts/task-plan'
import { findTaskOf, liveHashFor } from './parts/task-identity'

export interface PreparedTask {
  task: TaskRow
  created: boolean
  /** Runs added by this call (new task, or cases/rounds appended on resume). */
  added: number
  /** Cases that had no run in the task before this call (all of them for a new task). */
  newCases: Set<string>
  plan: ExecutionPlan
  skill: SkillSnapshot
  baseline: SkillSnapshot | null
  cases: DatasetCase[]
  /** What the start linked instead of executing (baseline reuse), once the plan is scoped. */
  reused?: ReuseSavings
}

/** The sides a task of this kind runs: a case analysis runs the skill only (side b), a calibration the baseline only (side a). */
export function sidesOf(kind: TaskKind): readonly ('a' | 'b')[] {
  return kind === 'case' ? ['b'] : kind === 'calibration' ? ['a'] : SIDES
}

const KIND_NAME: Record<TaskKind, string> = {
  ab: 'an A/B task',
  case: 'a case analysis',
  calibration: 'an A/A calibration',
}

/**
 * `isOwnerAlive`: whether another instance holding the task still runs; `kind`: 'ab' unless given;
 * `onFound`: told of the task the config names as soon as it is found, before the other inputs are read (it
 * may refuse it by throwing, e.g. a task already running here).
 */
interface PrepareOptions {
  isOwnerAlive?: (instanceId: string) => boolean
  kind?: TaskKind
  onFound?: (task: TaskRow) => void
}

/** A task's inputs read and checked, nothing written yet: `write` stores them, `release` frees the sources. */
export interface CheckedTask {
  /** The task's id: the task the config names, or the id a new task is created under. */
  taskId: string
  /** The task is new (or was never started): writing it creates its runs. */
  creates: boolean
  write(): PreparedTask
  release(): void
}

/**
 * Reads the inputs, refuses a resume that would mix different work, then writes everything in one
 * transaction. `kind` 'case' = a case analysis: side b only, listed apart from the A/B tasks. Every
 * input is read and checked before anything is written: a refused input leaves no snapshot and no row.
 */
export function prepareTask(store: Store, loaded: LoadedTaskConfig, opts: PrepareOptions = {}): PreparedTask {
  const checked = checkTask(store, loaded, opts)
  try {
    return checked.write()
  } finally {
    checked.release()
  }
}

/** `prepareTask` in two steps, so that a caller can check more (e.g. the provider) between them. */
export function checkTask(store: Store, loaded: LoadedTaskConfig, opts: PrepareOptions = {}): CheckedTask {
  const kind = opts.kind ?? 'ab'
  const { resolved } = loaded
  const inspectedSkill = inspectSource(resolved.skill)
  let inspectedBaseline: CheckedSkill | null = null
  const release = () => {
    releaseSource(inspectedSkill)
    releaseSource(inspectedBaseline)
  }
  try {
    inspectedBaseline = resolved.baseline ? inspectSource(resolved.baseline, 'baseline') : null
    const checked = checkInputs(store, loaded, kind, opts, inspectedSkill, inspectedBaseline)
    return { ...checked, release }
  } catch (err) {
    release()
    throw err
  }
}

/** Checks every input, then returns what writes them (snapshots, dataset, task, runs). */
function checkInputs(
  store: Store,
  loaded: LoadedTaskConfig,
  kind: TaskKind,
  opts: PrepareOptions,
  inspectedSkill: CheckedSkill,
  inspectedBaseline: CheckedSkill | null,
): Omit<CheckedTask, 'release'> {
  const { config, resolved } = loaded
  const copySnapshot = (checked: CheckedSkill, label: string | undefined): SkillSnapshot => {
    try {
      return storeSnapshot(checked, store.dataDir, { label })
    } catch (err) {
      throw fileSystemFault(err, store.dataDir) ?? err // a full disk while copying the snapshot
    }
  }
  const baselineLabel = config.baseline.kind === 'skill' ? config.baseline.label : undefined
  const checked = snapshotOf(inspectedSkill, store.dataDir, { label: config.skill.label })
  const found = findTaskOf(store, config, checked)
  if (found) opts.onFound?.(found)
  const checkedBaseline = inspectedBaseline
    ? snapshotOf(inspectedBaseline, store.dataDir, { label: baselineLabel })
    : null
  checkSidesDiffer(checked, checkedBaseline)
  const dataset = loadDataset(resolved.datasetPath, { skillRoot: resolved.skillPath })
  // The answer key never reaches an agent: no snapshot may copy the dataset.
  checkSourcesSealed(resolved, dataset, inspectedSkill, inspectedBaseline)
  const sealed = answerKeyOf(dataset, store.dataDir)
  const cases = selectCases(dataset.cases, config.cases, { datasetFile: dataset.file })
  checkExpectationsCases(config, cases)
  const stored = configToStore(config, resolved, inspectedSkill.git, inspectedBaseline?.git)
  const identity = { skillName: checked.name, skillVersion: checked.label, taskName: config.name }

  if (found && found.kind !== kind)
    throw new InputError({
      field: 'name',
      message: `name: "${config.name}" is already ${KIND_NAME[found.kind]} of ${checked.name} ${checked.label} (${found.id})`,
      fix: `give this ${KIND_NAME[kind].replace(/^an? /, '')} another "name"`,
    })
  // Nothing paid for yet (e.g. the pre-flight check refused a model typo): the config may change freely.
  // …unless another live process holds it (it may be in its pre-flight check right now).
  const ownerAlive = (t: TaskRow): boolean =>
    !!t.ownerInstanceId && (opts.isOwnerAlive?.(t.ownerInstanceId) ?? true)
  const unstarted = found && neverStarted(store, found) && !ownerAlive(found) ? found : null
  const existing = unstarted ? null : found
  const taskId = found?.id ?? newTaskId()
  if (existing) checkResume(store, existing, stored, checked, checkedBaseline, cases)
  const known = new Set(existing ? store.runs.listByTask(existing.id).map((r) => r.caseKey) : [])

  const write = (): PreparedTask => {
    // Every input holds: now the snapshots are copied (a folder that changed since it was checked is refused).
    const skill = copySnapshot(inspectedSkill, config.skill.label)
    const baseline = inspectedBaseline ? copySnapshot(inspectedBaseline, baselineLabel) : null
    const { task, added } = store.transaction(() => {
      // A task never started keeps its id: its inputs and runs are replaced in place.
      if (unstarted) {
        store.runs.deleteUnstarted(unstarted.id)
        store.adaptivePlans.delete(unstarted.id)
      }
      const version = (s: SkillSnapshot) =>
        store.skillVersions.upsert(s.name, s.label, s.contentHash, s.snapshotDir, s.hashRecipe)
      const imported = store.datasets.import(
        dataset.file,
        dataset.format,
        cases.map((c) => ({ ...c, caseKey: c.id })),
      )
      const configJson = JSON.stringify(stored)
      const inputs = () => ({
        configJson,
        skillVersionAId: baseline ? version(baseline).id : null,
        skillVersionBId: version(skill).id,
        datasetId: imported.dataset.id,
      })
      const task = existing
        ? store.tasks.updateConfig(existing.id, configJson, imported.dataset.id)
        : unstarted
          ? store.tasks.replaceInputs(unstarted.id, inputs())
          : store.tasks.create({ id: taskId, ...identity, ...inputs(), kind })
      const pending =
        config.adaptiveRounds && kind === 'ab'
          ? adaptivePending(store, task, config.adaptiveRounds, cases)
          : cases.flatMap((c) =>
              Array.from({ length: config.repeatRounds }, (_, r) =>
                sidesOf(kind).map((side) => ({ caseKey: c.id, round: r + 1, side, caseHash: c.contentHash })),
              ).flat(),
            )
      return { task, added: store.runs.insertPending(task.id, pending).length }
    })

    return {
      task,
      created: !existing,
      added,
      newCases: new Set(cases.map((c) => c.id).filter((id) => !known.has(id))),
      plan: executionPlan(
        task,
        // New runs always use the sealed snapshots, also those of a task whose stored version is older.
        {
          config: stored,
          skill,
          baseline,
          sealed,
          opencodeConfigPath: resolved.opencodeConfigPath,
          configFile: loaded.configFile,
          dataDir: store.dataDir,
        },
        cases.map((c) => ({ caseId: c.id, prompt: c.prompt, files: c.files })),
      ),
      skill,
      baseline,
      cases,
    }
  }
  return { taskId, creates: !existing, write }
}

/** Adaptive rounds: the task's plan (stored, or new at min rounds; new cases join it) and the runs it asks for. */
function adaptivePending(
  store: Store,
  task: TaskRow,
  rounds: AdaptiveRounds,
  cases: readonly DatasetCase[],
): PendingRun[] {
  const plan = planForCases(
    store.adaptivePlans.get(task.id),
    rounds,
    cases.map((c) => c.id),
  )
  store.adaptivePlans.put(task.id, plan)
  return plannedRuns(plan, cases, SIDES)
}

/** A baseline that is the very skill under test (same content hash) would compare a skill with itself. */
export function checkSidesDiffer(
  skill: Pick<SkillSnapshot, 'name' | 'contentHash'>,
  baseline: Pick<SkillSnapshot, 'contentHash'> | null,
): void {
  if (!baseline || baseline.contentHash !== skill.contentHash) return
  throw new InputError({
    field: 'baseline.path',
    message: `baseline.path: a and b are the same skill (${skill.name}, ${skill.contentHash.slice(0, 'sha256:'.length + 12)}…): the comparison would measure nothing`,
    fix: 'point baseline.path at another version of the skill, or write "baseline": {"kind": "none"} to compare with no skill',
  })
}

/** Nothing was paid for: no run started (a run linked to another task's execution did not, here). */
function neverStarted(store: Store, task: TaskRow): boolean {
  return store.runs
    .listByTask(task.id)
    .every((r) => r.attempt === 0 && (r.status === 'pending' || r.reusedFrom !== null))
}

function checkResume(
  store: Store,
  task: TaskRow,
  next: TaskConfig,
  skill: SkillSnapshot,
  baseline: SkillSnapshot | null,
  cases: DatasetCase[],
): void {
  const prev = wholeConfig(readStoredConfig(task.configJson))
  if (!prev) throw resumeConflict(task.taskName, ['its stored config is not a whole task config'])
  const prevSkill = store.skillVersions.get(task.skillVersionBId)
  const prevBaseline = task.skillVersionAId ? store.skillVersions.get(task.skillVersionAId) : null
  const prevCases: Record<string, string> = {}
  for (const run of store.runs.listByTask(task.id)) prevCases[run.caseKey] = run.caseHash
  // Each stored version is compared by the recipe it was hashed with (tasks made before recipe 2).
  const conflicts = resumeConflicts(
    fingerprintOf(prev, prevSkill?.contentHash ?? '', prevBaseline?.contentHash ?? null, prevCases),
    fingerprintOf(
      next,
      liveHashFor(prevSkill, skill),
      baseline ? liveHashFor(prevBaseline, baseline) : null,
      Object.fromEntries(cases.map((c) => [c.id, c.contentHash])),
    ),
  )
  if (!conflicts.length) return
  // Say why the files differ when a git ref moved since the task stored its commit.
  const prevBaselineGit = prev.baseline.kind === 'skill' ? prev.baseline.git : undefined
  const moved = [
    movedRef('skill', prev.skill.git, skill.git),
    movedRef('baseline', prevBaselineGit, baseline?.git),
  ]
  throw resumeConflict(task.taskName, [...moved.filter((m) => m !== null), ...conflicts])
}
