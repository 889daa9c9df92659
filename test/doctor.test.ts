// `skill-ab doctor`: environment checks alone, then a config's inputs, provider, model and isolation proof.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, writeProviderConfig, type ScriptedLlm } from './support/scripted-llm'

let world: World
let llm: ScriptedLlm

beforeAll(async () => {
  llm = await startScriptedLlm()
  world = makeWorld(llm.url)
  writeSkill(world, 'skill', 'pirate-speak')
  // A skill-creator layout: the answer key and a note the snapshot leaves out.
  world.write('skill/evals/evals.json', '{"skill_name": "pirate-speak", "evals": []}')
  world.write('skill/.skillabignore', 'notes/\n')
  world.write('skill/notes/todo.md', 'private')
  world.write('skill/scripts/run.sh', 'echo arr\n')
  world.write('cases.jsonl', '{"id":"c1","prompt":"Say hi."}\n')
})
afterAll(async () => {
  world.cleanup()
  await llm.close()
})

const config = (model: string, driver?: 'process'): string =>
  world.write(
    `doctor-${model.replace('/', '-')}${driver ? `-${driver}` : ''}.json`,
    JSON.stringify({
      name: 'd',
      skill: { path: './skill' },
      dataset: { path: './cases.jsonl' },
      agent: { model, ...(driver ? { driver } : {}) },
    }),
  )

describe('skill-ab doctor', () => {
  it('checks the environment without a config', async () => {
    const res = await runCli(['doctor'], world.env, world.root)
    expect(res.code, res.stdout).toBe(0)
    expect(res.stdout).toMatch(/ok\s+opencode\s+1\.18\.33 at .*opencode \(bundled/)
    expect(res.stdout).toMatch(/ok\s+data dir\s+.*\/data \(database ok\)/)
    expect(res.stdout).toContain('all checks passed')
  })

  it('proves both sides of a config; names a model opencode does not know, a provider on a closed port and a baseline that is the skill itself', async () => {
    const good = await runCli(['doctor', config('scripted/agent')], world.env, world.root)
    expect(good.code, good.stdout).toBe(0)
    // Proved on the task's own driver (the default, server), not on another transport.
    expect(good.stdout).toMatch(
      /ok\s+side a\s+scripted\/agent: side a sees no skill.* \(on the server driver, as the task runs\)/,
    )
    expect(good.stdout).toMatch(
      /ok\s+side b\s+scripted\/agent: side b sees exactly pirate-speak at .*\/skills\/pirate-speak\/.* \(on the server driver, as the task runs\)/,
    )
    const processTask = await runCli(['doctor', config('scripted/agent', 'process')], world.env, world.root)
    expect(processTask.stdout).toMatch(/ok\s+side b\s+.* \(on the process driver, as the task runs\)/)
    expect(good.stdout).toMatch(/ok\s+dataset\s+jsonl, 1 of 1 cases selected/)
    // The prices the provider config gives the models (the estimate and a dollar cap use them).
    expect(good.stdout).toMatch(
      /ok\s+prices\s+agent scripted\/agent: \$3 in · \$15 out · \$0 cache read · \$0 cache write per 1M tokens/,
    )
    expect(good.stdout).toMatch(
      /ok\s+provider\s+scripted: answers at http:\/\/127\.0\.0\.1:\d+\/v1, lists 3 models, agent among them/,
    )
    expect(good.stdout).toMatch(
      /ok\s+skill\s+pirate-speak \w{8} \(sha256:\w+\); 2 files, evals\/ and 1 ignored file left out of the snapshot/,
    )

    // One bad config for two problems (each line says its own): no extra opencode start-ups.
    const closed = writeProviderConfig(`${world.root}/closed-provider.json`, {
      baseURL: 'http://127.0.0.1:9/v1',
    })
    const badConfig = {
      name: 'd',
      skill: { path: './skill' },
      dataset: { path: './cases.jsonl' },
      agent: { model: 'scripted/gpt-9' },
    }
    const bad = await runCli(
      ['doctor', world.write('doctor-bad.json', JSON.stringify(badConfig))],
      { ...world.env, OPENCODE_CONFIG: closed },
      world.root,
    )
    expect(bad.code).toBe(2)
    // The model is the same for both sides: its problem is one line, for both, naming the model once.
    expect(bad.stdout).toMatch(
      /FAIL\s+sides a and b\s+model scripted\/gpt-9: provider "scripted" has no such model; it has: .*scripted\/agent/,
    )
    expect(bad.stdout.match(/has no such model/g)).toHaveLength(1)
    expect(bad.stdout).toMatch(
      /FAIL\s+provider\s+scripted: unreachable at http:\/\/127\.0\.0\.1:9\/v1 \(ECONNREFUSED\): start the provider/,
    )
    expect(bad.stdout).toContain('2 checks failed')

    // A baseline that is the skill itself is named, and stops doctor before the side proofs (nothing written).
    const same = { ...badConfig, baseline: { kind: 'skill', path: './skill', label: 'v0' } }
    const refused = await runCli(
      ['doctor', world.write('doctor-same.json', JSON.stringify(same))],
      world.env,
      world.root,
    )
    expect(refused.code).toBe(2)
    expect(refused.stdout).toMatch(
      /FAIL\s+baseline\s+baseline\.path: a and b are the same skill \(pirate-speak/,
    )
    expect(refused.stdout).not.toMatch(/side [ab]/)
  })
})
