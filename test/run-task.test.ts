// `skill-ab run` end to end with the real opencode binary (server driver; the process driver's isolation is
// agent-isolation's) and the scripted LLM: runs, isolation, resume.
import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type RunRow } from '../src-main/db'
import { contentHash } from '../src-main/inputs/skill'
import { runCli, makeWorld, writeSkill, type World } from './support/fixtures'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { SERVER_AGENT } from './support/server-task'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

function config(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'pirate v2 vs none',
    skill: { path: './skills/pirate-speak', label: 'v2' },
    dataset: { path: './cases.jsonl' },
    repeatRounds: 2,
    evaluators: ANSWER_EXISTS,
    agent: SERVER_AGENT,
    ...extra,
  }
}

function readRuns(taskName: string): RunRow[] {
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === taskName)
    return task ? store.runs.listByTask(task.id) : []
  } finally {
    store.close()
  }
}

describe('skill-ab run', () => {
  it('runs 2 cases × 2 rounds × 2 sides (executed, then judged); only side b sees and loads the skill, even with copies planted in HOME and above the data dir', async () => {
    writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
    // Copies of the skill where a careless app would leak it into side a:
    for (const rel of [
      'home/.claude/skills',
      'home/.agents/skills',
      'home/.config/opencode/skills',
      '.opencode/skills',
    ])
      writeSkill(world, `${rel}/pirate-speak`, 'pirate-speak', 'LEAKED COPY')
    mkdirSync(world.dataDir, { recursive: true })
    world.write(
      'cases.jsonl',
      '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye.","files":{"notes.txt":"hi\\n"}}\n',
    )
    world.write('task.json', JSON.stringify(config()))

    const res = await runCli(['run', 'task.json'], world.env, world.root)
    expect(res.stderr).toContain('8 runs to execute')
    expectDecided(res)

    const runs = readRuns('pirate v2 vs none')
    expect(runs).toHaveLength(8)
    for (const run of runs) {
      expect(run.status, `${run.caseKey} r${run.round} ${run.side}`).toBe('scored')
      expect(run.sessionId).toMatch(/^ses_/)
      expect(run.tokens.input + run.tokens.output).toBeGreaterThan(0)
      expect(run.costUsd).toBeGreaterThan(0)
      expect(run.startedBy).toBeTruthy()
      expect(run.skillVisible).toBe(run.side === 'b')
      expect(run.skillLoaded).toBe(run.side === 'b')
    }
    // One warm server per side: every run of a side names the same process.
    for (const side of ['a', 'b'])
      expect(new Set(runs.filter((r) => r.side === side).map((r) => r.pid)).size).toBe(1)
    expect(new Set(runs.map((r) => r.pid)).size).toBe(2)
    const store = openStore(world.dataDir)
    try {
      for (const run of runs) {
        const trajectory = store.trajectories.get(run.id)
        expect(trajectory?.sessionId).toBe(run.sessionId)
        expect(trajectory?.events.some((e) => e.type === 'step_finish')).toBe(true)
        expect(trajectory?.diff).toContain('answer.txt')
        expect(JSON.stringify(trajectory?.events)).not.toContain('LEAKED COPY')
      }
    } finally {
      store.close()
    }
    // The scripted model saw the skill listed only in side b's requests.
    const agentRequests = llm.requests.filter((r) => r.kind === 'agent')
    expect(agentRequests.filter((r) => r.skillListed).length).toBeGreaterThan(0)
    expect(agentRequests.every((r) => r.skills.every((s) => s === 'pirate-speak'))).toBe(true)
  })

  it('resumes the same task: nothing executed is redone, added cases run alone, a changed skill is refused', async () => {
    const before = readRuns('pirate v2 vs none')
    const again = await runCli(['run', 'task.json'], world.env, world.root)
    expectDecided(again)
    expect(again.stderr).toContain('0 runs to execute')
    expect(readRuns('pirate v2 vs none').map((r) => r.sessionId)).toEqual(before.map((r) => r.sessionId))

    world.write(
      'cases.jsonl',
      '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye.","files":{"notes.txt":"hi\\n"}}\n{"id":"c3","prompt":"Count to three."}\n',
    )
    world.write('task.json', JSON.stringify(config({ repeatRounds: 1 })))
    const added = await runCli(['run', 'task.json'], world.env, world.root)
    expectDecided(added)
    expect(added.stderr).toContain('2 runs to execute')
    const after = readRuns('pirate v2 vs none')
    expect(after).toHaveLength(10)
    expect(after.filter((r) => r.caseKey === 'c3').map((r) => r.status)).toEqual(['scored', 'scored'])
    expect(after.filter((r) => r.caseKey !== 'c3').map((r) => r.sessionId)).toEqual(
      before.map((r) => r.sessionId),
    )

    writeSkill(world, 'skills/pirate-speak', 'pirate-speak', 'A changed body.')
    const refused = await runCli(['run', 'task.json'], world.env, world.root)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/skill\.path: the skill's contents changed/)
    expect(refused.stderr).toMatch(/new "name" or the skill a new "label"/)
  })

  it('compares two versions of one skill: each side loads its own version', async () => {
    writeSkill(world, 'v1/pirate-speak', 'pirate-speak', 'BODY OF VERSION ONE')
    writeSkill(world, 'v2/pirate-speak', 'pirate-speak', 'BODY OF VERSION TWO')
    world.write('one.jsonl', '{"id":"k1","prompt":"Say ahoy."}\n')
    world.write(
      'versions.json',
      JSON.stringify({
        name: 'v2 vs v1',
        skill: { path: './v2/pirate-speak', label: 'v2' },
        baseline: { kind: 'skill', path: './v1/pirate-speak', label: 'v1' },
        dataset: { path: './one.jsonl' },
        repeatRounds: 1,
        evaluators: ANSWER_EXISTS,
        agent: SERVER_AGENT,
      }),
    )
    const res = await runCli(['run', 'versions.json'], world.env, world.root)
    expectDecided(res)
    const hashA = contentHash(`${world.root}/v1/pirate-speak`).replace('sha256:', '')
    const hashB = contentHash(`${world.root}/v2/pirate-speak`).replace('sha256:', '')
    expect(res.stderr).toMatch(
      new RegExp(
        `isolation side a \\(pirate-speak v1\\): side a sees exactly pirate-speak at \\S*/${hashA}/`,
      ),
    )
    expect(res.stderr).toMatch(
      new RegExp(
        `isolation side b \\(pirate-speak v2\\): side b sees exactly pirate-speak at \\S*/${hashB}/`,
      ),
    )
    const store = openStore(world.dataDir)
    try {
      const task = store.tasks.list().find((t) => t.taskName === 'v2 vs v1')
      const runs = store.runs.listByTask(task?.id ?? '')
      const loaded = Object.fromEntries(
        runs.map((r) => [r.side, JSON.stringify(store.trajectories.get(r.id)?.events)]),
      )
      expect(runs.map((r) => [r.side, r.status, r.skillLoaded])).toEqual([
        ['a', 'scored', true],
        ['b', 'scored', true],
      ])
      expect(loaded.a).toContain('BODY OF VERSION ONE')
      expect(loaded.a).not.toContain('BODY OF VERSION TWO')
      expect(loaded.b).toContain('BODY OF VERSION TWO')
      expect(loaded.b).not.toContain('BODY OF VERSION ONE')
    } finally {
      store.close()
    }
  })
})
