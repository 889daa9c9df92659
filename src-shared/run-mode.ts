// How a `run` / Start treats the task's runs: one shape for CLI and app.

import type { FailureType, RunStatus } from './run-state'

export type RunMode =
  /**
   * Create or resume: pending and canceled runs execute, and so do failures that are no result (interrupted,
   * provider_error); executed runs without a result are judged.
   */
  | { kind: 'submit' }
  /** The first `cases` selected cases, round 1 only: a cheap check before paying for the whole task. */
  | { kind: 'trial'; cases: number }
  /** Also re-execute execution failures and re-judge evaluation failures (never re-executing those). */
  | { kind: 'retry-failed' }
  /** Re-execute every run (same task, same batch). */
  | { kind: 'retry-all' }
  /** Only cases new to the task (added to the dataset or to `cases`) run; the rest is left alone. */
  | { kind: 'append' }
  /** Re-execute exactly these runs (ids of this task), whatever their state. */
  | { kind: 'retry-selected'; runIds: string[] }

export const SUBMIT: RunMode = { kind: 'submit' }

/**
 * Failures a plain resume executes again: they are no result about the agent (skill-ab stopped, or the
 * model provider failed) and their cause may be gone. The agent's own failures stay (they are results);
 * `--rerun failed` re-executes those too.
 */
export const RESUMED_FAILURES: readonly FailureType[] = ['interrupted', 'provider_error']

/** Whether a plain start or resume executes this run: never started, canceled, or a resumed failure. */
export function executesOnResume(run: { status: RunStatus; failureType: FailureType | null }): boolean {
  return (
    run.status === 'pending' ||
    run.status === 'canceled' ||
    (run.status === 'failed' && run.failureType !== null && RESUMED_FAILURES.includes(run.failureType))
  )
}
