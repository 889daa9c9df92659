// Unit tests of how a session ended → its RunOutcome kind: who stopped the process, exit code, signal, error event.
import { describe, expect, it } from 'vitest'
import { foldEvents } from './run-events'
import { ending, exitedOnServer, outcomeOf, processEnding } from './session-ending'
import { classify, processResult as res } from './session-ending.fixture'

const limits = { timeoutSec: 600, idleTimeoutSec: 120 }
const none = foldEvents([], 'x')
const withError = foldEvents([{ type: 'error', error: { name: 'APIError', data: { message: 'boom' } } }], 'x')

describe('classify', () => {
  it('maps every way a run ends to its kind', () => {
    expect(classify(res({}), none, limits, 'oc').kind).toBe('ok')
    expect(
      classify(res({ pid: null, spawnError: 'ENOENT', spawnMessage: 'spawn ENOENT' }), none, limits, 'oc'),
    ).toMatchObject({
      kind: 'spawn_failed',
      message: expect.stringContaining('ENOENT'),
    })
    expect(
      classify(res({ stopReason: 'canceled', exitCode: null, signal: 'SIGTERM' }), none, limits, 'oc').kind,
    ).toBe('canceled')
    expect(classify(res({ stopReason: 'timeout', signal: 'SIGTERM' }), none, limits, 'oc').message).toContain(
      '600 s',
    )
    expect(classify(res({ stopReason: 'idle', signal: 'SIGKILL' }), none, limits, 'oc').message).toContain(
      '120 s',
    )
    expect(classify(res({ exitCode: 1 }), withError, limits, 'oc')).toEqual({
      kind: 'agent_error',
      message: 'APIError: boom',
    })
    const crash = classify(
      res({ exitCode: 1, stderrTail: 'line1\nConfiguration is invalid\n' }),
      none,
      limits,
      'oc',
    )
    expect(crash.kind).toBe('crashed')
    expect(crash.message).toContain('Configuration is invalid')
    expect(classify(res({ exitCode: null, signal: 'SIGKILL' }), withError, limits, 'oc').kind).toBe('crashed')
  })
})

describe('outcomeOf', () => {
  it('a server gone is a crash another attempt may retry; a timeout stays a timeout; a refusal is final', () => {
    const gone = ending('server_gone', 'opencode serve: HTTP 502')
    expect(gone.retryable).toBe(true)
    expect(outcomeOf(gone, none, limits)).toEqual({ kind: 'crashed', message: 'opencode serve: HTTP 502' })
    expect(outcomeOf(ending('timeout'), none, { ...limits, section: 'judge' })).toEqual({
      kind: 'timeout',
      message: 'stopped at the wall-clock limit of 600 s (judge.timeoutSec)',
    })
    const refused = ending('launch_failed', 'opencode serve refused the judgement: HTTP 400')
    expect(refused.retryable).toBe(false)
    expect(outcomeOf(refused, none, limits).kind).toBe('spawn_failed')
    expect(ending('canceled').retryable).toBe(false)
  })

  it('a server session that finished: ok, or the error it reported (exit code 1, as `opencode run`)', () => {
    expect(outcomeOf(exitedOnServer(none, ''), none, limits)).toEqual({ kind: 'ok', message: null })
    const failed = exitedOnServer(withError, '')
    expect(failed.exitCode).toBe(1)
    expect(outcomeOf(failed, withError, limits)).toMatchObject({
      kind: 'agent_error',
      message: expect.stringContaining('boom'),
    })
  })

  it('a watchdog stop while opencode waits to retry the provider is the provider’s error, with its message; a cancel stays canceled', () => {
    const said = 'scripted service unavailable'
    const idle = outcomeOf(ending('idle', null, '', said), none, limits)
    expect(idle).toEqual({
      kind: 'provider_error',
      message: `the model provider failed and opencode was waiting to retry: ${said}; stopped after 120 s without any output from opencode (agent.idleTimeoutSec)`,
    })
    const wall = processEnding(res({ stopReason: 'timeout', signal: 'SIGTERM' }), 'oc', said)
    expect(wall.retryable).toBe(true)
    expect(outcomeOf(wall, none, limits)).toMatchObject({
      kind: 'provider_error',
      message: expect.stringContaining(`${said}; stopped at the wall-clock limit of 600 s`),
    })
    expect(outcomeOf(ending('canceled', null, '', said), none, limits).kind).toBe('canceled')
    expect(outcomeOf(ending('idle'), none, limits).kind).toBe('timeout')
    // A provider too slow to answer (opencode's header timeout, then a retry) is not dropped as the provider's.
    expect(outcomeOf(ending('idle', null, '', 'The operation timed out.'), none, limits).kind).toBe('timeout')
    const long = outcomeOf(ending('timeout', null, '', 'x'.repeat(5000)), none, limits)
    expect(long.message?.length).toBeLessThan(700)
  })
})
