// Builders for the session-ending table tests: how an `opencode run` process ended, as runProcess reports it,
// and the outcome such a process gets.
import type { FoldedEvents } from './run-events'
import type { ProcessResult } from './run-process'
import { outcomeOf, processEnding } from './session-ending'

/** A process that started and exited 0 on its own, unless `over` says otherwise. */
export const processResult = (over: Partial<ProcessResult> = {}): ProcessResult => ({
  spawnError: null,
  spawnMessage: null,
  pid: 1,
  exitCode: 0,
  signal: null,
  stopReason: null,
  events: [],
  stderrTail: '',
  noise: [],
  leftovers: 0,
  ...over,
})

/** The RunOutcome kind and message of an `opencode run` process that ended as `res` said. */
export const classify = (
  res: ProcessResult,
  folded: FoldedEvents,
  limits: { timeoutSec: number; idleTimeoutSec: number },
  bin: string,
) => outcomeOf(processEnding(res, bin), folded, limits)
