// Whether an error opencode reports is the model provider's (not attributable to the agent under test) or
// the agent's own. A provider error says nothing about the skill: the run stays missing, never scores 0.
import type { AgentEvent } from './agent-event'

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})

/** The parts of an opencode `error` event (`session.error` under serve) the classification reads. */
export interface AgentErrorInfo {
  /** opencode's error class: APIError, UnknownError, ProviderAuthError, MessageAbortedError, … */
  name: string
  message: string | null
  /** The provider's HTTP status, when it answered with one. */
  statusCode: number | null
}

export function errorInfo(event: AgentEvent): AgentErrorInfo {
  const error = obj(event.error)
  const data = obj(error.data)
  return {
    name: typeof error.name === 'string' && error.name ? error.name : 'error',
    message: typeof data.message === 'string' && data.message ? data.message : null,
    statusCode: typeof data.statusCode === 'number' ? data.statusCode : null,
  }
}

/**
 * HTTP statuses that say nothing about the request the agent built: the provider failed (5xx), is
 * overloaded or rate-limiting (429, 408), refuses the credentials (401, 403) or does not serve the
 * configured model at that address (404: setup, the same for both sides; no skill can cause it). Every
 * other 4xx (400 context length exceeded, 413, 422 …) answers what the agent sent, which the skill may
 * have caused: the agent's error.
 */
function isProviderStatus(status: number): boolean {
  return (
    status >= 500 || status === 429 || status === 408 || status === 401 || status === 403 || status === 404
  )
}

/**
 * opencode's own errors for a provider that refused the credentials, never answered, or broke off its
 * answer (raised after opencode's retries, when `headerTimeout` / `chunkTimeout` are shorter than the run's
 * limits).
 */
const PROVIDER_ERROR_NAMES = new Set([
  'ProviderAuthError',
  'ProviderHeaderTimeoutError',
  'ProviderResponseStreamError',
])

/**
 * Failures before any HTTP status: refused/reset connections, DNS, TLS, fetch itself (opencode says
 * "Cannot connect to API: Unable to connect…" for a closed port and an unknown host alike).
 */
const NETWORK =
  /cannot connect to api|unable to connect|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|socket hang up|connection (was )?(refused|reset|closed)|fetch failed|getaddrinfo|certificate|\bTLS\b|\bSSL\b/i

/**
 * A response body that is no event stream (`UnknownError: JSON parsing failed: Text: …`, the AI SDK
 * failing on a chunk the provider sent): the provider's or a proxy's answer is broken. A model's own
 * malformed output (tool arguments) is a tool error instead, and the run goes on.
 */
const BROKEN_RESPONSE = /^JSON parsing failed: Text:/

/** The error is the model provider's (5xx, 429, auth, 404, unreachable, broken stream), not the agent's. */
export function isProviderError(info: AgentErrorInfo): boolean {
  if (info.statusCode !== null) return isProviderStatus(info.statusCode)
  if (PROVIDER_ERROR_NAMES.has(info.name)) return true
  const message = info.message ?? ''
  return NETWORK.test(message) || BROKEN_RESPONSE.test(message)
}

const MAX_MESSAGE = 500

/** What the run's failure_message says: the provider's status and message, bounded (no response body). */
export function describeError(info: AgentErrorInfo): string {
  const status = info.statusCode !== null ? ` (HTTP ${info.statusCode})` : ''
  const text = info.message ? `${info.name}${status}: ${info.message}` : `${info.name}${status}`
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text
}
