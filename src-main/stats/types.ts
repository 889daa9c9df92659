// The input of the decision: one run (case × side × round) with its score and what it cost.
import type { DecisionWarning, JudgeNoise } from '../../src-shared/decision'
import type { FailureType } from '../../src-shared/run-state'
import type { TokenCounts } from '../../src-shared/agent-event'
import type { ModelPrices } from '../../src-shared/prices'

export interface ExperimentRun {
  caseId: string
  side: 'a' | 'b'
  /** 1-based. */
  round: number
  /** 0–100; null = missing (errored or unscored), never read as zero. */
  score: number | null
  /** Tokens of all kinds, summed. */
  tokens: number | null
  /** The tokens by kind; when given with the agent model's prices, the cost gate weighs them by price. */
  tokenKinds?: TokenCounts | null
  /** null = price unknown. */
  costUsd: number | null
  /** Execution wall time. */
  durationMs: number | null
  /** The execution completed (its cost figures are meaningful). */
  executed: boolean
  /** Why the execution failed; null/absent when it did not (an attributable one scores policy.failedRunScore). */
  failureType?: FailureType | null
  /** This side's agent invoked its skill; null/absent when unknown (not executed, or not reported). */
  skillLoaded?: boolean | null
  /**
   * Its session ran, but nothing shows it was offered exactly its side's skills: missing (never a score or a
   * failure of its side), and counted in the decision's `runs-without-evidence` warning.
   */
  withoutEvidence?: boolean
  /** Its agent ran without the OS sandbox: why (counted in the decision's `no-sandbox` warning). */
  unsandboxed?: string
  /** How many accesses the sandbox blocked during the run (the decision's `sandbox-denials` warning). */
  sandboxDenials?: number
}

/** One pairwise comparison of a case's round: both order-swapped judgements consolidated. */
export interface PairwiseOutcome {
  caseId: string
  round: number
  /** The side that won both orders; 'tie' when the judge said so or flipped with the order; null = no verdict. */
  winner: 'a' | 'b' | 'tie' | null
  /** The two orders disagreed (counted as a tie). */
  flipped?: boolean
}

export interface DecideOptions {
  /** R, the task's rounds; default the highest round present. Runs of later rounds are ignored. */
  rounds?: number
  /** Adaptive rounds: each case's own R_i (runs above it are ignored); overrides `rounds`. */
  roundsByCase?: Readonly<Record<string, number>>
  /** The pairwise judge's outcomes; absent = no pairwise evaluator (decision.pairwise is null). */
  pairwise?: readonly PairwiseOutcome[]
  /** Side a runs a skill too (baseline kind skill): its trigger rate is reported; default false. */
  baselineHasSkill?: boolean
  /** Warnings from outside the runs (the config check's, e.g. the judge's model family), kept in order. */
  warnings?: readonly DecisionWarning[]
  /** The agent model's prices: the `tokens` cost metric weighs token kinds by them (null/absent: plain sums). */
  prices?: ModelPrices | null
  /** The judge's measured test–retest noise (null/absent: not measured). */
  judgeNoise?: JudgeNoise | null
}
