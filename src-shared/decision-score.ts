// The score a run brings to the decision, shared by the statistics and every view of per-case means, so a
// table or plot never shows other means than the verdict was computed from.
import { isAttributableFailure, type FailureType, type RunStatus } from './run-state'

/** policy.failedRunScore: 0 (the default) or "missing". */
export type FailedRunScore = 0 | 'missing'

/**
 * Its own score when scored; `failedRunScore` (0 by default) when it failed in a way the agent under test
 * is answerable for (timeout, crash, the agent's own error); else missing (null): unscored, pending, or a
 * failure that is not the agent's (provider error, launch failure, interruption, cancel).
 */
export function decisionScore(
  score: number | null,
  failureType: FailureType | null | undefined,
  failedRunScore: FailedRunScore,
): number | null {
  if (typeof score === 'number' && Number.isFinite(score)) return score
  if (failedRunScore === 0 && isAttributableFailure(failureType)) return 0
  return null
}

/** decisionScore of a run as views hold it: only a scored run has a score, only a failed one a failure. */
export function runDecisionScore(
  run: { status: RunStatus; score: number | null; failureType: FailureType | null },
  failedRunScore: FailedRunScore,
): number | null {
  return decisionScore(
    run.status === 'scored' ? run.score : null,
    run.status === 'failed' ? run.failureType : null,
    failedRunScore,
  )
}
