// Engine events: every state change is written to SQLite first, then announced here (UI, CLI progress).
import { EventEmitter } from 'node:events'
import type { RunView } from '../../src-shared/ipc-views'
import type { StartupPhase } from '../../src-shared/startup'

/** A run's new state, as the run table shows it: the renderer gets it as it is (no second mapping). */
export type RunChange = RunView

export interface TaskChange {
  taskId: string
  status: string
  message?: string
}

/** The pairwise judge starting or finishing its comparisons of a task (counts are comparisons: case × round). */
export interface PairwiseProgress {
  taskId: string
  phase: 'start' | 'end'
  /** Comparisons this pass judges (one or both orders). */
  comparisons: number
  /** At the end: comparisons whose judgements all came back, and those with a failed judgement. */
  judged: number
  failed: number
}

/** A trigger task's probe or status changed (written first). */
export interface TriggerChange {
  taskId: string
}

/** A task's start-up moved on (a side's step); `phase` null: it is over (the runs start, or it failed). */
export interface StartupChange {
  taskId: string
  phase: StartupPhase | null
}

interface EventMap {
  'run.changed': [RunChange]
  'task.changed': [TaskChange]
  'pairwise.changed': [PairwiseProgress]
  'trigger.changed': [TriggerChange]
  'task.startup': [StartupChange]
}

export class EngineEvents extends EventEmitter<EventMap> {}
