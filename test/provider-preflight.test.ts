// A provider that stops answering between two starts of a task (real opencode, scripted LLM): the next start
// of a task with runs left is refused in seconds by `doctor`'s ping, before any agent starts — no run is
// spent on "provider error" — while a finished task still decides offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
  writeSkill(world, 'skill', 'pirate-speak')
  world.write('one.jsonl', '{"id":"c1","prompt":"Say hello."}\n')
  world.write('three.jsonl', ['c1', 'c2', 'c3'].map((id) => `{"id":"${id}","prompt":"Hi ${id}."}`).join('\n'))
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

function writeConfig(name: string, dataset: string, extra: Record<string, unknown> = {}): string {
  return world.write(
    `${name}.json`,
    JSON.stringify({
      name,
      skill: { path: './skill' },
      dataset: { path: dataset },
      repeatRounds: 1,
      agent: { model: 'scripted/agent', timeoutSec: 90, concurrency: 2 },
      judge: { model: 'scripted/judge' },
      ...extra,
    }),
  )
}

const run = (config: string) => runCli(['run', config], world.env, world.root)

function statusesOf(name: string): string[] {
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === name)
    return task
      ? store.runs
          .listByTask(task.id)
          .map((r) => r.status)
          .sort()
      : []
  } finally {
    store.close()
  }
}

describe('the provider is pinged before a task with runs left starts', () => {
  it('refuses a start while the provider is down (runs stay pending), and a finished task still decides', async () => {
    const done = writeConfig('finished', './one.jsonl')
    const capped = writeConfig('capped', './three.jsonl', { budget: { maxRuns: 2 } })
    const pings = () => llm.requests.filter((r) => r.kind === 'other').length
    expect((await run(done)).code).not.toBe(2)
    expect(pings()).toBe(1) // a new task's providers are pinged once, before it is written
    const first = await run(capped)
    expect(first.code, first.stderr).toBe(4) // the budget stopped it with runs left
    const before = statusesOf('capped')
    expect(before.filter((s) => s === 'pending')).toHaveLength(4)

    await llm.close()
    const refused = await run(capped)
    expect(refused.code, refused.stderr).toBe(2)
    expect(refused.stderr).toMatch(
      /skill-ab run: provider scripted: unreachable at http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\), so no run was started: start the provider/,
    )
    expect(statusesOf('capped')).toEqual(before)

    const decided = await run(done)
    expect([0, 1, 3], decided.stderr).toContain(decided.code) // pass, reject or inconclusive
    expect(decided.stderr).not.toMatch(/unreachable/)
  })
})
