import { describe, expect, it } from 'vitest'
import { foldEvents } from '../session/run-events'
import { ServeEventMapper } from './bus-events'
import type { ServeEvent } from './sse'

const S = 'ses_root'
const ev = (type: string, properties: Record<string, unknown>): ServeEvent => ({ type, properties })
const part = (p: Record<string, unknown>): ServeEvent =>
  ev('message.part.updated', { sessionID: p.sessionID ?? S, part: { sessionID: S, ...p } })

describe('ServeEventMapper', () => {
  it('emits what `opencode run --format json` prints: finished tools, step parts, finished texts, errors', () => {
    const m = new ServeEventMapper(S, () => 42)
    const stream = [
      part({ type: 'step-start', id: 'p1' }),
      part({ type: 'tool', tool: 'skill', state: { status: 'running', input: { name: 'pirate' } } }),
      part({ type: 'tool', tool: 'skill', state: { status: 'completed', input: { name: 'pirate' } } }),
      part({
        type: 'step-finish',
        tokens: { input: 10, output: 2, reasoning: 0, cache: { read: 1, write: 0 } },
        cost: 0.5,
      }),
      part({ type: 'text', text: 'Arr', time: { start: 1 } }),
      part({ type: 'text', text: 'Arr, done.', time: { start: 1, end: 2 } }),
      ev('message.part.delta', { sessionID: S, delta: 'x' }),
      ev('session.error', {
        sessionID: S,
        error: { name: 'APIError', data: { message: 'boom', statusCode: 500 } },
      }),
      ev('session.error', {
        sessionID: 'ses_other',
        error: { name: 'APIError', data: { message: 'not ours' } },
      }),
    ]
    const events = stream.flatMap((e) => m.map(e).events)
    expect(events.map((e) => e.type)).toEqual(['step_start', 'tool_use', 'step_finish', 'text', 'error'])
    expect(events.every((e) => e.sessionID === S && e.timestamp === 42)).toBe(true)
    const folded = foldEvents(events, 'pirate')
    expect(folded).toMatchObject({
      sessionId: S,
      finalOutput: 'Arr, done.',
      skillLoaded: true,
      costUsd: 0.5,
      errorMessage: 'APIError (HTTP 500): boom',
    })
    expect(folded.tokens).toEqual({ input: 10, output: 2, reasoning: 0, cacheRead: 1, cacheWrite: 0 })
  })

  it('ignores parts of other sessions, sub-agents included', () => {
    const m = new ServeEventMapper(S)
    expect(m.map(part({ type: 'text', text: 'x', time: { end: 1 }, sessionID: 'ses_other' }))).toMatchObject({
      events: [],
    })
    m.map(ev('session.created', { sessionID: 'ses_child', info: { id: 'ses_child', parentID: S } }))
    expect(m.map(part({ type: 'text', text: 'x', time: { end: 1 }, sessionID: 'ses_child' }))).toMatchObject({
      events: [],
    })
  })

  it('reports busy, idle and the permission asks of this session and its sub-agents', () => {
    const m = new ServeEventMapper(S)
    expect(m.map(ev('session.status', { sessionID: S, status: { type: 'busy' } }))).toMatchObject({
      busy: true,
      idle: false,
    })
    expect(m.map(ev('session.status', { sessionID: 'ses_x', status: { type: 'idle' } })).idle).toBe(false)
    expect(m.map(ev('session.status', { sessionID: S, status: { type: 'idle' } })).idle).toBe(true)
    expect(m.map(ev('session.status', { sessionID: S, status: { type: 'busy' } })).retry).toBeNull()
    expect(
      m.map(ev('permission.asked', { id: 'per_1', sessionID: S, permission: 'skill', patterns: ['pdf'] }))
        .permissionRequest,
    ).toEqual({ id: 'per_1', permission: 'skill', patterns: ['pdf'] })
    expect(m.map(ev('permission.asked', { id: 'per_2', sessionID: 'ses_x' })).permissionRequest).toBeNull()
    m.map(ev('session.created', { sessionID: 'ses_c', info: { id: 'ses_c', parentID: S } }))
    expect(m.map(ev('permission.asked', { id: 'per_3', sessionID: 'ses_c' })).permissionRequest?.id).toBe(
      'per_3',
    )
  })

  it('reports the provider error this session waits to retry (session.status "retry", opencode 1.18.33)', () => {
    const m = new ServeEventMapper(S)
    const status = { type: 'retry', attempt: 2, message: 'scripted service unavailable', next: 1 }
    expect(m.map(ev('session.status', { sessionID: S, status }))).toMatchObject({
      retry: 'scripted service unavailable',
      busy: false,
      idle: false,
    })
    expect(m.map(ev('session.status', { sessionID: 'ses_x', status })).retry).toBeNull()
  })
})
