// Whether a failed judge attempt may be retried: timeouts, 5xx, 429 and connection trouble may.
import { errorMessage } from '../agent/session/run-events'
import type { AgentEvent, OutcomeKind } from '../agent/types'

export interface JudgeFailure {
  retryable: boolean
  error: string
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})

const TRANSIENT =
  /time(d)?\s?out|timeout|cannot connect|unable to connect|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|socket hang up|network|fetch failed|overloaded|rate limit/i

/** opencode's opaque UnknownError for an unknown model names the real cause only in its log. */
const MODEL_NOT_FOUND = /ProviderModelNotFoundError|Model not found/

/** Whether an `error` event from the judge's opencode describes a transient provider failure. */
export function isRetryableError(event: AgentEvent): boolean {
  const error = obj(event.error)
  const data = obj(error.data)
  const status = typeof data.statusCode === 'number' ? data.statusCode : null
  if (status !== null) return status === 408 || status === 429 || status >= 500
  if (data.isRetryable === true) return true
  const name = typeof error.name === 'string' ? error.name : ''
  const message = typeof data.message === 'string' ? data.message : ''
  return TRANSIENT.test(`${name} ${message}`)
}

export interface FailureFacts {
  /** A judgement's session never ends `not_isolated` (that is an agent run's pre-session check). */
  kind: Exclude<OutcomeKind, 'ok' | 'not_isolated'>
  /** The driver's classification message (provider message, timeout, crash with stderr). */
  message: string | null
  events: readonly AgentEvent[]
  stderrTail: string
  /** Killed by a signal the app did not send. */
  signal: string | null
  /** How the session ended says another attempt may go well (a server gone, a foreign kill, a timeout). */
  retryable?: boolean
  /** The provider's error opencode was waiting to retry when the watchdog stopped the judge (`message` says it). */
  providerRetry?: string | null
  model: string
}

/** The error and retryability of a judge process that did not end well. */
export function judgeFailure(f: FailureFacts): JudgeFailure {
  switch (f.kind) {
    case 'canceled':
      return { retryable: false, error: 'canceled' }
    case 'timeout':
      return { retryable: f.retryable ?? true, error: `judge ${f.message ?? 'timed out'}` }
    case 'spawn_failed':
      return { retryable: false, error: f.message ?? 'could not start opencode for the judge' }
    case 'crashed':
      // A process killed from outside may go well next time; a startup failure (bad config) will not.
      return { retryable: f.retryable ?? f.signal !== null, error: f.message ?? 'the judge process crashed' }
    case 'agent_error':
    case 'provider_error': {
      // Stopped while opencode waited to retry the provider: the provider's failure, and it may pass.
      if (f.providerRetry) return { retryable: true, error: `judge ${f.message ?? f.providerRetry}` }
      const last = [...f.events].reverse().find((e) => e.type === 'error')
      const notFound = MODEL_NOT_FOUND.exec(f.stderrTail)
      if (notFound)
        return {
          retryable: false,
          error: `judge model ${f.model} not found: define it in your opencode config, or set judge.model to a model opencode knows`,
        }
      const error = last ? errorMessage(last) : (f.message ?? 'the judge reported an error')
      return { retryable: last ? isRetryableError(last) : false, error }
    }
  }
}
