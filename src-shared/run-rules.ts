// Which runs each action applies to, and the per-case numbers every view shows: one home, so the CLI,
// the engine, the api and the renderer never disagree about a run. Pure; no I/O.
import type { TokenCounts } from './agent-event'
import { runDecisionScore, type FailedRunScore } from './decision-score'
import { EVALUATION_FAILURES, type FailureType, type RunStatus, type Side } from './run-state'
import { executesOnResume } from './run-mode'

/** What the rules need of a run: its state (rows, views and export entries all have it). */
export interface RunState {
  status: RunStatus
  failureType: FailureType | null
}

/**
 * Whether a judge result scores the run's current execution: one of an earlier attempt,
 * before a re-run, does not; a result without a session id (judged before they were recorded) counts.
 */
export function judgesCurrentExecution(
  result: { sessionId: string | null },
  run: { sessionId: string | null },
): boolean {
  return result.sessionId === null || result.sessionId === run.sessionId
}

/** Whether a plain start or resume executes this run: never started, canceled, interrupted, or a provider failure. */
export function needsExecution(run: RunState): boolean {
  return executesOnResume(run)
}

/**
 * A plain start or resume still has work for this run: to execute it (`needsExecution`), to finish it, or to
 * judge it. A task is done when none of the runs its decision counts has any.
 */
export function awaitsWork(run: RunState): boolean {
  return (
    needsExecution(run) ||
    run.status === 'running' ||
    run.status === 'executed' ||
    run.status === 'evaluating'
  )
}

/** The execution completed (the judge has something to look at), including while it is being judged. */
export function hasExecuted(run: RunState): boolean {
  return run.status === 'evaluating' || canReevaluate(run)
}

/** A run a judge may look at again: executed, scored, or an evaluation failure (its execution kept). */
export function canReevaluate(run: RunState): boolean {
  return (
    run.status === 'executed' ||
    run.status === 'scored' ||
    (run.status === 'failed' && (run.failureType === null || EVALUATION_FAILURES.includes(run.failureType)))
  )
}

/** A finished run that may go back to the queue (never one that is running or being judged). */
export function canRerun(run: RunState): boolean {
  return (
    run.status === 'executed' ||
    run.status === 'scored' ||
    run.status === 'failed' ||
    run.status === 'canceled'
  )
}

/** Every token a run used: input, output, reasoning and both cache directions. */
export function totalTokens(t: TokenCounts): number {
  return t.input + t.output + t.reasoning + t.cacheRead + t.cacheWrite
}

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null
  let sum = 0
  for (const x of xs) sum += x
  return sum / xs.length
}

/** z of a two-sided 95% normal interval: the per-case bars of the plots. */
export const Z_95 = 1.96

/** What per-case means read of a run: its case and side, its state and its score (a scored run's only). */
export interface ScoredRun extends RunState {
  caseId: string
  side: Side
  score: number | null
  /** Its session ran without evidence that it was offered exactly its side's skills: missing (offered-skills.ts). */
  withoutEvidence?: boolean
}

/** One case: each side's scores as the decision counts them, their means and b − a. */
export interface CaseMean {
  caseId: string
  scores: Record<Side, number[]>
  a: number | null
  b: number | null
  /** Mean b − mean a; null unless both sides have a score. */
  delta: number | null
  /** Standard error of `delta` (Welch); null unless each side has ≥ 2 scores. */
  se: number | null
}

function variance(xs: readonly number[], m: number): number {
  let ss = 0
  for (const x of xs) ss += (x - m) ** 2
  return ss / (xs.length - 1)
}

/**
 * Per case, in first-seen order: each side's mean over its rounds' scores as the decision counts them
 * (`failedRunScore` for the agent's own failures; other failures, unscored runs and runs without evidence are
 * missing).
 */
export function caseMeans(runs: Iterable<ScoredRun>, failedRunScore: FailedRunScore): Map<string, CaseMean> {
  const out = new Map<string, CaseMean>()
  for (const run of runs) {
    let entry = out.get(run.caseId)
    if (!entry) {
      entry = { caseId: run.caseId, scores: { a: [], b: [] }, a: null, b: null, delta: null, se: null }
      out.set(run.caseId, entry)
    }
    const score = run.withoutEvidence ? null : runDecisionScore(run, failedRunScore)
    if (score !== null) entry.scores[run.side].push(score)
  }
  for (const e of out.values()) {
    e.a = mean(e.scores.a)
    e.b = mean(e.scores.b)
    e.delta = e.a !== null && e.b !== null ? e.b - e.a : null
    const { a, b } = e.scores
    e.se =
      e.a !== null && e.b !== null && a.length >= 2 && b.length >= 2
        ? Math.sqrt(variance(a, e.a) / a.length + variance(b, e.b) / b.length)
        : null
  }
  return out
}
