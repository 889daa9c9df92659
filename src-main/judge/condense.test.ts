// Condensing a run for the judge: readable items, the budget held, start and end kept, cuts stated.
import { describe, expect, it } from 'vitest'
import type { AgentEvent } from '../agent/types'
import { clip, condenseTrajectory } from './condense'

const tool = (name: string, input: unknown, output: string, status = 'completed'): AgentEvent => ({
  type: 'tool_use',
  part: { tool: name, state: { status, input, ...(status === 'error' ? { error: output } : { output }) } },
})
const text = (t: string): AgentEvent => ({ type: 'text', part: { text: t } })
const step = (): AgentEvent => ({ type: 'step_finish', part: { tokens: { input: 1 } } })

const total = (c: { trajectory: string; workspaceDiff: string; finalOutput: string }) =>
  c.trajectory.length + c.workspaceDiff.length + c.finalOutput.length

describe('condenseTrajectory', () => {
  it('renders texts and tool calls readably, step markers left out, work-dir paths relative', () => {
    const c = condenseTrajectory({
      events: [
        step(),
        tool('write', { filePath: '/w/run1/a.txt', content: 'hi' }, 'Wrote file successfully.'),
        tool('bash', { command: 'cat /w/run1/nope' }, 'No such file', 'error'),
        { type: 'error', error: { name: 'APIError', data: { message: 'boom' } } },
        text('All done.'),
      ],
      finalOutput: 'All done.',
      diff: '+hi\n',
      workDir: '/w/run1',
    })
    expect(c.trajectory).toBe(
      [
        'tool(write) completed: {"filePath":"./a.txt","content":"hi"} → Wrote file successfully.',
        'tool(bash) error: {"command":"cat ./nope"} → error: No such file',
        'error: APIError boom',
        'assistant: All done.',
      ].join('\n'),
    )
    expect(c).toMatchObject({ workspaceDiff: '+hi\n', finalOutput: 'All done.', truncated: false })
  })

  it('paths under the slot a run executed in read as work-dir paths: the judge sees no slot name', () => {
    const c = condenseTrajectory({
      events: [tool('bash', { command: 'ls /w/.slot-1a2b3c4d-0/src' }, '/w/.slot-1a2b3c4d-0/src/a.py')],
      finalOutput: 'Done.',
      diff: '',
      workDir: '/w/run1',
    })
    expect(c.trajectory).toBe('tool(bash) completed: {"command":"ls ./src"} → ./src/a.py')
  })

  it('over budget: keeps the start and the end, says how many tool calls were omitted, holds the budget', () => {
    const events = [text('I will start.')]
    for (let i = 0; i < 200; i++)
      events.push(tool('read', { filePath: `f${i}.ts` }, `content ${i} `.repeat(20)))
    events.push(text('Finished: all files read.'))
    const c = condenseTrajectory({ events, finalOutput: 'Finished: all files read.', diff: '' }, 6000)
    expect(total(c)).toBeLessThanOrEqual(6000)
    expect(c.truncated).toBe(true)
    const lines = c.trajectory.split('\n')
    expect(lines[0]).toBe('assistant: I will start.')
    expect(lines[1]).toMatch(/^tool\(read\) completed: \{"filePath":"f0\.ts"\}/)
    expect(lines.at(-1)).toBe('assistant: Finished: all files read.')
    expect(lines.at(-2)).toMatch(/"f199\.ts"/)
    const omitted = lines.find((l) => l.startsWith('…'))
    const kept = lines.filter((l) => l.startsWith('tool(')).length
    expect(omitted).toBe(`… ${200 - kept} tool calls omitted …`)
    // Nothing is lost silently: kept + omitted = all.
    expect(kept).toBeGreaterThan(5)
  })

  it('cuts huge tool inputs and outputs per call, keeping both ends', () => {
    const big = `${'a'.repeat(5000)}END`
    const c = condenseTrajectory({ events: [tool('bash', { command: 'x' }, big)], finalOutput: '', diff: '' })
    expect(c.trajectory.length).toBeLessThan(1200)
    expect(c.trajectory).toMatch(/… \[\d+ chars cut\] …/)
    expect(c.trajectory.endsWith('END')).toBe(true)
    expect(c.truncated).toBe(true)
  })

  it('keeps the final output whole; cuts the diff to its share', () => {
    const final = `Summary: ${'done. '.repeat(300)}`
    const diff = `diff --git a/x b/x\n${'+line\n'.repeat(5000)}`
    const c = condenseTrajectory({ events: [text('hi')], finalOutput: final, diff }, 10_000)
    expect(c.finalOutput).toBe(final)
    expect(c.workspaceDiff.startsWith('diff --git a/x b/x\n')).toBe(true)
    expect(c.workspaceDiff).toMatch(/chars cut/)
    expect(c.trajectory).toBe('assistant: hi')
    expect(total(c)).toBeLessThanOrEqual(10_000)
  })

  it('cuts a huge final output to its share, both ends kept', () => {
    const final = `START${'x'.repeat(50_000)}END`
    const c = condenseTrajectory({ events: [], finalOutput: final, diff: '' }, 24_000)
    expect(c.finalOutput.startsWith('START')).toBe(true)
    expect(c.finalOutput.endsWith('END')).toBe(true)
    expect(c.finalOutput.length).toBeLessThanOrEqual(24_000 * 0.35)
    expect(c.truncated).toBe(true)
  })

  it('is deterministic and never mutates its input', () => {
    const events = Object.freeze(
      [tool('write', { filePath: 'a' }, 'ok'), text('done')].map((e) => Object.freeze(e)),
    )
    const input = Object.freeze({ events, finalOutput: 'done', diff: '+a\n' })
    expect(condenseTrajectory(input, 300)).toEqual(condenseTrajectory(input, 300))
  })

  it('holds even a tiny budget', () => {
    const events = Array.from({ length: 50 }, (_, i) => tool('read', { i }, 'x'.repeat(100)))
    for (const budget of [0, 10, 80, 500]) {
      const c = condenseTrajectory({ events, finalOutput: 'f'.repeat(100), diff: 'd'.repeat(100) }, budget)
      expect(total(c)).toBeLessThanOrEqual(budget)
    }
  })
})

describe('clip', () => {
  it('keeps short texts and cuts long ones to the limit, saying how much', () => {
    expect(clip('short', 10)).toEqual({ text: 'short', cut: false })
    const c = clip('x'.repeat(1000), 100)
    expect(c.cut).toBe(true)
    expect(c.text.length).toBeLessThanOrEqual(100)
    expect(c.text).toContain('chars cut')
  })
})
