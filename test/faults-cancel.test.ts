// `skill-ab run` through the engine (process driver): a model typo stops the task before any run, all-failed
// executions exit 2, Ctrl-C cancels cleanly (exit 130). A provider 500 on the CLI: failures-count.test.ts.
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type RunRow } from '../src-main/db'
import { processesOfRun, waitFor } from './agent-support'
import { CLI, makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
  writeSkill(world, 'skill', 'pirate-speak')
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

function task(name: string, dataset: string): string {
  return world.write(
    `${name}.json`,
    JSON.stringify({
      name,
      skill: { path: './skill' },
      dataset: { path: dataset },
      repeatRounds: 1,
      evaluators: ANSWER_EXISTS,
      agent: { model: 'scripted/agent', timeoutSec: 90, idleTimeoutSec: 60, concurrency: 2 },
    }),
  )
}

function runsOf(name: string): RunRow[] {
  const store = openStore(world.dataDir)
  try {
    const t = store.tasks.list().find((x) => x.taskName === name)
    return t ? store.runs.listByTask(t.id) : []
  } finally {
    store.close()
  }
}

describe('faults and cancel through the engine', () => {
  it('an unknown model stops the task before any run, naming the model and the ones available', async () => {
    world.write('one.jsonl', '{"id":"c","prompt":"Say hi."}\n')
    const file = world.write(
      'typo.json',
      JSON.stringify({
        name: 'typo',
        skill: { path: './skill' },
        dataset: { path: './one.jsonl' },
        agent: { model: 'scripted/agnet' },
      }),
    )
    // Requests that ask the model (a ping's free GET /models is not one).
    const asked = () => llm.requests.filter((r) => r.kind !== 'other').length
    const before = asked()
    const res = await runCli(['run', file], world.env, world.root)
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(
      /\nsides a and b: model scripted\/agnet: provider "scripted" has no such model; it has: .*scripted\/agent\b.*\n/,
    )
    expect(res.stderr.match(/has no such model/g)).toHaveLength(1) // one problem, said once
    expect(runsOf('typo').map((r) => r.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ])
    expect(asked()).toBe(before)
    // Nothing was paid for, so the corrected config reuses the name (a model change is otherwise refused).
    world.write(
      'typo.json',
      JSON.stringify({
        name: 'typo',
        skill: { path: './skill' },
        dataset: { path: './one.jsonl' },
        repeatRounds: 1,
        evaluators: ANSWER_EXISTS,
        agent: { model: 'scripted/agent' },
      }),
    )
    const fixed = await runCli(['run', file], world.env, world.root)
    expectDecided(fixed)
    expect(runsOf('typo').map((r) => r.status)).toEqual(['scored', 'scored'])
  })

  it('exits 2 "no run executed" when every execution fails', async () => {
    world.write('allbad.jsonl', '{"id":"bad","prompt":"[[fault:404]] Say hi."}\n')
    const res = await runCli(['run', task('allbad', './allbad.jsonl')], world.env, world.root)
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('no run executed')
  })

  it('a second run/reevaluate of a live task is refused naming its owner; Ctrl-C cancels: exit 130, running runs canceled, no opencode process left; the next run executes them', async () => {
    world.write('slow.jsonl', '{"id":"slow","prompt":"Take your time."}\n')
    const file = task('slow', './slow.jsonl')
    llm.setDelay(60_000)
    const child = spawn(process.execPath, [CLI, 'run', file], { env: world.env, cwd: world.root })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    await waitFor(
      () => runsOf('slow').filter((r) => r.status === 'running' && r.pid !== null).length === 2,
      60_000,
      'two running runs',
    )
    // A second process neither runs nor re-evaluates a task a live process owns, nor touches its runs.
    for (const args of [
      ['run', file],
      ['reevaluate', 'slow'],
    ]) {
      const second = await runCli(args, world.env, world.root)
      expect([second.code, second.stderr]).toEqual([
        2,
        expect.stringContaining(`is being run by another Skill A/B process (cli process pid ${child.pid}`),
      ])
    }
    const listed = await runCli(['list', '--json'], world.env, world.root)
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({
        name: 'slow',
        status: 'running',
        runs: expect.objectContaining({ running: 2 }),
      }),
    )
    const started = Date.now()
    child.kill('SIGINT')
    expect(await exited, stderr).toBe(130)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(stderr).toContain('canceling')
    const runs = runsOf('slow')
    expect(runs.map((r) => [r.status, r.failureType])).toEqual([
      ['canceled', 'canceled'],
      ['canceled', 'canceled'],
    ])
    expect(processesOfRun(null, [world.dataDir])).toEqual([])
    expect(runs.every((r) => r.pid === null || processesOfRun(r.pid, []).length === 0)).toBe(true)

    llm.setDelay(0)
    const resumed = await runCli(['run', file], world.env, world.root)
    expectDecided(resumed)
    expect(resumed.stderr).toContain('2 runs to execute')
    expect(runsOf('slow').map((r) => [r.status, r.attempt])).toEqual([
      ['scored', 2],
      ['scored', 2],
    ])
  })
})
