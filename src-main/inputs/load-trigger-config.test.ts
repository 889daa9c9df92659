import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadTriggerConfig } from './load-trigger-config'
import { inputError, shown, tempTree } from './temp-files.fixture'

const files = (config: unknown) => ({
  'config.json': JSON.stringify(config),
  'skill/SKILL.md': '---\nname: pdf\ndescription: d\n---\n',
  'set.jsonl': '{"query": "q", "shouldTrigger": true}\n',
})
const base = {
  name: 'pdf triggers',
  skill: { path: 'skill' },
  triggerSet: { path: 'set.jsonl' },
  agent: { model: 'p/m' },
}

describe('loadTriggerConfig', () => {
  it('fills in the defaults and resolves the paths against the config file', () => {
    const dir = tempTree(files(base))
    const { config, resolved } = loadTriggerConfig(join(dir, 'config.json'), { env: {} })
    expect(config).toMatchObject({ rounds: 3, maxSteps: 4, alpha: 0.05, agent: { driver: 'server' } })
    expect(resolved).toEqual({ skillPath: join(dir, 'skill'), setPath: join(dir, 'set.jsonl') })
  })

  it('names the trigger config keys a typo was meant to be, and every missing path', () => {
    const dir = tempTree(
      files({ ...base, round: 2, compareWith: { path: 'v1' }, competingSkills: { path: 'others' } }),
    )
    const err = inputError(() => loadTriggerConfig(join(dir, 'config.json'), { env: {} }))
    expect(err.message).toMatch(/unknown key "round": did you mean "rounds"\?/)
    const dir2 = tempTree(
      files({ ...base, compareWith: { path: 'v1' }, competingSkills: { path: 'others' } }),
    )
    const err2 = shown(
      inputError(() => loadTriggerConfig(join(dir2, 'config.json'), { env: {} })),
      dir2,
    )
    expect(err2.problems).toEqual([
      expect.stringMatching(/^config\.json: compareWith\.path: folder not found: .*v1: fix the path/),
      expect.stringMatching(/^config\.json: competingSkills\.path: folder not found/),
    ])
  })
})
