// Run modes through `skill-ab run` with the real opencode binary (server driver) and the scripted LLM:
// a trial run, an append, a retry of selected runs — each touches exactly the runs it names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type RunRow } from '../src-main/db'
import { runCli, makeWorld, writeSkill, type World } from './support/fixtures'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { SERVER_AGENT } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

const CASES = ['{"id":"c1","prompt":"Say hello."}', '{"id":"c2","prompt":"Say goodbye."}']

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
  writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  world.write('cases.jsonl', `${CASES.join('\n')}\n`)
  writeConfig({})
})

/** task.json: 2 rounds of every case, unless `extra` says otherwise. */
function writeConfig(extra: Record<string, unknown>): void {
  world.write(
    'task.json',
    JSON.stringify({
      name: 'modes',
      skill: { path: './skills/pirate-speak', label: 'v2' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 2,
      evaluators: ANSWER_EXISTS,
      agent: SERVER_AGENT,
      ...extra,
    }),
  )
}
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

function runs(): RunRow[] {
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === 'modes')
    return task ? store.runs.listByTask(task.id) : []
  } finally {
    store.close()
  }
}

const key = (r: RunRow): string => `${r.caseKey}/r${r.round}/${r.side}`
const byStatus = (rs: RunRow[], status: string): string[] =>
  rs
    .filter((r) => r.status === status)
    .map(key)
    .sort()

describe('skill-ab run modes', () => {
  it('refuses two modes at once and a trial of zero cases, before touching anything', async () => {
    const both = await runCli(['run', 'task.json', '--trial', '1', '--append'], world.env, world.root)
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('cannot be combined')])
    const zero = await runCli(['run', 'task.json', '--trial', '0'], world.env, world.root)
    expect([zero.code, zero.stderr]).toEqual([2, expect.stringContaining('--trial takes a number')])
    expect(runs()).toEqual([])
  })

  it('trial, append, retry selected: each executes only its runs; nothing else is touched', async () => {
    const trial = await runCli(['run', 'task.json', '--trial', '1'], world.env, world.root)
    expectDecided(trial)
    expect(trial.stderr).toContain('mode: trial run: the first 1 case, round 1 only')
    expect(trial.stderr).toContain('6 runs not run yet: `skill-ab run task.json` continues the task')
    expect(byStatus(runs(), 'scored')).toEqual(['c1/r1/a', 'c1/r1/b'])
    expect(byStatus(runs(), 'pending')).toHaveLength(6)

    // A new case in the dataset: --append runs it alone (both rounds), the old pending runs wait.
    world.write('cases.jsonl', `${[...CASES, '{"id":"c3","prompt":"Count to three."}'].join('\n')}\n`)
    const append = await runCli(['run', 'task.json', '--append'], world.env, world.root)
    expectDecided(append)
    expect(append.stderr).toContain('4 runs to execute')
    expect(byStatus(runs(), 'scored')).toEqual([
      'c1/r1/a',
      'c1/r1/b',
      'c3/r1/a',
      'c3/r1/b',
      'c3/r2/a',
      'c3/r2/b',
    ])
    expect(byStatus(runs(), 'pending')).toEqual([
      'c1/r2/a',
      'c1/r2/b',
      'c2/r1/a',
      'c2/r1/b',
      'c2/r2/a',
      'c2/r2/b',
    ])

    // Retry one selected run: re-executed (a new session), everything else keeps its session.
    const before = runs()
    const target = before.find((r) => key(r) === 'c1/r1/b') as RunRow
    const retry = await runCli(['run', 'task.json', '--runs', target.id], world.env, world.root)
    expectDecided(retry)
    expect(retry.stderr).toContain('1 run to execute')
    const after = runs()
    const retried = after.find((r) => r.id === target.id) as RunRow
    expect([retried.status, retried.attempt]).toEqual(['scored', target.attempt + 1])
    expect(retried.sessionId).not.toBe(target.sessionId)
    for (const r of after.filter((x) => x.id !== target.id))
      expect([key(r), r.status, r.sessionId]).toEqual([
        key(r),
        before.find((b) => b.id === r.id)?.status,
        before.find((b) => b.id === r.id)?.sessionId,
      ])

    const unknown = await runCli(['run', 'task.json', '--runs', 'run_nope'], world.env, world.root)
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      expect.stringContaining('no run run_nope in task "modes"'),
    ])
  })

  it('a resume that drops a case and a round is done once the runs it selects are; each config warning is printed once', async () => {
    // c2 and round 2 are no longer selected: their 6 pending runs stay stored but wait for nothing.
    writeConfig({ repeatRounds: 1, cases: ['c1', 'c3'] })
    const res = await runCli(['run', 'task.json'], world.env, world.root)
    expectDecided(res)
    expect(res.stderr).toContain('0 runs to execute, 0 to judge')
    expect(res.stderr).toMatch(/^task \S+ done: 4 scored$/m)
    expect(res.stderr).not.toContain('not run yet')
    expect(JSON.parse(res.stdout)).toMatchObject({ status: 'done', runs: { scored: 4, pending: 0 } })
    expect(byStatus(runs(), 'pending')).toHaveLength(6)
    // The judge shares the agent's model: said once, before the runs, not again under the decision.
    expect(res.stderr.match(/the judge uses the agent's own model/g)).toHaveLength(1)
  })
})
