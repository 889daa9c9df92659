// Service-level errors a front door turns into a clear message and exit code 2.
import { UserError } from '../../../src-shared/user-error'

/** A resume refused because the skill, baseline, a case, a model or an evaluator changed: what differs, and what to do instead. */
export function resumeConflict(taskName: string, conflicts: string[]): UserError {
  return new UserError(
    'conflict',
    `task "${taskName}" already exists and this config cannot resume it:\n` +
      conflicts.map((c) => `  - ${c}`).join('\n') +
      '\nA resume may only change cases, repeatRounds, concurrency, timeouts, judge retries, the driver and the policy.' +
      '\nTo measure the changed setup, give the task a new "name" or the skill a new "label".',
  )
}

/**
 * A second `run` of a task whose owner process is alive. The only `busy` error the services raise, so kind
 * `busy` means "another process holds the task" (its status is that process's to set).
 */
export function taskBusy(taskName: string, owner: string): UserError {
  return new UserError(
    'busy',
    `task "${taskName}" is being run by another Skill A/B process (${owner}): wait for it or stop it first`,
  )
}
