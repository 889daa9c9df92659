// The judge seam: what one evaluation attempt of one evaluator on one run takes and gives back.
import type { SandboxPolicy } from '../agent/isolation/sandbox'
import type { AgentEvent, TokenCounts } from '../agent/types'
import type { BlindSpec } from './blind-text'
import type { EvaluatorSpec } from './evaluators'
import type { ExpectationVerdict } from './parse-expectations'
import type { ParseStrategy } from './parse-output'
import type { ResponseWinner, WinnerParseStrategy } from './parse-winner'

/** What the judge sees of one run (the engine passes a fresh copy per evaluator; nothing here is mutated). */
export interface JudgeInput {
  /** The case's prompt, as the agent got it. */
  prompt: string
  expectedOutput: string | null
  expectations: string[]
  /** The run's events as stored (already redacted by the driver). */
  events: AgentEvent[]
  finalOutput: string
  /** `git diff` of the work dir against the case's first commit. */
  diff: string
  /** The finished work dir (kept after the run); command evaluators run in it. null when it is gone. */
  workDir: string | null
  /**
   * What the LLM judge must not see of the skills, the same for every run of both sides of an A/B task:
   * its copy of the run (trajectory, diff, final output) is blinded by it (blind.ts). Absent or null: the
   * run is judged as stored (a case analysis judges one skill on its own: no side to tell apart).
   */
  blind?: BlindSpec | null
}

/** One attempt. `failed` + `retryable` = the engine may try again (timeout, 5xx, 429, unparseable output). */
export interface JudgeAttempt {
  status: 'done' | 'failed'
  /** 0–100; null when failed. */
  score: number | null
  reason: string
  /** The judge's final text (LLM) or the command's output tail (command), redacted. */
  rawOutput: string
  parseStrategy: ParseStrategy | null
  /** What was judged: the rendered prompt actually sent (LLM), or the command and where it ran. */
  condensedInput: string
  tokens: TokenCounts
  costUsd: number | null
  sessionId: string | null
  retryable: boolean
  error: string | null
  durationMs: number
  /** An expectations evaluator's done attempt: the verdict on each expectation (the score is the share passed). */
  expectations?: ExpectationVerdict[]
}

/**
 * What a pairwise judge sees: two runs of the same case and round, shown as "Response 1" and "Response 2"
 * in this order (each carries the case). Nothing says which side either run belongs to.
 */
export interface PairwiseJudgeInput {
  responses: [JudgeInput, JudgeInput]
}

/** One attempt of a pairwise evaluator: like a scoring attempt, with a winner instead of a score. */
export interface PairwiseAttempt extends Omit<JudgeAttempt, 'score' | 'parseStrategy'> {
  /** The response the judge preferred, as shown; null when failed. */
  winner: ResponseWinner | null
  parseStrategy: WinnerParseStrategy | null
}

export interface JudgeOptions {
  /** The parent environment the clean judge env is built from (credentials, PATH, OPENCODE_CONFIG). */
  env: NodeJS.ProcessEnv
  /** `provider/model` of the judge. */
  model: string
  /** The user's opencode config (providers only); default OPENCODE_CONFIG from `env`. */
  opencodeConfigPath?: string
  /** Where the judge's private dirs go (under the data dir); each attempt's are deleted afterwards. */
  runRoot: string
  /** Wall-clock limit of one LLM attempt, seconds; default 300. */
  timeoutSec?: number
  /** Wall-clock limit of one command evaluator, seconds; default 600. */
  commandTimeoutSec?: number
  /** No output from opencode for this long stops the attempt; default min(timeoutSec, 120). */
  idleTimeoutSec?: number
  /** The opencode binary; default SKILL_AB_OPENCODE_BIN → bundled package → PATH. */
  bin?: string
  /** SIGTERM → SIGKILL grace, ms; default 3000. */
  graceMs?: number
  /** `server`: judgements are sessions on a warm `opencode serve` (the task's agent.driver); default process. */
  driver?: 'process' | 'server'
  /** The OS sandbox command evaluators run in (their work dir and HOME added); null or absent: none. */
  commandSandbox?: SandboxPolicy | null
}

export interface Judge {
  /** One attempt of `evaluator` (llm or command) on one run. Never throws: failures are attempts too. */
  evaluate(evaluator: EvaluatorSpec, input: JudgeInput, signal: AbortSignal): Promise<JudgeAttempt>
  /**
   * One attempt of a pairwise `evaluator` on two runs, on the same judge (model, isolation, timeout, cancel)
   * as `evaluate`. Never throws.
   */
  compare(evaluator: EvaluatorSpec, input: PairwiseJudgeInput, signal: AbortSignal): Promise<PairwiseAttempt>
  /** Stops what the judge keeps running between attempts (its servers); it may be used again after. */
  close(): Promise<void>
}
