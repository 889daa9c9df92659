// Run and task states (docs/run-states.md, binding names) and the transitions the engine may make.

export const SIDES = ['a', 'b'] as const
export type Side = (typeof SIDES)[number]

export const RUN_STATUSES = [
  'pending',
  'running',
  'executed',
  'evaluating',
  'scored',
  'failed',
  'canceled',
] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

/**
 * Why a run failed: its execution, or (`judge_tampering`) what it left for the judge. `null` on a failed run
 * means the evaluation failed (the execution is kept).
 */
export const FAILURE_TYPES = [
  'agent_error',
  'timeout',
  'crashed',
  'spawn_failed',
  'interrupted',
  'canceled',
  'provider_error',
  'judge_tampering',
] as const
export type FailureType = (typeof FAILURE_TYPES)[number]

/**
 * Failures the agent under test is answerable for: they score `policy.failedRunScore` (0 by default) and
 * count in the failures dimension. The others (the model provider's 5xx / 429 / network errors, a launch
 * failure, a crash of skill-ab itself, a cancel) stay missing and never count against a side.
 */
export const ATTRIBUTABLE_FAILURES: readonly FailureType[] = [
  'agent_error',
  'timeout',
  'crashed',
  'judge_tampering',
]

/**
 * Failures found when the run is judged, its execution kept: the tamper screen found text for the grader in
 * what the judge reads (docs/decision.md). Judging it again screens it again.
 */
export const EVALUATION_FAILURES: readonly FailureType[] = ['judge_tampering']

export function isAttributableFailure(failureType: FailureType | null | undefined): boolean {
  return !!failureType && ATTRIBUTABLE_FAILURES.includes(failureType)
}

export const TASK_STATUSES = ['idle', 'running', 'done', 'canceled'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

const ALLOWED: Record<RunStatus, readonly RunStatus[]> = {
  pending: ['running', 'canceled'],
  running: ['executed', 'failed', 'canceled'],
  executed: ['evaluating', 'pending'],
  evaluating: ['scored', 'failed', 'executed'],
  scored: ['evaluating', 'pending'],
  failed: ['evaluating', 'pending'],
  canceled: ['pending'],
}

/** Whether the state machine allows `from → to`. `→ pending` is a deliberate re-run (`--rerun`). */
export function canTransition(from: RunStatus, to: RunStatus): boolean {
  return ALLOWED[from].includes(to)
}

export function isTerminal(status: RunStatus): boolean {
  return status === 'scored' || status === 'failed' || status === 'canceled'
}

/** An execution failure offers re-run; an evaluation failure (failure_type null) offers re-evaluate. */
export function isExecutionFailure(status: RunStatus, failureType: FailureType | null): boolean {
  return (
    (status === 'failed' && failureType !== null && !EVALUATION_FAILURES.includes(failureType)) ||
    status === 'canceled'
  )
}
