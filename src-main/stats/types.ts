// The input of the decision: one run (case × side × round) with its score and what it cost.

export interface ExperimentRun {
  caseId: string
  side: 'a' | 'b'
  /** 1-based. */
  round: number
  /** 0–100; null = missing (errored or unscored), never read as zero. */
  score: number | null
  /** Tokens of all kinds, summed. */
  tokens: number | null
  /** null = price unknown. */
  costUsd: number | null
  /** Execution wall time. */
  durationMs: number | null
  /** The execution completed (its cost figures are meaningful). */
  executed: boolean
}

export interface DecideOptions {
  /** R, the task's rounds; default the highest round present. Runs of later rounds are ignored. */
  rounds?: number
}
