// Engine events: every state change is written to SQLite first, then announced here (UI, CLI progress).
import { EventEmitter } from 'node:events'

export interface RunChange {
  runId: string
  taskId: string
  caseId: string
  round: number
  side: 'a' | 'b'
  status: string
  failureType: string | null
  failureMessage: string | null
  /** Seconds from start to executed, when known. */
  durationMs: number | null
  totalTokens: number | null
  /** Row score on 0–100 once scored. */
  score: number | null
  /** The agent invoked this side's skill; null = unknown (not executed yet, or imported). */
  skillLoaded: boolean | null
}

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

interface EventMap {
  'run.changed': [RunChange]
  'task.changed': [TaskChange]
  'pairwise.changed': [PairwiseProgress]
}

export class EngineEvents extends EventEmitter<EventMap> {}
