// What a pairwise judge is sent: the case, then the two runs as "Response 1" and "Response 2" in the given
// order, each built from the same condensed copy the pointwise judge sees; nothing names a side or a skill.
import { describe, expect, it } from 'vitest'
import { resolveEvaluators } from './evaluators'
import { judgeConfigOverrides } from './judge-prompt'
import type { JudgeInput } from './judge-types'
import { pairwiseTemplateValues, renderPairwisePrompt } from './pairwise-prompt'

const run = (answer: string, diff = ''): JudgeInput => ({
  prompt: 'Name the capital of France.',
  expectedOutput: 'Paris',
  expectations: ['names Paris'],
  events: [{ type: 'text', part: { type: 'text', text: answer } }],
  finalOutput: answer,
  diff,
  workDir: null,
})

const [preset] = resolveEvaluators([{ id: 'preset-pairwise-outcome', weight: 1 }])

describe('renderPairwisePrompt', () => {
  it('shows the case once and the two runs in the given order, under Response 1 and Response 2', () => {
    const text = renderPairwisePrompt(preset!, {
      responses: [run('FIRST-ANSWER'), run('SECOND-ANSWER', '+x')],
    })
    expect(text).toContain('Name the capital of France.')
    expect(text).toContain('Paris')
    expect(text).toContain('- names Paris')
    const r1 = text.indexOf('## Response 1')
    const r2 = text.indexOf('## Response 2')
    expect(r1).toBeGreaterThan(0)
    expect(text.indexOf('FIRST-ANSWER')).toBeGreaterThan(r1)
    expect(text.indexOf('FIRST-ANSWER')).toBeLessThan(r2)
    expect(text.indexOf('SECOND-ANSWER')).toBeGreaterThan(r2)
    expect(text).toMatch(/Changes made to the workspace \(git diff\):\n⟦BEGIN AGENT MATERIAL⟧\n\+x/)
    expect(text).not.toMatch(/\{\{/)
  })

  it('swapping the runs swaps the responses and nothing else', () => {
    const a = run('alpha'),
      b = run('beta')
    const ab = pairwiseTemplateValues({ responses: [a, b] })
    const ba = pairwiseTemplateValues({ responses: [b, a] })
    expect([ba.response_1, ba.response_2]).toEqual([ab.response_2, ab.response_1])
    expect([ba.prompt, ba.expected_output, ba.expectations]).toEqual([
      ab.prompt,
      ab.expected_output,
      ab.expectations,
    ])
  })

  it('each response is cut to half the budget, so the two together fit like one pointwise run', () => {
    const long = 'x'.repeat(50_000)
    const v = pairwiseTemplateValues({ responses: [run(long), run(long)] }, 24_000)
    expect(v.response_1.length).toBeLessThan(12_500)
    expect(v.response_2.length).toBeLessThan(12_500)
  })

  it('a scoring evaluator cannot render a comparison', () => {
    const [scoring] = resolveEvaluators([{ id: 'preset-agent-task-completion', weight: 1 }])
    expect(() => renderPairwisePrompt(scoring!, { responses: [run('a'), run('b')] })).toThrow(
      /not a pairwise/,
    )
  })
})

describe('the pairwise judge agent', () => {
  it('asks for a winner as JSON, denies every tool, and names no side, skill or baseline', () => {
    const o = judgeConfigOverrides('p/m', 'pairwise') as {
      permission: unknown
      agent: { judge: { prompt: string; permission: unknown; temperature: number } }
    }
    expect(o.permission).toEqual({ '*': 'deny' })
    expect(o.agent.judge.permission).toEqual({ '*': 'deny' })
    expect(o.agent.judge.temperature).toBe(0)
    expect(o.agent.judge.prompt).toContain('{"winner": "1" | "2" | "tie"')
    expect(o.agent.judge.prompt).not.toMatch(/score|skill|baseline|\bside/i)
  })
})
