// The setup form's model: the failure, skill-use and primary-judgement policy; the pairwise judge (opt-in,
// kept when a task is duplicated, written back as is); adaptive rounds.
import { describe, expect, it } from 'vitest'
import { taskConfigSchema } from '../../../../src-shared/task-config'
import { emptyForm, fromConfig, toConfig } from './form-model'

const filled = {
  ...emptyForm(),
  name: 'pirate v2 vs none',
  skillPath: '/skills/pirate-speak',
  datasetPath: '/data/cases.jsonl',
  agentModel: 'scripted/agent',
}

describe('setup form ↔ config: the failure, skill-use and primary-judgement policy', () => {
  it('writes the defaults as the schema does: failed runs score 0, 10% tolerance, warn below 50% use, pointwise', () => {
    const policy = toConfig(filled).policy
    expect(policy).toMatchObject({
      failedRunScore: 0,
      failureTolerance: 0.1,
      minTriggerRate: 0.5,
      primary: 'pointwise',
    })
    expect(taskConfigSchema.parse(toConfig(filled)).policy).toEqual(
      taskConfigSchema.parse({ ...toConfig(filled), policy: {} }).policy,
    )
  })

  it('writes the choices a user made, and reads them back unchanged', () => {
    const form = {
      ...filled,
      failedRunScore: 'missing' as const,
      failureTolerance: '0.25',
      minTriggerRate: '0.8',
      primary: 'pairwise' as const,
    }
    const config = toConfig(form)
    expect(config.policy).toMatchObject({
      failedRunScore: 'missing',
      failureTolerance: 0.25,
      minTriggerRate: 0.8,
      primary: 'pairwise',
    })
    expect(taskConfigSchema.safeParse(config).success).toBe(true)
    const back = fromConfig(config)
    expect(back).toMatchObject({
      failedRunScore: 'missing',
      failureTolerance: '0.25',
      minTriggerRate: '0.8',
      primary: 'pairwise',
    })
    expect(toConfig(back)).toEqual(config)
  })

  it('reads a stored config (defaults filled in) back to the same fields, so duplicating a task keeps them', () => {
    const stored = taskConfigSchema.parse({
      ...toConfig(filled),
      policy: { failedRunScore: 0, failureTolerance: 0, minTriggerRate: 1, primary: 'pointwise' },
    })
    expect(
      fromConfig(stored, { ...emptyForm(), failedRunScore: 'missing', primary: 'pairwise' }),
    ).toMatchObject({
      failedRunScore: '0',
      failureTolerance: '0',
      minTriggerRate: '1',
      primary: 'pointwise',
    })
  })

  it('leaves an emptied number out so the default applies, and keeps an out-of-range one for main to point out', () => {
    const config = toConfig({ ...filled, failureTolerance: '', minTriggerRate: '1.5' })
    expect(config.policy).not.toHaveProperty('failureTolerance')
    expect((config.policy as Record<string, unknown>).minTriggerRate).toBe(1.5)
    expect(taskConfigSchema.safeParse(config).error?.issues[0]?.path).toEqual(['policy', 'minTriggerRate'])
  })
})

describe('setup form: pairwise evaluators', () => {
  it('baseline reuse is on unless turned off; turning it off is written and read back', () => {
    expect(toConfig(filled)).not.toHaveProperty('reuseBaseline')
    expect(taskConfigSchema.parse(toConfig(filled)).reuseBaseline).toBe(true)
    const off = toConfig({ ...filled, reuseBaseline: false })
    expect(off.reuseBaseline).toBe(false)
    expect(fromConfig(off).reuseBaseline).toBe(false)
    expect(fromConfig(taskConfigSchema.parse(toConfig(filled))).reuseBaseline).toBe(true)
  })

  it('the pairwise and expectations presets are offered but not ticked by default', () => {
    const form = emptyForm()
    expect(form.evaluators.map((e) => [e.id, e.enabled])).toEqual([
      ['preset-agent-task-completion', true],
      ['preset-agent-trace-quality', false],
      ['preset-pairwise-outcome', false],
      ['preset-expectations', false],
    ])
    expect(toConfig(form).evaluators).toEqual([{ id: 'preset-agent-task-completion', weight: 1 }])
  })

  it('a duplicated task keeps its pairwise preset and its inline pairwise judge (no weight, no scale)', () => {
    const evaluators = [
      { id: 'preset-agent-task-completion', weight: 1 },
      { id: 'preset-pairwise-outcome', weight: 1 },
      { id: 'cmp', kind: 'pairwise', prompt: '{{response_1}} or {{response_2}}?' },
    ]
    const form = fromConfig({ name: 't', evaluators })
    expect(toConfig(form).evaluators).toEqual(evaluators)
  })

  it('a duplicated task keeps its inline expectations judges, with and without their own prompt', () => {
    const evaluators = [
      { id: 'checks', kind: 'expectations', weight: 2 },
      { id: 'strict', kind: 'expectations', prompt: 'Check: {{expectations}}', weight: 1 },
    ]
    const config = toConfig(fromConfig({ name: 't', evaluators }))
    expect(config.evaluators).toEqual(evaluators)
    expect(taskConfigSchema.shape.evaluators.safeParse(config.evaluators).success).toBe(true)
  })
})

describe('setup form: adaptive rounds', () => {
  it('both fields empty: fixed rounds, no adaptiveRounds in the config', () => {
    expect(toConfig(filled)).not.toHaveProperty('adaptiveRounds')
  })

  it('min and max become adaptiveRounds, valid for the schema, and a duplicated task keeps them', () => {
    const config = toConfig({ ...filled, adaptiveMin: '1', adaptiveMax: '5' })
    expect(config.adaptiveRounds).toEqual({ min: 1, max: 5 })
    const stored = taskConfigSchema.parse(config)
    expect(fromConfig(stored)).toMatchObject({ adaptiveMin: '1', adaptiveMax: '5' })
  })

  it('a max below min reaches main as it is, to be pointed out at adaptiveRounds.max', () => {
    const parsed = taskConfigSchema.safeParse(toConfig({ ...filled, adaptiveMin: '4', adaptiveMax: '2' }))
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['adaptiveRounds.max'])
  })
})

describe('setup form ↔ config: the budget', () => {
  it('writes no budget when both caps are empty, else the caps given; reads them back', () => {
    expect(toConfig(filled).budget).toBeUndefined()
    const config = toConfig({ ...filled, maxCostUsd: '2.5', maxRuns: '' })
    expect(config.budget).toEqual({ maxCostUsd: 2.5 })
    expect(taskConfigSchema.parse(config).budget).toEqual({ maxCostUsd: 2.5 })
    expect(fromConfig(config)).toMatchObject({ maxCostUsd: '2.5', maxRuns: '' })
  })
})

describe('setup form ↔ config: git versions', () => {
  it('writes a picked version as a git source and reads a stored one back as folder and ref (its commit pin dropped)', () => {
    const config = toConfig({
      ...filled,
      skillRef: 'v2',
      baselineKind: 'skill',
      baselinePath: '/skills/pirate-speak',
    })
    expect(config.skill).toEqual({ git: { repo: '/skills/pirate-speak', ref: 'v2', path: '.' } })
    expect(config.baseline).toEqual({ kind: 'skill', path: '/skills/pirate-speak' })
    expect(taskConfigSchema.safeParse(config).success).toBe(true)
    const stored = {
      ...config,
      skill: {
        git: {
          repo: '/repo',
          ref: 'main',
          path: 'skills/pirate-speak',
          commit: { sha: 'a'.repeat(40), subject: 's' },
        },
      },
    }
    const form = fromConfig(stored)
    expect([form.skillPath, form.skillRef]).toEqual(['/repo/skills/pirate-speak', 'main'])
    expect(toConfig(form).skill).toEqual({
      git: { repo: '/repo/skills/pirate-speak', ref: 'main', path: '.' },
    })
  })
})

describe("setup form: the schema's defaults", () => {
  it('an untouched form writes the config the schema makes of the required fields alone', () => {
    const minimal = {
      name: filled.name,
      skill: { path: filled.skillPath },
      dataset: { path: filled.datasetPath },
      agent: { model: filled.agentModel },
    }
    expect(taskConfigSchema.parse(toConfig(filled))).toEqual(taskConfigSchema.parse(minimal))
  })

  it('writes the driver chosen, also the one that is not the default', () => {
    expect(toConfig({ ...filled, driver: 'process' }).agent).toMatchObject({ driver: 'process' })
    expect(taskConfigSchema.parse(toConfig({ ...filled, driver: 'process' })).agent.driver).toBe('process')
    expect(fromConfig(toConfig({ ...filled, driver: 'process' })).driver).toBe('process')
  })
})
