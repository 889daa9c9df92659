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

interface EventMap {
  'run.changed': [RunChange]
  'task.changed': [TaskChange]
}

export class EngineEvents extends EventEmitter<EventMap> {}
