// Unit tests of outcome classification: who stopped the process, exit code, signal, error event.
import { describe, expect, it } from 'vitest'
import { foldEvents } from './events'
import { classify } from './outcome'
import type { ProcessResult } from './run-process'

const res = (p: Partial<ProcessResult>): ProcessResult => ({
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
  ...p,
})
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
