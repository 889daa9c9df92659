// A task's stored config read back once: the schema's typed value with its defaults, tolerant of older,
// partial and imported rows.
import { describe, expect, it } from 'vitest'
import { plural } from './plural'
import { readStoredConfig, storedConfigRecord, wholeConfig } from './stored-config'
import { CONFIG_DEFAULTS, maxRoundsOf, taskConfigSchema } from './task-config'

const config = taskConfigSchema.parse({
  name: 'pirate v2',
  skill: { path: '/skills/pirate-speak', label: 'v2' },
  dataset: { path: '/data/cases.jsonl' },
  adaptiveRounds: { min: 2, max: 5 },
  agent: { model: 'scripted/agent', driver: 'process' },
  judge: { model: 'scripted/judge' },
  budget: { maxRuns: 40 },
})

describe('readStoredConfig', () => {
  it('reads a stored config as the schema does, and wholeConfig gives it back whole', () => {
    const read = readStoredConfig(JSON.stringify(config))
    expect(read).toEqual(config)
    expect(wholeConfig(read)).toEqual(config)
    expect(maxRoundsOf(read)).toBe(5)
  })

  it("fills what an older or partial row lacks with the schema's defaults, and drops what it cannot read", () => {
    const read = readStoredConfig(
      JSON.stringify({
        agent: { model: 'scripted/agent', removedSetting: true },
        policy: { minLift: 'much' },
        evaluators: 'none',
      }),
    )
    // An unknown key of an object (a setting an older version had) does not lose the object.
    expect(read.agent).toEqual({ model: 'scripted/agent', ...CONFIG_DEFAULTS.agent })
    expect(read.policy).toEqual(CONFIG_DEFAULTS.policy)
    expect(read.evaluators).toEqual(taskConfigSchema.shape.evaluators.parse(undefined))
    expect([read.repeatRounds, read.reuseBaseline, read.baseline]).toEqual([3, true, { kind: 'none' }])
    expect([read.name, read.skill, read.dataset]).toEqual([undefined, undefined, undefined])
    expect(wholeConfig(read)).toBeNull()
    expect(readStoredConfig('not json').policy).toEqual(CONFIG_DEFAULTS.policy)
  })

  it('reads an imported-traces analysis: no agent, its judge and timeout, one round per session', () => {
    const stored = {
      name: 'imported',
      traces: { dataDir: '/home/me/.local/share/opencode' },
      judge: { model: 'scripted/judge', concurrency: 3, retries: 2 },
      timeoutSec: 90,
      evaluators: [{ id: 'preset-agent-task-completion', weight: 1 }],
    }
    const read = readStoredConfig(JSON.stringify(stored))
    expect(read).toMatchObject({ traces: stored.traces, timeoutSec: 90, judge: stored.judge })
    expect([read.agent, maxRoundsOf(read)]).toEqual([undefined, 1])
    expect(wholeConfig(read)).toBeNull()
    // The record as written, for the export document.
    expect(storedConfigRecord(JSON.stringify(stored))).toEqual(stored)
  })
})

describe('plural', () => {
  it('counts a word: singular for one, plural otherwise, an irregular plural when given', () => {
    expect([plural(1, 'run'), plural(0, 'run'), plural(3, 'run')]).toEqual(['1 run', '0 runs', '3 runs'])
    expect(plural(2, 'query', 'queries')).toBe('2 queries')
  })
})
