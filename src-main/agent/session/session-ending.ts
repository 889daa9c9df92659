// How one supervised opencode session ended (agent run or judgement, on either transport), typed once, and
// the one mapping of that ending to the stored RunOutcome kinds (rc 0 is only "ok", never success).
// Stopped by skill-ab: canceled / timeout (wall clock or idle), unless opencode was waiting to retry the
// model provider's error then: provider_error. An error opencode reported: provider_error when the model
// provider failed (5xx, 429, auth, unreachable: provider-error.ts), else agent_error.
// Otherwise a nonzero exit, a foreign signal or a server that went away: crashed.
import type { FoldedEvents } from './run-events'
import { describeError, isProviderError, type AgentErrorInfo } from '../../../src-shared/provider-error'
import { stderrSummary, type Classified, type Limits } from './outcome-kind'
import type { ProcessResult } from './run-process'

export type EndingKind = 'exited' | 'timeout' | 'idle' | 'canceled' | 'launch_failed' | 'server_gone'

export interface SessionEnding {
  kind: EndingKind
  /** launch_failed / server_gone: what happened, in words. */
  message: string | null
  /** exited: the exit code (a server session: 1 when opencode reported an error, else 0). */
  exitCode: number | null
  /** exited: a signal skill-ab did not send. */
  signal: string | null
  /** For a crash message: the session's stderr tail and stray stdout lines. */
  stderrTail: string
  noise: string[]
  /**
   * Another attempt may go well: a server gone, a foreign kill, a timeout. Never read from the kind: a
   * server's 5xx is `server_gone` and retryable, not a relabelled timeout. (An error the session itself
   * reported is judged by its status: judge-failure.ts.)
   */
  retryable: boolean
  /**
   * timeout / idle: the model provider's error opencode was waiting to retry when the watchdog stopped the
   * session (provider-retry.ts); the stop is then the provider's failure, not the agent's. Else null.
   */
  providerRetry: string | null
}

/** The ending of an `opencode run` process (or any process runProcess supervised); `providerRetry` as read at the stop. */
export function processEnding(
  res: ProcessResult,
  bin: string,
  providerRetry: string | null = null,
): SessionEnding {
  const base = {
    stderrTail: res.stderrTail,
    noise: res.noise,
    exitCode: null,
    signal: null,
    providerRetry: null,
  }
  if (res.spawnError)
    return {
      ...base,
      kind: 'launch_failed',
      message: `could not start opencode (${bin}): ${res.spawnMessage ?? res.spawnError}`,
      retryable: false,
    }
  if (res.stopReason)
    return {
      ...base,
      kind: res.stopReason,
      message: null,
      retryable: true,
      providerRetry: stoppedRetry(res.stopReason, providerRetry),
    }
  return {
    ...base,
    kind: 'exited',
    message: null,
    exitCode: res.exitCode,
    signal: res.signal,
    retryable: res.signal !== null,
  }
}

/** An ending without a process result: a session on a server, or one that never started. */
export function ending(
  kind: Exclude<EndingKind, 'exited'>,
  message: string | null = null,
  stderrTail = '',
  providerRetry: string | null = null,
): SessionEnding {
  const retryable = kind !== 'canceled' && kind !== 'launch_failed'
  return {
    kind,
    message,
    exitCode: null,
    signal: null,
    stderrTail,
    noise: [],
    retryable,
    providerRetry: stoppedRetry(kind, providerRetry),
  }
}

/**
 * A provider that did not answer in time: opencode's header timeout (set just under the idle limit) then
 * a retry. Still a timeout: a slow answer may be the skill's doing (a longer prompt), so it is not dropped.
 */
const PROVIDER_TOO_SLOW = /timed out|timeout/i

/**
 * Only a watchdog's stop is the provider's failure when opencode was retrying a provider error (a 5xx, 429,
 * unreachable); a cancel stays the user's, a provider too slow to answer stays a timeout.
 */
function stoppedRetry(kind: EndingKind, providerRetry: string | null): string | null {
  if (kind !== 'timeout' && kind !== 'idle') return null
  return providerRetry && !PROVIDER_TOO_SLOW.test(providerRetry) ? providerRetry : null
}

/** A server session that finished on its own: exit code 1 when opencode reported an error, as `run` does. */
export function exitedOnServer(folded: FoldedEvents, stderrTail: string): SessionEnding {
  const exitCode = folded.errorMessage !== null ? 1 : 0
  return {
    kind: 'exited',
    message: null,
    exitCode,
    signal: null,
    stderrTail,
    noise: [],
    retryable: false,
    providerRetry: null,
  }
}

/** The RunOutcome kind and message of an ending: the one place the two vocabularies meet. */
export function outcomeOf(end: SessionEnding, folded: FoldedEvents, limits: Limits): Classified {
  switch (end.kind) {
    case 'launch_failed':
      return { kind: 'spawn_failed', message: end.message }
    case 'canceled':
      return { kind: 'canceled', message: 'canceled: the agent process was stopped' }
    case 'timeout':
    case 'idle':
      return stoppedOutcome(end, limits)
    case 'server_gone':
      return { kind: 'crashed', message: end.message }
    case 'exited':
      return exitedOutcome(end, folded)
  }
}

const MAX_SAID = 500

/** A watchdog's stop: a timeout, or the provider's failure when opencode was waiting to retry it. */
function stoppedOutcome(end: SessionEnding, limits: Limits): Classified {
  const stopped =
    end.kind === 'timeout'
      ? `stopped at the wall-clock limit of ${limits.timeoutSec} s (${limits.section ?? 'agent'}.timeoutSec)`
      : `stopped after ${limits.idleTimeoutSec} s without any output from opencode (${limits.section === 'judge' ? 'judge.timeoutSec, at most 120 s' : 'agent.idleTimeoutSec'})`
  const said = end.providerRetry
  if (said === null) return { kind: 'timeout', message: stopped }
  const bounded = said.length > MAX_SAID ? `${said.slice(0, MAX_SAID)}…` : said
  return {
    kind: 'provider_error',
    message: `the model provider failed and opencode was waiting to retry: ${bounded}; ${stopped}`,
  }
}

function exitedOutcome(end: SessionEnding, folded: FoldedEvents): Classified {
  const tail = stderrSummary(end.stderrTail, end.noise)
  const withTail = (m: string): string => (tail ? `${m}; stderr: ${tail}` : m)
  if (folded.error !== null && end.signal === null && end.exitCode !== 0) return reported(folded.error)
  if (end.signal !== null)
    return { kind: 'crashed', message: withTail(`opencode was killed by ${end.signal}, not by skill-ab`) }
  if (end.exitCode !== 0)
    return { kind: 'crashed', message: withTail(`opencode exited with code ${end.exitCode ?? 'unknown'}`) }
  if (folded.error !== null) return reported(folded.error)
  return { kind: 'ok', message: null }
}

/** An error opencode reported: the model provider's (not counted against the agent), else the agent's own. */
function reported(error: AgentErrorInfo): Classified {
  return { kind: isProviderError(error) ? 'provider_error' : 'agent_error', message: describeError(error) }
}
