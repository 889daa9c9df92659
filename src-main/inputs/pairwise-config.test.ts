// The pairwise judge's config rules, as a user loading a config meets them: each refusal names its field.
import { describe, expect, it } from 'vitest'
import { parseTaskConfig } from './load-config'
import { inputError, tempTree } from './temp-files.fixture'

const BASE = {
  name: 't',
  skill: { path: './skill' },
  dataset: { path: './cases.jsonl' },
  agent: { model: 'a/m1' },
  judge: { model: 'b/m2' },
}

function load(extra: Record<string, unknown>) {
  const dir = tempTree({
    'skill/SKILL.md': '---\nname: s\ndescription: d\n---\n',
    'cases.jsonl': '{"id": "c1", "prompt": "p"}\n',
  })
  return () => parseTaskConfig({ ...BASE, ...extra }, dir, { file: 'task.json', env: {} })
}

const problems = (fn: () => unknown) => inputError(fn).problems.map((p) => p.replace(/^task\.json: /, ''))

describe('pairwise evaluators in a config', () => {
  it('the preset is opt-in: never in the default list, accepted beside a pointwise evaluator', () => {
    expect(load({})().config.evaluators).toEqual([{ id: 'preset-agent-task-completion', weight: 1 }])
    const loaded = load({
      evaluators: [{ id: 'answer', kind: 'command', command: 'true' }, { id: 'preset-pairwise-outcome' }],
      policy: { primary: 'pairwise' },
    })()
    expect(loaded.config.evaluators.map((e) => e.id)).toEqual(['answer', 'preset-pairwise-outcome'])
    expect(loaded.config.policy.primary).toBe('pairwise')
  })

  it('policy.primary "pairwise" without a pairwise evaluator is refused, naming the field', () => {
    expect(problems(load({ policy: { primary: 'pairwise' } }))).toEqual([
      'policy.primary is "pairwise" but no evaluator is pairwise: add {"id": "preset-pairwise-outcome"} to "evaluators", or set policy.primary to "pointwise"',
    ])
  })

  it('a task whose only evaluator is pairwise is refused, whatever policy.primary says: runs need a score', () => {
    for (const primary of ['pointwise', 'pairwise'])
      expect(
        problems(load({ evaluators: [{ id: 'preset-pairwise-outcome' }], policy: { primary } })),
      ).toEqual([
        'evaluators: every evaluator is pairwise, so no run would get a score: add a pointwise evaluator, e.g. {"id": "preset-agent-task-completion"}: runs are scored by it and the pairwise judge compares them',
      ])
  })

  it('a second pairwise evaluator is refused', () => {
    const fn = load({
      evaluators: [
        { id: 'preset-agent-task-completion' },
        { id: 'preset-pairwise-outcome' },
        { id: 'mine', kind: 'pairwise', prompt: '{{response_1}} or {{response_2}}?' },
      ],
    })
    expect(problems(fn)).toEqual([
      'evaluators[2]: a second pairwise evaluator ("mine"): a task has at most one (its comparisons give the pairwise verdict): remove all but one',
    ])
  })

  it('an inline pairwise template: unknown variables and a missing response are refused', () => {
    const fn = load({
      evaluators: [
        { id: 'preset-agent-task-completion' },
        {
          id: 'mine',
          kind: 'pairwise',
          prompt: 'Which is better for {{prompt}}: {{response_1}} or {{final_output}}?',
        },
      ],
    })
    expect(problems(fn)).toEqual([
      'evaluators[1].prompt: unknown variable {{final_output}}: use one of {{prompt}}, {{expected_output}}, {{expectations}}, {{response_1}}, {{response_2}}',
      'evaluators[1].prompt: a pairwise template must show both responses; {{response_2}} missing: add {{response_1}} and {{response_2}} (and best {{prompt}}, {{expected_output}}, {{expectations}})',
    ])
  })

  it('an inline pairwise evaluator takes no weight or scale: it never enters a score', () => {
    const fn = load({
      evaluators: [
        { id: 'preset-agent-task-completion' },
        { id: 'mine', kind: 'pairwise', prompt: '{{response_1}} {{response_2}}', weight: 2 },
      ],
    })
    expect(problems(fn)).toEqual([
      'unknown key "evaluators[1].weight": remove it: "weight" goes with another "kind"',
    ])
  })
})
