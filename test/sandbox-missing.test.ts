// A Linux without bubblewrap (PATH holds every program of this machine but `bwrap` and `socat`): under
// `agent.sandbox: "required"` nothing runs (exit 2) and the message says what to install; under the default
// "auto" the task runs, and the proof and the decision say the runs had no sandbox (`no-sandbox`).
import { readdirSync, symlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSupport } from '../src-main/agent/isolation/sandbox'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { makeWorld, runCli, stopCliChildren, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { runsOf, SERVER_AGENT } from './support/server-task'

let llm: ScriptedLlm
let world: World
let env: NodeJS.ProcessEnv

const WRITE = [{ tool: 'write', args: { filePath: 'answer.txt', content: 'ahoy' } }, { text: 'Ahoy.' }]

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: 'pirate-speak',
    cases: [{ match: 'pirate', withSkill: WRITE, withoutSkill: WRITE }],
  })
  world = makeWorld(llm.url)
  writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  world.write('cases.jsonl', '{"id": "c1", "prompt": "Say hello like a pirate."}\n')
  // Every program of PATH's folders, linked into one folder, but the sandbox's own.
  const bin = join(world.root, 'bin-without-bwrap')
  world.write('bin-without-bwrap/.keep', '')
  const folders = [dirname(process.execPath), ...(process.env.PATH ?? '').split(':')]
  for (const folder of folders) {
    let names: string[]
    try {
      names = readdirSync(folder)
    } catch {
      continue
    }
    for (const name of names) {
      if (name === 'bwrap' || name === 'socat') continue
      try {
        symlinkSync(join(folder, name), join(bin, name))
      } catch {
        // an earlier folder's program of that name comes first, as on PATH
      }
    }
  }
  env = { ...world.env, PATH: bin }
})

afterAll(async () => {
  await stopCliChildren()
  await llm?.close()
  world?.cleanup()
})

function writeConfig(sandbox: 'auto' | 'required'): string {
  const file = `task-${sandbox}.json`
  world.write(
    file,
    JSON.stringify({
      name: `no bwrap ${sandbox}`,
      skill: { path: './skills/pirate-speak' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      evaluators: ANSWER_EXISTS,
      agent: { ...SERVER_AGENT, sandbox },
    }),
  )
  return file
}

describe.runIf(process.platform === 'linux' && sandboxSupport().ok)('a Linux without bubblewrap', () => {
  it('"required" runs nothing (exit 2) and says what to install', async () => {
    const res = await runCli(['run', writeConfig('required')], env, world.root)
    expect(res.code, res.stderr).toBe(2)
    expect(res.stderr).toContain('agent.sandbox is "required", but the sandbox cannot be on')
    expect(res.stderr).toContain(
      'install bubblewrap and socat (Debian/Ubuntu: sudo apt install bubblewrap socat',
    )
    expect(runsOf(world, 'no bwrap required').map((r) => r.status)).toEqual(['pending', 'pending'])
  })

  it('"auto" runs, and the proof and the decision say the runs had no sandbox', async () => {
    const res = await runCli(['run', writeConfig('auto')], env, world.root)
    expectDecided(res)
    expect(res.stdout + res.stderr).toMatch(/sandbox off: .*install bubblewrap and socat/)
    expect(res.stderr).toMatch(/no-sandbox — 2 runs \(1 on side a, 1 on side b\) ran without the OS sandbox/)
    expect(runsOf(world, 'no bwrap auto').map((r) => r.sandbox?.on)).toEqual([false, false])
  })
})
