// A task's sides and execution plan, built in one place: for a new or resumed task (prepare-task), a stored
// task continued from its snapshots (continue-task) and doctor's side proofs, so all three run alike.
import { join } from 'node:path'
import type { CaseInput, SealedPaths, SideSpec } from '../../agent/types'
import type { TaskRow } from '../../db'
import type { ExecutionPlan } from '../../engine/execute-runs'
import type { Side } from '../../../src-shared/run-state'
import { maxRoundsOf, type TaskConfig } from '../../../src-shared/task-config'
import { sideSandboxOf } from './config-to-store'

/** A skill snapshot a side runs with. */
export interface SideSkill {
  name: string
  snapshotDir: string
  contentHash: string
}

export interface SideInputs {
  /** The task's config as stored (`configToStore`): its skill folders are what each side's sandbox hides. */
  config: TaskConfig
  /** Side b's snapshot (the skill under test); side a's, or null for no skill. */
  skill: SideSkill
  baseline: SideSkill | null
  /** The answer key every run is denied (undefined: not known, as in doctor when the dataset was refused). */
  sealed: SealedPaths | undefined
  opencodeConfigPath: string | undefined
  /** The config file the task was read from: hidden from the agents too (a stored task has none). */
  configFile?: string
  dataDir: string
}

/** Each side's spec: its snapshot, the agent's model and limits, the answer key and the sandbox. */
export function sideSpecs(inputs: SideInputs): Record<Side, SideSpec> {
  const { config, skill } = inputs
  const side = (s: Side, snap: SideSkill | null): SideSpec => ({
    side: s,
    skill: snap && { name: snap.name, snapshotDir: snap.snapshotDir, contentHash: snap.contentHash },
    skillUnderTest: skill.name,
    model: config.agent.model,
    opencodeConfigPath: inputs.opencodeConfigPath,
    runRoot: join(inputs.dataDir, 'tmp'),
    timeoutSec: config.agent.timeoutSec,
    idleTimeoutSec: config.agent.idleTimeoutSec,
    sealed: inputs.sealed,
    sandbox: sideSandboxOf(config, inputs.configFile),
  })
  return { a: side('a', inputs.baseline), b: side('b', skill) }
}

/** The plan of every selected run of the task: its sides, its cases, its rounds, work dirs and concurrency. */
export function executionPlan(
  task: Pick<TaskRow, 'id' | 'taskName'>,
  inputs: SideInputs,
  cases: readonly CaseInput[],
): ExecutionPlan {
  return {
    taskId: task.id,
    taskName: task.taskName,
    sides: sideSpecs(inputs),
    cases: new Map(cases.map((c) => [c.caseId, c])),
    maxRound: maxRoundsOf(inputs.config),
    workRoot: join(inputs.dataDir, 'work', task.id),
    concurrency: inputs.config.agent.concurrency,
  }
}
