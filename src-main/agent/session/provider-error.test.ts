// The failure classification as a table: each way a run can end, as opencode 1.18.33 reported it (error
// events measured against the scripted LLM's faults and a few one-status servers, both drivers alike),
// with the kind it gets and why.
import { describe, expect, it } from 'vitest'
import { foldEvents } from './run-events'
import { errorInfo, isProviderError } from '../../../src-shared/provider-error'
import type { ProcessResult } from './run-process'
import { classify, processResult } from './session-ending.fixture'
import type { AgentEvent, OutcomeKind } from '../types'

const limits = { timeoutSec: 600, idleTimeoutSec: 120 }
/** opencode exited 1: how it ends after reporting an error. */
const ended = (p: Partial<ProcessResult> = {}): ProcessResult => processResult({ exitCode: 1, ...p })
const error = (name: string, data: Record<string, unknown>): AgentEvent => ({
  type: 'error',
  sessionID: 'ses_1',
  error: { name, data },
})
/** An APIError as opencode reports an HTTP error answer (headers and url trimmed). */
const apiError = (statusCode: number, message: string, isRetryable: boolean): AgentEvent =>
  error('APIError', {
    message,
    statusCode,
    isRetryable,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: JSON.stringify({ error: { message } }),
    metadata: { url: 'http://127.0.0.1:4010/v1/chat/completions' },
  })
const CANNOT_CONNECT = 'Cannot connect to API: Unable to connect. Is the computer able to access the url?'

interface Row {
  why: string
  events: AgentEvent[]
  res?: Partial<ProcessResult>
  kind: OutcomeKind
  message?: string | RegExp
}

const ROWS: Row[] = [
  {
    why: 'HTTP 500 after opencode retried: the provider failed, the skill did not',
    events: [apiError(500, 'scripted internal error', true)],
    kind: 'provider_error',
    message: 'APIError (HTTP 500): scripted internal error',
  },
  {
    why: 'HTTP 503 overloaded: the provider again',
    events: [apiError(503, 'overloaded', true)],
    kind: 'provider_error',
  },
  {
    why: 'HTTP 429 rate limit: the account is out of quota or too busy, the same for both sides',
    events: [apiError(429, 'scripted rate limit exceeded', true)],
    kind: 'provider_error',
    message: 'APIError (HTTP 429): scripted rate limit exceeded',
  },
  {
    why: 'HTTP 401 bad key: says nothing about the skill; the message keeps only what the provider printed',
    events: [apiError(401, 'Incorrect API key provided: sk-scr***', false)],
    kind: 'provider_error',
    message: 'APIError (HTTP 401): Incorrect API key provided: sk-scr***',
  },
  {
    why: 'HTTP 403 not authorized: the account, not the agent',
    events: [apiError(403, 'Your account is not authorized', false)],
    kind: 'provider_error',
  },
  {
    why: 'HTTP 404 model not found: setup (the provider does not serve the model at that url), the same for both sides; no skill can cause it',
    events: [apiError(404, "The model 'agent' does not exist or you do not have access to it.", false)],
    kind: 'provider_error',
  },
  {
    why: 'a closed port (and an unknown host): APIError without a status, after retries',
    events: [error('APIError', { message: CANNOT_CONNECT, isRetryable: true, metadata: { url: 'x' } })],
    kind: 'provider_error',
    message: `APIError: ${CANNOT_CONNECT}`,
  },
  {
    why: 'an unknown host (process driver wording): unreachable, the provider’s',
    events: [
      error('APIError', {
        message: 'Cannot connect to API: Was there a typo in the url or port?',
        isRetryable: true,
      }),
    ],
    kind: 'provider_error',
  },
  {
    why: 'a 200 whose body is no event stream: the provider (or a proxy) sent garbage',
    events: [
      error('UnknownError', {
        message:
          'JSON parsing failed: Text: {"choices": [ garbage <<<.\nError message: JSON Parse error: Unexpected identifier "garbage"',
      }),
    ],
    kind: 'provider_error',
  },
  {
    why: "opencode's own header timeout (provider never answered, retries exhausted)",
    events: [
      error('ProviderHeaderTimeoutError', { message: 'Provider response headers timed out after 3000ms' }),
    ],
    kind: 'provider_error',
  },
  {
    why: 'HTTP 400 context length exceeded (opencode names it ContextOverflowError, no status): a long skill can cause it',
    events: [
      error('ContextOverflowError', {
        message:
          "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        responseBody: '{"error":{"code":"context_length_exceeded"}}',
      }),
    ],
    kind: 'agent_error',
  },
  {
    why: 'any other HTTP 400: an answer to what the agent sent',
    events: [apiError(400, 'Invalid tool schema', false)],
    kind: 'agent_error',
  },
  {
    why: "opencode's opaque UnknownError (e.g. an unknown model, which the pre-flight check catches): not known to be the provider's",
    events: [error('UnknownError', { message: 'Unexpected server error. Check server logs for details.' })],
    kind: 'agent_error',
  },
  {
    why: 'an error event on exit code 0 still fails the run, classified the same way',
    events: [apiError(500, 'late', true)],
    res: { exitCode: 0 },
    kind: 'provider_error',
  },
  {
    why: 'skill-ab stopped it at the idle limit: a timeout, even when a provider error came first',
    events: [apiError(500, 'x', true)],
    res: { stopReason: 'idle', exitCode: null, signal: 'SIGTERM' },
    kind: 'timeout',
  },
  {
    why: "the server driver's abort at the wall-clock limit reports MessageAbortedError: a timeout",
    events: [error('MessageAbortedError', { message: 'Aborted' })],
    res: { stopReason: 'timeout', exitCode: null },
    kind: 'timeout',
  },
  {
    why: 'killed by a signal skill-ab did not send: a crash, counted against the agent',
    events: [apiError(500, 'x', true)],
    res: { exitCode: null, signal: 'SIGKILL' },
    kind: 'crashed',
  },
  {
    why: 'a nonzero exit without an error event: a crash',
    events: [],
    kind: 'crashed',
  },
]

describe('classify: which failures are the provider’s', () => {
  it.each(ROWS)('$kind — $why', (row) => {
    const got = classify(ended(row.res), foldEvents(row.events, 'x'), limits, 'opencode')
    expect(got.kind).toBe(row.kind)
    if (typeof row.message === 'string') expect(got.message).toBe(row.message)
    else if (row.message) expect(got.message).toMatch(row.message)
  })

  it('keeps the stored message short: status and message, never the response body', () => {
    const long = 'x'.repeat(2000)
    const got = classify(ended(), foldEvents([apiError(502, long, true)], 'x'), limits, 'opencode')
    expect(got.kind).toBe('provider_error')
    expect(got.message?.length).toBeLessThan(520)
    expect(got.message).not.toContain('responseBody')
  })
})

describe('isProviderError', () => {
  it.each([
    ['ECONNRESET', 'read ECONNRESET'],
    ['fetch failed', 'fetch failed'],
    ['DNS', 'getaddrinfo ENOTFOUND api.example.com'],
    ['TLS', 'unable to verify the first certificate'],
  ])('a network failure without a status (%s) is the provider’s', (_, message) => {
    expect(isProviderError(errorInfo(error('APIError', { message })))).toBe(true)
  })

  it('a status decides before the message: a 400 mentioning a timeout is still the agent’s', () => {
    expect(isProviderError(errorInfo(apiError(400, 'request timed out: ETIMEDOUT', false)))).toBe(false)
    expect(isProviderError(errorInfo(apiError(408, 'request timeout', true)))).toBe(true)
  })
})
