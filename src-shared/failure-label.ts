// How a failed execution is named to a person (CLI lines, badges, the run view), and whether it counts.
import type { FailureType } from './run-state'

export const FAILURE_LABEL: Record<FailureType, string> = {
  agent_error: 'agent error',
  timeout: 'timeout',
  crashed: 'crashed',
  spawn_failed: 'could not start',
  interrupted: 'interrupted',
  canceled: 'canceled',
  provider_error: 'provider error',
  judge_tampering: 'judge tampering',
}

/** A clause (lowercase, no final period): what the failure means for the verdict and what to do about it. */
export const FAILURE_MEANING: Record<FailureType, string> = {
  agent_error: "the agent's own error: it counts against its side",
  timeout: 'the agent hit the wall-clock or idle limit: it counts against its side',
  crashed: 'opencode died during the run: it counts against its side',
  spawn_failed: 'opencode could not be started: not counted; fix the setup, then `run --rerun failed`',
  interrupted: 'skill-ab stopped before the run ended: not counted; continuing the task executes it again',
  canceled: 'canceled: not counted; continuing the task executes it again',
  provider_error:
    'the model provider failed (5xx, rate limit, network or credentials): not counted against either ' +
    'side; continuing the task executes it again',
  judge_tampering:
    'what the judge reads addresses the grader or asks for a score: it counts against its side; clear a false ' +
    'flag with a correction (evaluator `judge-tampering`)',
}

export function failureLabel(failureType: FailureType): string {
  return FAILURE_LABEL[failureType]
}
