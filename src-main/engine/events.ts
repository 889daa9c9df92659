// Engine events: every state change is written to SQLite first, then announced here (UI, CLI progress).
import { EventEmitter } from 'node:events'
import type { RunView } from '../../src-shared/ipc-views'

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

interface EventMap {
  'run.changed': [RunChange]
  'task.changed': [TaskChange]
  'pairwise.changed': [PairwiseProgress]
  'trigger.changed': [TriggerChange]
}

export class EngineEvents extends EventEmitter<EventMap> {}
