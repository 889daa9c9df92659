// A/A calibration (README "A/A calibration", docs/decision.md "A/A calibration"): the config's baseline
// against itself on the same cases, side a only, for twice the config's rounds. Baseline reuse fills the
// rounds earlier tasks executed. The floor is derived when read (never stored), and an A/B task finds the
// latest calibration of its dataset content, agent model and baseline.
import type { Store, TaskRow } from '../db'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { toExperimentRun } from '../export/run-entries'
import { noiseFloor } from '../stats/noise-floor'
import { maxRoundsOf, type Policy } from '../../src-shared/task-config'
import type { NoiseFloor, TaskNoiseFloor } from '../../src-shared/noise-floor'
import { scopeRuns } from './task-decision'
import { readStoredConfig } from '../../src-shared/stored-config'

/** The calibration task's name for a config's name. */
export const calibrationName = (name: string): string => `${name} (A/A calibration)`

/**
 * The config a calibration runs: its own name, 2R fixed rounds (R = the config's rounds; adaptiveRounds.max
 * when set), everything else as written, so its a-runs have the A/B task's reuse key.
 */
export function calibrationConfig(loaded: LoadedTaskConfig): LoadedTaskConfig {
  const { adaptiveRounds: _adaptive, ...config } = loaded.config
  return {
    ...loaded,
    config: {
      ...config,
      name: calibrationName(config.name),
      repeatRounds: 2 * maxRoundsOf(loaded.config),
    },
  }
}

const floors = new WeakMap<Store, Map<string, NoiseFloor>>()

/**
 * The floor of a calibration task's runs under `policy` (default: its own). Kept until its runs or the
 * policy change: 200 decisions cost ~0.3 s at 30 cases, and the decision panel asks with every refresh.
 */
export function calibrationFloor(store: Store, calibration: TaskRow, policy?: Policy): NoiseFloor {
  const config = readStoredConfig(calibration.configJson)
  const cache = floors.get(store) ?? new Map<string, NoiseFloor>()
  floors.set(store, cache)
  const key = JSON.stringify([
    calibration.id,
    calibration.configJson,
    store.runs.decisionFingerprint(calibration.id),
    policy ?? null,
  ])
  const known = cache.get(key)
  if (known) return known
  const floor = measure(store, calibration, maxRoundsOf(config), policy ?? config.policy)
  cache.set(key, floor)
  return floor
}

/** `maxRound`: the calibration's rounds, 2R for a task of R rounds (the floor compares R against R). */
function measure(store: Store, calibration: TaskRow, maxRound: number, policy: Policy): NoiseFloor {
  const rounds = Math.max(1, Math.floor(maxRound / 2))
  const { runs } = scopeRuns(store, calibration, maxRound)
  const baselineHasSkill = calibration.skillVersionAId !== null
  return noiseFloor(
    runs.map((r) => toExperimentRun(r, baselineHasSkill)),
    rounds,
    policy,
  )
}

/** What makes a calibration speak for a task: dataset content, agent model, baseline content. */
function calibrationKey(store: Store, task: TaskRow): string {
  const dataset = store.datasets.get(task.datasetId)?.contentHash ?? task.datasetId
  const baseline = task.skillVersionAId ? store.skillVersions.get(task.skillVersionAId)?.contentHash : null
  return JSON.stringify([dataset, readStoredConfig(task.configJson).agent?.model ?? null, baseline ?? 'none'])
}

/**
 * The floor of the latest calibration of this A/B task's dataset content, agent model and baseline with a
 * measurable floor (≥ 2 cases), decided under the task's own policy; null when there is none.
 */
export function floorForTask(store: Store, task: TaskRow): TaskNoiseFloor | null {
  if (task.kind !== 'ab') return null
  const key = calibrationKey(store, task)
  const policy = readStoredConfig(task.configJson).policy
  for (const calibration of store.tasks.listKind('calibration')) {
    if (calibrationKey(store, calibration) !== key) continue
    const floor = calibrationFloor(store, calibration, policy)
    if (floor.sd === null) continue
    return {
      calibrationTaskId: calibration.id,
      calibrationName: calibration.taskName,
      finished: calibration.status === 'done',
      floor,
    }
  }
  return null
}
