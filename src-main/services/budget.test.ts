// The budget gate on a real store (docs/decision.md "Budget"): what it admits as runs start and finish.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RunRow } from '../db'
import { drive } from '../export/task.fixture'
import { parseTaskConfig } from '../inputs/load-config'
import { NO_PRICES } from '../../src-shared/prices'
import { budgetGate, budgetStopText, checkBudgetPrices } from './budget'
import { prepareTask } from './prepare-task'
import { openStubWorld, type StubWorld } from './judge-stub.fixture'

let w: StubWorld
let dir: string
let runs: RunRow[]
beforeEach(() => {
  w = openStubWorld()
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-budget-'))
  mkdirSync(join(dir, 'skill'))
  writeFileSync(join(dir, 'skill', 'SKILL.md'), '---\nname: pirate\ndescription: Pirate talk.\n---\nArr.\n')
  writeFileSync(join(dir, 'cases.jsonl'), '{"id":"c1","prompt":"Hi."}\n{"id":"c2","prompt":"Bye."}\n')
  const loaded = parseTaskConfig(
    {
      name: 'capped',
      skill: { path: './skill' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 2,
      agent: { model: 'p/m' },
      evaluators: [{ id: 'ok', kind: 'command', command: 'true' }],
    },
    dir,
    { env: {} },
  )
  const { task } = prepareTask(w.ctx.store, loaded)
  runs = w.ctx.store.runs.listByTask(task.id)
  // The gate prices runs with the prices stored at the start: $3 / $15 per 1M tokens.
  const price = { input: 3, output: 15, cacheRead: 0, cacheWrite: 0 }
  w.ctx.store.taskPrices.set(task.id, { agent: price, judge: price })
})
afterEach(() => {
  w.cleanup()
  rmSync(dir, { recursive: true, force: true })
})

const task = () => w.ctx.store.tasks.get(runs[0]!.taskId)!
const run = (i: number) => runs[i]!

describe('budgetGate', () => {
  it('maxRuns: admits that many executions, then no run at all', async () => {
    drive(w.ctx.store, run(0).id, 'scored')
    const gate = budgetGate(w.ctx.store, task(), { maxRuns: 3 })
    expect(await gate.admit(run(1))).toBe(true)
    expect(await gate.admit(run(2))).toBe(true)
    expect(await gate.admit(run(3))).toBe(false)
    expect(gate.stopped).toBe('runs')
    expect(await gate.admit(run(4))).toBe(false)
  })

  it('maxCostUsd: the first run starts alone; then runs start while spend + running runs + the next stay within the cap', async () => {
    const gate = budgetGate(w.ctx.store, task(), { maxCostUsd: 0.03 })
    expect(await gate.admit(run(0))).toBe(true)
    let second = false
    const waiting = gate.admit(run(1)).then((ok) => (second = ok))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(second).toBe(false) // nothing projects a cost yet: it waits for the first run's figures
    // 1000 input and 400 output tokens: $0.003 + $0.006.
    const tokens = { input: 1000, output: 400, reasoning: 0, cacheRead: 0, cacheWrite: 0 }
    drive(w.ctx.store, run(0).id, 'scored', { tokens, costUsd: 0.009 })
    gate.settled(run(0))
    await waiting
    expect(second).toBe(true)
    // spent 0.009 + run 1 running (projected 0.009) + the next (0.009) ≤ 0.03; one more would pass it.
    expect(await gate.admit(run(2))).toBe(true)
    expect(await gate.admit(run(3))).toBe(false)
    expect(gate.stopped).toBe('usd')
  })
})

describe('budgetStopText', () => {
  it('says a cap below $0.0001 with its digits, never "the $0.0000 cap" (--max-cost 0.000001)', () => {
    const stop = { kind: 'usd' as const, spentUsd: 0.003, executions: 1, maxRuns: null, left: 5 }
    expect(budgetStopText({ ...stop, capUsd: 0.000001 })).toBe(
      'stopped at $0.0030 of the $0.000001 cap, 5 runs left; run again with a higher cap to continue\n',
    )
    expect(budgetStopText({ ...stop, spentUsd: 0.0000123, capUsd: 2.5 })).toBe(
      'stopped at $0.000012 of the $2.50 cap, 5 runs left; run again with a higher cap to continue\n',
    )
  })
})

describe('checkBudgetPrices', () => {
  it('refuses a dollar cap when the prices are unknown, naming the field; a run cap needs none', () => {
    const evaluators = [{ id: 'ok', kind: 'command' as const, command: 'true', weight: 1 }]
    expect(() => checkBudgetPrices({ budget: { maxCostUsd: 1 }, evaluators }, NO_PRICES)).toThrow(
      /budget\.maxCostUsd \(--max-cost\): the agent model's prices are unknown/,
    )
    expect(() => checkBudgetPrices({ budget: { maxRuns: 5 }, evaluators }, NO_PRICES)).not.toThrow()
  })
})
