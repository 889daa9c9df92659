// The config check's warnings as {code, message}: templates without variables, then the judge's model.
import { describe, expect, it } from 'vitest'
import { taskConfigSchema } from '../../src-shared/task-config'
import { configWarnings, JUDGE_SAME_MODEL, TEMPLATE_WITHOUT_VARIABLES } from './config-warnings'

const config = (over: Record<string, unknown> = {}) =>
  taskConfigSchema.parse({
    name: 't',
    skill: { path: './s' },
    dataset: { path: './d.jsonl' },
    agent: { model: 'p/agent' },
    ...over,
  })

describe('configWarnings', () => {
  it('a judge on the agent’s own model → judge-same-model, naming the field and the model', () => {
    expect(configWarnings(config())).toEqual([
      {
        code: JUDGE_SAME_MODEL,
        message:
          "judge.model: the judge uses the agent's own model (p/agent): set judge.model to another model family, which is less likely to favour the agent's style",
      },
    ])
  })

  it('a judge on another model and templates with variables → no warning', () => {
    const c = config({
      judge: { model: 'q/judge' },
      evaluators: [{ id: 'tone', kind: 'llm', prompt: 'rate {{final_output}}' }],
    })
    expect(configWarnings(c)).toEqual([])
  })

  it('an inline template without any variable → template-without-variables, by index, before the judge', () => {
    const c = config({
      evaluators: [
        { id: 'preset-agent-task-completion' },
        { id: 'blind', kind: 'llm', prompt: 'is it good?' },
        { id: 'tests', kind: 'command', command: 'npm test' },
      ],
    })
    const warnings = configWarnings(c)
    expect(warnings.map((w) => w.code)).toEqual([TEMPLATE_WITHOUT_VARIABLES, JUDGE_SAME_MODEL])
    expect(warnings[0]?.message).toMatch(/^evaluators\[1\]\.prompt: the template uses no variable/)
  })
})
