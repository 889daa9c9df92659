// What a task list shows (CLI `list --json`, the app's tasks screen): one shape for every front door.
import type { RunStatus, TaskStatus } from './run-state'
import type { Verdict } from './decision'
import type { NoiseFloor } from './noise-floor'
import type { ReuseSavings } from './reuse'

/** A task's runs per status, with its failed runs told apart by what failed. */
export type RunCounts = Pick<TaskSummary, 'runs' | 'failedEvaluations' | 'tampered'>

export interface TaskSummary {
  id: string
  name: string
  skillName: string
  skillVersion: string
  status: TaskStatus
  verdict: Verdict
  runs: Record<RunStatus, number>
  /** Of `runs.failed`, those that failed at evaluation (their execution is kept). */
  failedEvaluations: number
  /** Of `runs.failed`, those the tamper screen failed (judge_tampering); the rest failed to execute. */
  tampered: number
  /** Side-a runs linked to earlier tasks' executions (baseline reuse) and what they saved. */
  reused: ReuseSavings
  createdAt: string
  updatedAt: string
}

/** A task as opened for its screen: the verdict is `null` until it is decided (a patch brings it). */
export type OpenedTaskSummary = Omit<TaskSummary, 'verdict'> & { verdict: Verdict | null }

/** An A/A calibration as `skill-ab list --calibrations` shows it: its runs and the noise floor they give. */
export type CalibrationSummary = Omit<TaskSummary, 'verdict'> & { floor: NoiseFloor }
