// What the judge is sent: the template over the condensed run, placeholders for what is missing; its agent.
import { describe, expect, it } from 'vitest'
import type { EvaluatorSpec } from './evaluators'
import { judgeConfigOverrides, renderJudgePrompt, templateValues } from './judge-prompt'
import type { JudgeInput } from './judge-types'

const INPUT: JudgeInput = {
  prompt: 'Fix the bug.',
  expectedOutput: null,
  expectations: [],
  events: [],
  finalOutput: '',
  diff: '',
  workDir: null,
}

const spec = (prompt: string): EvaluatorSpec => ({
  id: 'x',
  kind: 'llm',
  version: 'inline:0',
  fingerprint: 'sha256:0',
  scale: 10,
  weight: 1,
  prompt,
})

describe('templateValues', () => {
  it('says "none" rather than leaving a gap', () => {
    expect(templateValues(INPUT)).toEqual({
      prompt: 'Fix the bug.',
      expected_output: '(none given)',
      expectations: '(none given)',
      final_output: '(the agent gave no final answer)',
      trajectory: '(no messages or tool calls)',
      workspace_diff: '(no changes)',
    })
  })

  it('lists expectations as bullets and keeps the expected output as given', () => {
    const v = templateValues({
      ...INPUT,
      expectedOutput: '42',
      expectations: ['a', ' ', 'b'],
      finalOutput: 'ok',
    })
    expect(v).toMatchObject({ expected_output: '42', expectations: '- a\n- b', final_output: 'ok' })
  })
})

describe('renderJudgePrompt', () => {
  it('renders the evaluator template and never mutates the input', () => {
    const input = Object.freeze({ ...INPUT, expectations: Object.freeze(['x']) as string[] })
    expect(renderJudgePrompt(spec('Task: {{prompt}}\nExp: {{expectations}}'), input)).toBe(
      'Task: Fix the bug.\nExp: - x',
    )
  })
})

describe('judgeConfigOverrides', () => {
  it('a primary "judge" agent at temperature 0, every tool denied, asking for JSON on the scale', () => {
    const o = judgeConfigOverrides('p/m', 10) as {
      permission: unknown
      agent: { judge: Record<string, unknown> }
    }
    expect(o.permission).toEqual({ '*': 'deny' })
    expect(o.agent.judge).toMatchObject({
      mode: 'primary',
      model: 'p/m',
      temperature: 0,
      permission: { '*': 'deny' },
    })
    expect(o.agent.judge.prompt).toMatch(/^You are a strict evaluator\./)
    expect(o.agent.judge.prompt).toContain('{"score": <a number from 0 to 10>, "reason":')
  })
})
