// An inline LLM evaluator's template is checked when the config is loaded: unknown variables are refused.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadTaskConfig } from './load-config'
import { inputError, shown, tempTree } from './temp-files.fixture'

const SKILL = '---\nname: pirate-speak\ndescription: Talk like a pirate.\n---\n'

function project(evaluators: unknown[]) {
  const config = {
    name: 't',
    skill: { path: './skill' },
    dataset: { path: './cases.jsonl' },
    agent: { model: 'a/m1' },
    judge: { model: 'b/m2' },
    evaluators,
  }
  const dir = tempTree({
    'skill/SKILL.md': SKILL,
    'cases.jsonl': '{"id": "c1", "prompt": "p"}\n',
    'task.json': JSON.stringify(config, null, 2),
  })
  return { dir, file: join(dir, 'task.json') }
}

describe('evaluator templates at config load', () => {
  it('refuses an unknown {{variable}}, naming evaluators[i].prompt and the variables to use', () => {
    const { dir, file } = project([
      { id: 'preset-agent-task-completion', weight: 1 },
      { id: 'tests', kind: 'command', command: 'echo {{foo}}' },
      { id: 'tone', kind: 'llm', prompt: 'Rate {{ final_output }} given {{answer}} and {{Expected Output}}' },
    ])
    const err = shown(
      inputError(() => loadTaskConfig(file, { env: {} })),
      dir,
    )
    expect(err.problems).toEqual([
      'task.json: evaluators[2].prompt: unknown variable {{answer}}: use one of {{prompt}}, {{expected_output}}, {{expectations}}, {{final_output}}, {{trajectory}}, {{workspace_diff}}',
      'task.json: evaluators[2].prompt: unknown variable {{Expected Output}}: did you mean {{expected_output}}? use one of {{prompt}}, {{expected_output}}, {{expectations}}, {{final_output}}, {{trajectory}}, {{workspace_diff}}',
    ])
  })

  it('accepts known variables, and warns when a template uses none', () => {
    const { file } = project([
      { id: 'tone', kind: 'llm', prompt: 'Rate {{final_output}} on 0-10', scale: 10 },
      { id: 'blind', kind: 'llm', prompt: 'Rate it.' },
    ])
    const { config, warnings } = loadTaskConfig(file, { env: {} })
    expect(config.evaluators).toHaveLength(2)
    expect(warnings).toEqual([
      expect.stringMatching(
        /^evaluators\[1\]\.prompt: the template uses no variable, so the judge sees nothing/,
      ),
    ])
  })

  it("an inline expectations evaluator: its prompt must show {{expectations}}; without a prompt it takes the preset's", () => {
    const { dir, file } = project([
      { id: 'checks', kind: 'expectations' },
      { id: 'loose', kind: 'expectations', prompt: 'Is {{final_output}} fine?' },
    ])
    expect(
      shown(
        inputError(() => loadTaskConfig(file, { env: {} })),
        dir,
      ).problems,
    ).toEqual([
      'task.json: evaluators[1].prompt: an expectations evaluator\'s prompt must show the judge {{expectations}} (numbered, one verdict each): add {{expectations}} to the prompt, or leave "prompt" out to use the preset\'s',
    ])
    const ok = project([{ id: 'checks', kind: 'expectations', weight: 2 }])
    expect(loadTaskConfig(ok.file, { env: {} }).config.evaluators).toEqual([
      { id: 'checks', kind: 'expectations', weight: 2 },
    ])
  })
})
