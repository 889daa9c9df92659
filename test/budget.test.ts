// Estimate and hard cap through `skill-ab run` with the real opencode binary and the priced scripted LLM
// (docs/decision.md "Estimate", "Budget"): an estimate after a trial is close to what the task then costs,
// `--max-cost` stops with exit 4 and a higher cap finishes the task re-executing nothing.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World

const CASES = 4

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: 'pirate-speak',
    defaultScript: {
      withSkill: [
        { tool: 'skill', args: { name: 'pirate-speak' } },
        { text: 'Arr, done. [[judge-score:80]]' },
      ],
      withoutSkill: [{ text: 'Done. [[judge-score:60]]' }],
    },
    judge: (text) => `{"score": ${/\[\[judge-score:(\d+)\]\]/.exec(text)?.[1] ?? 50}, "reason": "scripted"}`,
  })
  world = makeWorld(llm.url)
  writeSkill(world, 'skill', 'pirate-speak')
  const lines = Array.from({ length: CASES }, (_, i) =>
    JSON.stringify({ id: `c${i + 1}`, prompt: `Write a greeting number ${i + 1}.` }),
  )
  world.write('cases.jsonl', `${lines.join('\n')}\n`)
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

function writeConfig(name: string, model = 'scripted/agent'): string {
  return world.write(
    `${name}.json`,
    JSON.stringify({
      name,
      skill: { path: './skill', label: 'v1' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      agent: { model, timeoutSec: 90, concurrency: 2, driver: 'server' },
      judge: { model: 'scripted/judge', retries: 2 },
      policy: { costBudget: 4 },
      // Each task pays for its own runs here: an a-run linked to an earlier task's costs nothing.
      reuseBaseline: false,
    }),
  )
}

const run = (args: string[]) => runCli(['run', ...args], world.env, world.root)
const dollarsIn = (text: string, re: RegExp): number => Number(re.exec(text)?.[1] ?? NaN)

function runsOf(name: string) {
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === name)
    return task ? store.runs.listByTask(task.id) : []
  } finally {
    store.close()
  }
}

/** Agent requests since `from`, per side (side b's agent lists the skill). */
function agentRequests(from: number): { a: number; b: number } {
  const agent = llm.requests.slice(from).filter((r) => r.kind === 'agent')
  return { a: agent.filter((r) => !r.skillListed).length, b: agent.filter((r) => r.skillListed).length }
}

describe('skill-ab run: estimate and budget', () => {
  it('the estimate after a trial is within 25% of what the whole task then costs; --estimate executes nothing', async () => {
    const config = writeConfig('estimated')
    const trial = await run([config, '--trial', '1'])
    expect([0, 1, 3], trial.stderr).toContain(trial.code)

    const before = llm.requests.length
    const est = await run([config, '--estimate'])
    expect(est.code, est.stderr).toBe(0)
    expect(llm.requests.length).toBe(before)
    expect(est.stderr).toMatch(/estimate: the whole task 8 runs: ~[\d,]+ tokens, ~\$[\d.]+/)
    expect(est.stderr).toMatch(/left to run: 6 runs/)
    expect(est.stderr).toMatch(/based on 2 executed runs of this task/)
    const estimated = dollarsIn(est.stderr, /the whole task 8 runs: ~[\d,]+ tokens, ~\$([\d.]+)/)

    const full = await run([config, '--export', 'estimated-export.json'])
    expect([0, 1, 3], full.stderr).toContain(full.code)
    expect(full.stderr).toMatch(/estimate: the whole task 8 runs/)
    const doc = JSON.parse(readFileSync(`${world.root}/estimated-export.json`, 'utf8')) as {
      spend: { total: { costUsd: number } }
    }
    const actual = doc.spend.total.costUsd
    expect(actual).toBeGreaterThan(0)
    expect(
      Math.abs(estimated - actual) / actual,
      `estimated $${estimated}, spent $${actual}`,
    ).toBeLessThanOrEqual(0.25)
  })

  it('--max-cost stops with exit 4 before the spend would pass the cap; a higher cap finishes, re-executing nothing', async () => {
    const config = writeConfig('capped')
    // Earlier runs of this dataset and model (the test above) project each run's cost.
    const est = await run([config, '--estimate'])
    expect(est.stderr).toMatch(/based on \d+ executed runs of 1 earlier task/)
    const whole = dollarsIn(est.stderr, /the whole task 8 runs: ~[\d,]+ tokens, ~\$([\d.]+)/)
    const cap = Number((whole * 0.45).toFixed(6))

    const first = await run([config, '--max-cost', String(cap)])
    expect(first.code, first.stderr).toBe(4)
    const stop =
      /stopped at \$([\d.]+) of the \$([\d.]+) cap, (\d+) runs? left; run again with a higher cap to continue/.exec(
        first.stderr,
      )
    expect(stop, first.stderr).not.toBeNull()
    const [spent, left] = [Number(stop?.[1]), Number(stop?.[3])]
    expect(spent).toBeLessThanOrEqual(cap)
    expect(left).toBeGreaterThan(0)
    const afterFirst = runsOf('capped')
    const pending = afterFirst.filter((r) => r.status === 'pending')
    expect(pending).toHaveLength(left)
    const done = afterFirst.filter((r) => r.status === 'scored')
    expect(done.length).toBe(8 - left)

    const from = llm.requests.length
    const second = await run([config, '--max-cost', '100', '--export', 'capped-export.json'])
    expect([0, 1, 3], second.stderr).toContain(second.code)
    // A reviewer of the export sees the cap the task last ran under.
    const shared = JSON.parse(readFileSync(`${world.root}/capped-export.json`, 'utf8')) as {
      task: { config: { budget?: { maxCostUsd?: number } } }
    }
    expect(shared.task.config.budget?.maxCostUsd).toBe(100)
    const final = runsOf('capped')
    expect(final.every((r) => r.status === 'scored' && r.attempt === 1)).toBe(true)
    for (const r of done) expect(final.find((f) => f.id === r.id)?.sessionId).toBe(r.sessionId)
    // Only the runs left were executed: one agent request per a run, two per b run (skill call, answer).
    const leftA = pending.filter((r) => r.side === 'a').length
    expect(agentRequests(from)).toEqual({ a: leftA, b: 2 * (left - leftA) })
  })

  it('a dollar cap on a model without prices is refused at start (exit 2, naming the field); nothing runs', async () => {
    const from = llm.requests.length
    const res = await run([writeConfig('unpriced', 'scripted/free'), '--max-cost', '1'])
    expect(res.code, res.stderr).toBe(2)
    expect(res.stderr).toMatch(/budget\.maxCostUsd \(--max-cost\): the agent model's prices are unknown/)
    expect(llm.requests.length).toBe(from)
  })
})
