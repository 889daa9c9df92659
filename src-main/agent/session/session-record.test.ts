import { describe, expect, it } from 'vitest'
import { makeRedactor, REDACTED } from '../isolation/redact'
import { SessionRecord } from './session-record'
import type { AgentEvent } from '../types'

const SECRET = 'sk-live-0123456789abcdef'
const setup = { secrets: [SECRET], redact: makeRedactor([SECRET]) }
const text = (sessionID: string, body: string): AgentEvent => ({
  type: 'text',
  sessionID,
  part: { text: body },
})

describe('SessionRecord (both transports keep and announce events through it)', () => {
  it('redacts an event before it is kept or announced, and names the session once', () => {
    const announced: AgentEvent[] = []
    const ids: string[] = []
    const record = new SessionRecord(setup, {
      onEvent: (e) => announced.push(e),
      onSessionId: (id) => ids.push(id),
    })
    record.sawSession('ses_log')
    record.event(text('ses_log', `the key is ${SECRET}`))
    record.event(text('ses_other', 'second'))
    expect(JSON.stringify(record.events)).not.toContain(SECRET)
    expect(JSON.stringify(announced)).toContain(REDACTED)
    expect(announced).toEqual(record.events)
    expect(ids).toEqual(['ses_log'])
    expect(record.sessionId).toBe('ses_log')
  })

  it('keeps every event when a listener throws', () => {
    const record = new SessionRecord(setup, {
      onEvent: () => {
        throw new Error('listener broke')
      },
      onSessionId: () => {
        throw new Error('listener broke')
      },
    })
    record.event(text('ses_1', 'one'))
    record.event(text('ses_1', 'two'))
    expect(record.events).toHaveLength(2)
    expect(record.sessionId).toBe('ses_1')
  })
})
