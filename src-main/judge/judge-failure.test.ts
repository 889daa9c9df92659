// Which failed judge attempts may be retried: timeouts, 5xx, 429 and connection trouble.
import { describe, expect, it } from 'vitest'
import type { AgentEvent } from '../agent/types'
import { isRetryableError, judgeFailure, type FailureFacts } from './judge-failure'

const apiError = (data: Record<string, unknown>, name = 'APIError'): AgentEvent => ({
  type: 'error',
  error: { name, data },
})

// prettier-ignore
const errors: { name: string; event: AgentEvent; retryable: boolean }[] = [
  { name: 'HTTP 500', event: apiError({ message: 'x', statusCode: 500, isRetryable: true }), retryable: true },
  { name: 'HTTP 503', event: apiError({ message: 'x', statusCode: 503 }), retryable: true },
  { name: 'HTTP 429', event: apiError({ message: 'slow down', statusCode: 429 }), retryable: true },
  { name: 'HTTP 408', event: apiError({ message: 'x', statusCode: 408 }), retryable: true },
  { name: 'HTTP 404 model', event: apiError({ message: 'no model', statusCode: 404 }), retryable: false },
  { name: 'HTTP 401 key', event: apiError({ message: 'bad key', statusCode: 401 }), retryable: false },
  { name: 'HTTP 400 even if flagged', event: apiError({ message: 'x', statusCode: 400, isRetryable: true }), retryable: false },
  { name: 'connection refused', event: apiError({ message: 'Cannot connect to API: Unable to connect' }), retryable: true },
  { name: 'header timeout', event: apiError({ message: 'Provider response headers timed out after 3000ms' }, 'ProviderHeaderTimeoutError'), retryable: true },
  { name: 'stream timeout', event: apiError({ message: 'SSE read timed out' }, 'ProviderResponseStreamError'), retryable: true },
  { name: 'flagged retryable', event: apiError({ message: 'x', isRetryable: true }), retryable: true },
  { name: 'opaque unknown error', event: apiError({ message: 'Unexpected server error.' }, 'UnknownError'), retryable: false },
]

describe('isRetryableError', () => {
  it.each(errors)('$name → $retryable', ({ event, retryable }) => {
    expect(isRetryableError(event)).toBe(retryable)
  })
})

const facts = (f: Partial<FailureFacts>): FailureFacts => ({
  kind: 'agent_error',
  message: null,
  events: [],
  stderrTail: '',
  signal: null,
  model: 'p/judge',
  ...f,
})

describe('judgeFailure', () => {
  it('cancel is final and says "canceled"; a timeout may be retried', () => {
    expect(judgeFailure(facts({ kind: 'canceled', message: 'canceled: …' }))).toEqual({
      retryable: false,
      error: 'canceled',
    })
    expect(
      judgeFailure(facts({ kind: 'timeout', message: 'stopped at the wall-clock limit of 300 s' })),
    ).toEqual({
      retryable: true,
      error: 'judge stopped at the wall-clock limit of 300 s',
    })
  })

  it('a provider error carries the provider message and its retryability', () => {
    const event = apiError({ message: 'scripted internal error', statusCode: 500 })
    expect(judgeFailure(facts({ events: [event] }))).toEqual({
      retryable: true,
      error: 'APIError (HTTP 500): scripted internal error',
    })
  })

  it('an unknown judge model (opencode logs the real cause) is not retryable and says what to do', () => {
    const f = judgeFailure(
      facts({
        events: [apiError({ message: 'Unexpected server error.' }, 'UnknownError')],
        stderrTail: 'ERROR ... ProviderModelNotFoundError: Model not found: p/judge.',
      }),
    )
    expect(f.retryable).toBe(false)
    expect(f.error).toMatch(/^judge model p\/judge not found: /)
  })

  it('a crash by an outside signal may be retried; a startup failure may not', () => {
    expect(judgeFailure(facts({ kind: 'crashed', signal: 'SIGKILL', message: 'killed' })).retryable).toBe(
      true,
    )
    expect(judgeFailure(facts({ kind: 'crashed', message: 'exited with code 1' })).retryable).toBe(false)
    expect(judgeFailure(facts({ kind: 'spawn_failed', message: 'ENOENT' }))).toEqual({
      retryable: false,
      error: 'ENOENT',
    })
  })

  it('stopped while opencode waited to retry the provider: the provider’s message, retryable (not the abort’s error)', () => {
    const message =
      'the model provider failed and opencode was waiting to retry: overloaded; stopped after 5 s without any output from opencode'
    const aborted: AgentEvent = { type: 'error', error: { name: 'MessageAbortedError', data: {} } }
    const f = judgeFailure(
      facts({
        kind: 'provider_error',
        message,
        events: [aborted],
        retryable: true,
        providerRetry: 'overloaded',
      }),
    )
    expect(f).toEqual({ retryable: true, error: `judge ${message}` })
  })

  it('a judge server that failed or went away may be retried, from the ending, without being called a timeout', () => {
    const f = judgeFailure(facts({ kind: 'crashed', message: 'opencode serve: HTTP 502', retryable: true }))
    expect(f).toEqual({ retryable: true, error: 'opencode serve: HTTP 502' })
  })
})
