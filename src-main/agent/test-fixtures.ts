// Builders for the session-ending table tests: how an `opencode run` process ended, as runProcess reports it.
import type { ProcessResult } from './run-process'

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
