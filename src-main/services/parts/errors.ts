// Service-level errors a front door turns into a clear message and exit code 2.
import { UserError } from '../../../src-shared/user-error'

/** A resume refused because the skill, baseline, a case, a model or an evaluator changed: what differs, and what to do instead. */
export class ResumeConflictError extends UserError {
  override name = 'ResumeConflictError'
  constructor(
    readonly taskName: string,
    readonly conflicts: string[],
  ) {
    super(
      'conflict',
      `task "${taskName}" already exists and this config cannot resume it:\n` +
        conflicts.map((c) => `  - ${c}`).join('\n') +
        '\nA resume may only change cases, repeatRounds, concurrency, timeouts, judge retries, the driver and the policy.' +
        '\nTo measure the changed setup, give the task a new "name" or the skill a new "label".',
    )
  }
}

/** A second `run` of a task whose owner process is alive. */
export class TaskBusyError extends UserError {
  override name = 'TaskBusyError'
  constructor(taskName: string, owner: string) {
    super(
      'busy',
      `task "${taskName}" is being run by another Skill A/B process (${owner}): wait for it or stop it first`,
    )
  }
}
