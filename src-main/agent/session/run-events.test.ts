// Unit tests of the NDJSON splitter and the event fold (shapes as `opencode run --format json` prints them).
import { describe, expect, it } from 'vitest'
import { LineSplitter, errorMessage, foldEvents, parseEventLine } from './run-events'
import type { AgentEvent } from '../types'

const step = (input: number, output: number, cost: number, cache = { read: 0, write: 0 }): AgentEvent => ({
  type: 'step_finish',
  sessionID: 'ses_1',
  part: { type: 'step-finish', tokens: { total: input + output, input, output, reasoning: 1, cache }, cost },
})

describe('LineSplitter', () => {
  it('keeps partial lines (and split UTF-8 characters) until they complete', () => {
    const s = new LineSplitter()
    const bytes = Buffer.from('{"type":"text","t":"é"}\n{"type":"x"')
    const cut = bytes.indexOf(0xc3) + 1 // in the middle of "é"
    expect(s.push(bytes.subarray(0, cut))).toEqual([])
    expect(s.push(bytes.subarray(cut))).toEqual(['{"type":"text","t":"é"}'])
    expect(s.push('}\n\n')).toEqual(['{"type":"x"}', ''])
    expect(s.push('{"type":"tail"}')).toEqual([])
    expect(s.end()).toEqual(['{"type":"tail"}'])
  })
})

describe('parseEventLine', () => {
  it('takes JSON objects with a string type and ignores noise', () => {
    expect(parseEventLine('{"type":"text","sessionID":"s"}')).toEqual({ type: 'text', sessionID: 's' })
    expect(parseEventLine('  ')).toBeNull()
    expect(parseEventLine('Exporting session')).toBeNull()
    expect(parseEventLine('{"type":1}')).toBeNull()
    expect(parseEventLine('{"type":"trunc')).toBeNull()
  })
})

describe('foldEvents', () => {
  it('sums tokens and cost over step_finish, keeps the last text, finds the skill load', () => {
    const events: AgentEvent[] = [
      { type: 'step_start', sessionID: 'ses_1', part: {} },
      {
        type: 'tool_use',
        sessionID: 'ses_1',
        part: { tool: 'skill', state: { status: 'completed', input: { name: 'other' } } },
      },
      {
        type: 'tool_use',
        sessionID: 'ses_1',
        part: { tool: 'skill', state: { status: 'completed', input: { name: 'pirate' } } },
      },
      { type: 'tool_use', sessionID: 'ses_1', part: { tool: 'bash', state: { status: 'error', input: {} } } },
      step(100, 10, 0.5, { read: 7, write: 3 }),
      { type: 'text', sessionID: 'ses_1', part: { text: 'first' } },
      { type: 'text', sessionID: 'ses_1', part: { text: 'final' } },
      step(200, 20, 0.25),
    ]
    const f = foldEvents(events, 'pirate')
    expect(f).toMatchObject({
      sessionId: 'ses_1',
      finalOutput: 'final',
      skillLoaded: true,
      errorMessage: null,
      toolErrors: 1,
    })
    expect(f.tokens).toEqual({ input: 300, output: 30, reasoning: 2, cacheRead: 7, cacheWrite: 3 })
    expect(f.costUsd).toBeCloseTo(0.75)
  })

  it('a failed skill call is not a load; a zero cost is unknown (null), never free', () => {
    const f = foldEvents(
      [
        { type: 'tool_use', part: { tool: 'skill', state: { status: 'error', input: { name: 'pirate' } } } },
        step(5, 5, 0),
      ],
      'pirate',
    )
    expect(f).toMatchObject({ skillLoaded: false, costUsd: null, sessionId: 'ses_1' })
  })

  it("an error event gives the provider's message", () => {
    const e: AgentEvent = {
      type: 'error',
      error: {
        name: 'APIError',
        data: { message: 'fake internal error', statusCode: 500, isRetryable: true },
      },
    }
    expect(foldEvents([e], 'x').errorMessage).toBe('APIError (HTTP 500): fake internal error')
    expect(errorMessage({ type: 'error', error: { name: 'UnknownError' } })).toBe('UnknownError')
  })
})
