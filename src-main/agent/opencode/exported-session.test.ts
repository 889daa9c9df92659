import { describe, expect, it } from 'vitest'
import { condenseTrajectory } from '../../judge/condense'
import { sessionTrace } from './exported-session'

const tokens = { input: 100, output: 20, reasoning: 0, cache: { read: 5, write: 1 } }
/** The shape `opencode export <id>` prints (docs/opencode.md), trimmed. */
const EXPORT = {
  info: { id: 'ses_1', title: 'alpha', directory: '/p/alpha', time: { created: 1_000, updated: 61_000 } },
  messages: [
    {
      info: { role: 'user' },
      parts: [
        { type: 'text', text: 'alpha: say hello' },
        { type: 'text', text: 'ctx', synthetic: true },
      ],
    },
    {
      info: { role: 'assistant', time: { created: 2_000 } },
      parts: [
        { type: 'step-start' },
        {
          type: 'tool',
          tool: 'write',
          state: { status: 'completed', input: { filePath: 'a.txt' }, output: 'ok' },
        },
        { type: 'step-finish', tokens, cost: 0.01 },
      ],
    },
    {
      info: { role: 'assistant', time: { created: 3_000 } },
      parts: [
        { type: 'text', text: 'Hello!' },
        { type: 'step-finish', tokens, cost: 0.02 },
        { type: 'patch', files: [] },
      ],
    },
  ],
}

describe('sessionTrace', () => {
  it('turns an export into the run stream: prompt, events, tokens, cost and final output', () => {
    const t = sessionTrace(EXPORT)
    expect([t.sessionId, t.title, t.prompt]).toEqual(['ses_1', 'alpha', 'alpha: say hello'])
    expect(t.events.map((e) => e.type)).toEqual([
      'step_start',
      'tool_use',
      'step_finish',
      'text',
      'step_finish',
    ])
    expect(t.folded.tokens).toEqual({ input: 200, output: 40, reasoning: 0, cacheRead: 10, cacheWrite: 2 })
    expect(t.folded.costUsd).toBeCloseTo(0.03)
    expect(t.folded.finalOutput).toBe('Hello!')
    expect([t.createdAt, t.updatedAt]).toEqual(['1970-01-01T00:00:01.000Z', '1970-01-01T00:01:01.000Z'])
    // The judge sees the imported trace like an executed one.
    expect(
      condenseTrajectory({ events: t.events, finalOutput: t.folded.finalOutput, diff: '' }).trajectory,
    ).toBe('tool(write) completed: {"filePath":"a.txt"} → ok\nassistant: Hello!')
  })

  it('refuses what is not a session export', () => {
    expect(() => sessionTrace({ messages: [] })).toThrow(/not an opencode session export/)
  })
})
