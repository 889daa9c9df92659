// A judge's answer turned into an attempt: a parsed score, a parsed winner, or a failure (unparseable output
// is a retryable failure). Shared by the process and server paths of the judge runner.
import { zeroTokens } from '../agent/session/run-events'
import type { EvaluatorSpec } from './evaluators'
import { parseExpectationsOutput, verdictReason } from './parse-expectations'
import type { JudgeAttempt, PairwiseAttempt } from './judge-types'
import { parseJudgeOutput } from './parse-output'
import { parseWinnerOutput } from './parse-winner'

/** An attempt that ended before (or without) a judge process: no tokens, no session. */
export function failedAttempt(
  fields: Pick<JudgeAttempt, 'error' | 'retryable'> & Partial<JudgeAttempt>,
  startedMs: number,
): JudgeAttempt {
  return {
    status: 'failed',
    score: null,
    reason: '',
    rawOutput: '',
    parseStrategy: null,
    condensedInput: '',
    tokens: zeroTokens(),
    costUsd: null,
    sessionId: null,
    durationMs: Date.now() - startedMs,
    ...fields,
  }
}

/** What the judge sent back: a final text to parse (with what the attempt cost), or a failed attempt. */
export type JudgeAnswerText =
  | { ok: true; text: string; common: AttemptCommon; started: number; redact: (text: string) => string }
  | { ok: false; attempt: JudgeAttempt }

export type AttemptCommon = Pick<
  JudgeAttempt,
  'rawOutput' | 'condensedInput' | 'tokens' | 'costUsd' | 'sessionId'
>

/** A scoring judge's answer as an attempt: its parsed score, or an unparseable (retryable) failure. */
export function scoreAttempt(
  a: Extract<JudgeAnswerText, { ok: true }>,
  evaluator: EvaluatorSpec,
): JudgeAttempt {
  const parsed = parseJudgeOutput(a.text, evaluator.scale)
  if (!parsed.ok)
    return failedAttempt(
      { ...a.common, retryable: true, error: `unparseable judge output: ${parsed.error}` },
      a.started,
    )
  return {
    ...a.common,
    status: 'done',
    score: parsed.score,
    reason: a.redact(parsed.reason),
    parseStrategy: parsed.strategy,
    retryable: false,
    error: null,
    durationMs: Date.now() - a.started,
  }
}

/** An expectations judge's answer as an attempt: a verdict per expectation and the share passed, or a failure. */
export function expectationsAttempt(
  a: Extract<JudgeAnswerText, { ok: true }>,
  expectations: readonly string[],
): JudgeAttempt {
  const parsed = parseExpectationsOutput(a.text, expectations)
  if (!parsed.ok)
    return failedAttempt(
      { ...a.common, retryable: true, error: `unparseable judge output: ${parsed.error}` },
      a.started,
    )
  const verdicts = parsed.verdicts.map((v) => ({ ...v, evidence: a.redact(v.evidence) }))
  return {
    ...a.common,
    status: 'done',
    score: parsed.score,
    reason: verdictReason(verdicts),
    parseStrategy: parsed.strategy,
    retryable: false,
    error: null,
    durationMs: Date.now() - a.started,
    expectations: verdicts,
  }
}

/** A pairwise judge's answer as an attempt: its parsed winner, or an unparseable (retryable) failure. */
export function winnerAttempt(a: Extract<JudgeAnswerText, { ok: true }>): PairwiseAttempt {
  const parsed = parseWinnerOutput(a.text)
  if (!parsed.ok)
    return toPairwise(
      failedAttempt(
        { ...a.common, retryable: true, error: `unparseable judge output: ${parsed.error}` },
        a.started,
      ),
    )
  return {
    ...a.common,
    status: 'done',
    winner: parsed.winner,
    reason: a.redact(parsed.reason),
    parseStrategy: parsed.strategy,
    retryable: false,
    error: null,
    durationMs: Date.now() - a.started,
  }
}

/** A failed attempt as a pairwise one (no winner). */
export function toPairwise(attempt: JudgeAttempt): PairwiseAttempt {
  const { score: _score, parseStrategy: _strategy, ...rest } = attempt
  return { ...rest, winner: null, parseStrategy: null }
}
