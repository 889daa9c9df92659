// Bad inputs to `skill-ab run`: each refused with exit 2 and a message naming the problem; nothing written.
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'

let world: World

const good = {
  name: 't',
  skill: { path: './skill' },
  dataset: { path: './cases.jsonl' },
  agent: { model: 'scripted/agent' },
}
const lines = (n: number): string =>
  Array.from({ length: n }, (_, i) => `{"id":"c${i + 1}","prompt":"p${i + 1}"}`).join('\n')

beforeAll(() => {
  world = makeWorld('http://127.0.0.1:9/v1')
  writeSkill(world, 'skill', 'pirate-speak')
  world.write('noskill/README.md', 'no skill here\n')
  world.write('nodesc/SKILL.md', '---\nname: nodesc\n---\nbody\n')
  world.write('cases.jsonl', lines(3) + '\n')
  world.write('bad-line7.jsonl', `${lines(6)}\n{"id":"c7", "prompt": }\n`)
  world.write('dup.jsonl', '{"id":"a","prompt":"x"}\n{"id":"a","prompt":"y"}\n')
  world.write('noprompt.jsonl', '{"id":"a"}\n')
  world.write('escape.jsonl', '{"id":"a","prompt":"x","filesDir":"../outside"}\n')
})
afterAll(() => world.cleanup())

const cases: [string, unknown, RegExp][] = [
  ['a config file that does not exist', null, /nope\.json/],
  ['malformed JSON in the config', '{"name": "t",', /line 1/],
  ['an unknown config key', { ...good, rounds: 3 }, /unknown key "rounds"/],
  [
    'a malformed dataset line',
    { ...good, dataset: { path: './bad-line7.jsonl' } },
    /bad-line7\.jsonl.*line 7/,
  ],
  ['a duplicate case id', { ...good, dataset: { path: './dup.jsonl' } }, /duplicate.*"a"/i],
  ['a case without prompt', { ...good, dataset: { path: './noprompt.jsonl' } }, /prompt/],
  ['a skill folder without SKILL.md', { ...good, skill: { path: './noskill' } }, /SKILL\.md/],
  ['a SKILL.md without description', { ...good, skill: { path: './nodesc' } }, /description/],
  [
    'an unknown evaluator',
    { ...good, evaluators: [{ id: 'nope' }] },
    /evaluators\[0\]\.id: unknown evaluator "nope"/,
  ],
  [
    'a filesDir escaping the dataset folder',
    { ...good, dataset: { path: './escape.jsonl' } },
    /filesDir.*outside|escap|leave/i,
  ],
  ['a case selection naming an unknown id', { ...good, cases: ['c1', 'zz'] }, /unknown case id "zz"/],
  ['a model without provider', { ...good, agent: { model: 'gpt' } }, /agent\.model/],
  ['repeatRounds out of range', { ...good, repeatRounds: 0 }, /repeatRounds/],
]

describe('skill-ab run refuses bad input', () => {
  it.each(cases)('%s', async (_what, content, pattern) => {
    const file =
      content === null
        ? 'nope.json'
        : world.write('bad.json', typeof content === 'string' ? content : JSON.stringify(content))
    const res = await runCli(['run', file], world.env, world.root)
    expect(res.code, res.stderr).toBe(2)
    expect(res.stderr).toMatch(pattern)
    expect(res.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/) // no stack trace
    if (existsSync(`${world.dataDir}/skill-ab.db`)) {
      const store = openStore(world.dataDir)
      try {
        expect(store.tasks.list()).toEqual([])
      } finally {
        store.close()
      }
    }
  })

  it('a data dir that cannot be created', async () => {
    world.write('a-file', 'x')
    const res = await runCli(
      ['run', world.write('ok.json', JSON.stringify(good))],
      { ...world.env, SKILL_AB_HOME: `${world.root}/a-file/data` },
      world.root,
    )
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/data folder .*a-file\/data.*SKILL_AB_HOME/)
  })

  it('usage errors: no config, unknown flag, bad --rerun', async () => {
    for (const args of [
      ['run'],
      ['run', 'x.json', '--nope'],
      ['run', 'x.json', '--rerun', 'some'],
      ['frobnicate'],
    ]) {
      const res = await runCli(args, world.env, world.root)
      expect(res.code, args.join(' ')).toBe(2)
      expect(res.stderr).toMatch(/missing <config\.json>|unknown option --nope|--rerun takes|unknown command/)
    }
    const help = await runCli(['run', '--help'], world.env, world.root)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: skill-ab run')
  })
})
