import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCaseAnalysisConfig } from './load-case-config'
import { inputError, tempTree } from './temp-files.fixture'

const BASE = {
  name: 't',
  skill: { path: './skill' },
  dataset: { path: './cases.jsonl' },
  agent: { model: 'a/m1' },
}

function file(config: unknown): string {
  const dir = tempTree({
    'skill/SKILL.md': '---\nname: pirate-speak\ndescription: Talk like a pirate.\n---\n',
    'cases.jsonl': '{"id": "c1", "prompt": "p"}\n',
    'analysis.json': JSON.stringify(config),
  })
  return join(dir, 'analysis.json')
}

describe('loadCaseAnalysisConfig', () => {
  it('is the A/B task config with one round by default', () => {
    expect(loadCaseAnalysisConfig(file(BASE), { env: {} }).config.repeatRounds).toBe(1)
    expect(loadCaseAnalysisConfig(file({ ...BASE, repeatRounds: 3 }), { env: {} }).config.repeatRounds).toBe(
      3,
    )
  })

  it('refuses a pairwise evaluator: a case analysis has one side, nothing to compare', () => {
    const config = {
      ...BASE,
      evaluators: [{ id: 'preset-agent-task-completion' }, { id: 'preset-pairwise-outcome' }],
    }
    const err = inputError(() => loadCaseAnalysisConfig(file(config), { env: {} }))
    expect(err.details.map((d) => d.field)).toEqual(['evaluators[1]'])
    expect(err.problems[0]).toMatch(/compares two sides, and a case analysis has one: remove it/)
  })

  it('refuses "baseline", "policy" and "adaptiveRounds", naming each and what to do instead', () => {
    const adaptiveRounds = { min: 2, max: 4 }
    const err = inputError(() =>
      loadCaseAnalysisConfig(file({ ...BASE, baseline: { kind: 'none' }, policy: {}, adaptiveRounds }), {
        env: {},
      }),
    )
    expect(err.details.map((d) => d.field)).toEqual(['baseline', 'policy', 'adaptiveRounds'])
    expect(err.problems[2]).toMatch(/"adaptiveRounds".*a case analysis has none: remove "adaptiveRounds"/)
    expect(err.problems[0]).toMatch(
      /analysis\.json: unknown key "baseline" in a case analysis: .*`skill-ab run` to compare/,
    )
    expect(err.problems[1]).toMatch(/"policy".*not a pass\/reject verdict/)
  })

  it('reports the other problems as an A/B config does (field named)', () => {
    const err = inputError(() =>
      loadCaseAnalysisConfig(file({ ...BASE, agent: { model: 'nomodel' } }), { env: {} }),
    )
    expect(err.field).toBe('agent.model')
  })
})
