// The `run` use case on a real store with a stub judge and a stub agent driver: what is judged when the
// execution fails before any agent runs (an isolation proof that does not hold).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AgentDriver, SideHooks, SideSpec } from '../agent/types'
import type { StartupPhase } from '../../src-shared/startup'
import { drive } from '../export/task.fixture'
import type { PairwiseAttempt } from '../judge/judge-runner'
import { parseTaskConfig, type LoadedTaskConfig } from '../inputs/load-config'
import { prepareTask } from './prepare-task'
import { runTask } from './run-task'
import { openStubWorld, type StubWorld } from './judge-stub.fixture'

let w: StubWorld
let dir: string
beforeEach(() => {
  w = openStubWorld()
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-run-task-'))
  mkdirSync(join(dir, 'skill'))
  writeFileSync(
    join(dir, 'skill', 'SKILL.md'),
    '---\nname: pirate-speak\ndescription: Use for pirate talk.\n---\nTalk like a pirate.\n',
  )
  writeFileSync(
    join(dir, 'cases.jsonl'),
    '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye."}\n',
  )
})
afterEach(() => {
  w.cleanup()
  rmSync(dir, { recursive: true, force: true })
})

const load = (): LoadedTaskConfig =>
  parseTaskConfig(
    {
      name: 'isolation fails',
      skill: { path: './skill', label: 'v1' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      agent: { model: 'scripted/agent' },
      evaluators: [{ id: 'preset-agent-task-completion' }, { id: 'preset-pairwise-outcome' }],
    },
    dir,
    { env: {} },
  )

const PREFERS_2: PairwiseAttempt = {
  status: 'done',
  winner: '2',
  reason: 'stub',
  rawOutput: '{"winner": "2"}',
  parseStrategy: 'direct_json',
  condensedInput: 'in',
  tokens: { input: 1, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
  costUsd: null,
  sessionId: null,
  retryable: false,
  error: null,
  durationMs: 1,
}

/** A driver whose sides never prove isolated: execution throws before any agent runs. */
const leakyDriver = (name: AgentDriver['name']): AgentDriver => ({
  name,
  openSide: (spec: SideSpec, hooks?: SideHooks) => {
    hooks?.onProving?.()
    return Promise.resolve({
      proof: { side: spec.side, ok: false, visible: [], message: 'sees a skill it must not see' },
      run: () => Promise.reject(new Error('no run on a side that failed its isolation proof')),
      close: async () => {},
    })
  },
})

describe('runTask', () => {
  it('an execution that fails (isolation proof) pays for no pairwise comparison; runs already queued are still scored', async () => {
    const loaded = load()
    const { task } = prepareTask(w.ctx.store, loaded)
    // An earlier run of the task left c1 executed on both sides (a scored, b not judged yet); c2 is pending.
    const runs = w.ctx.store.runs.listByTask(task.id)
    const c1a = runs.find((r) => r.caseKey === 'c1' && r.side === 'a')!
    const c1b = runs.find((r) => r.caseKey === 'c1' && r.side === 'b')!
    drive(w.ctx.store, c1a.id, 'scored', { score: 50 })
    drive(w.ctx.store, c1b.id, 'executed')
    let compared = 0
    const evaluate = w.ctx.createJudge({} as never).evaluate
    w.ctx.createJudge = () => ({
      evaluate,
      compare: () => {
        compared++
        return Promise.resolve(PREFERS_2)
      },
      close: async () => {},
    })
    w.ctx.driverFor = leakyDriver

    await expect(runTask(w.ctx, loaded, { signal: new AbortController().signal })).rejects.toThrow(
      /sides a and b: sees a skill it must not see/,
    )
    expect(compared).toBe(0)
    expect(w.ctx.store.pairwiseResults.listByTask(task.id)).toEqual([])
    // The run queued before execution was judged as before: its judge had started.
    expect(w.ctx.store.runs.get(c1b.id)?.status).toBe('scored')
  })

  it('announces its start-up (each side starting opencode, proving isolation, ready) and ends it even when a proof fails', async () => {
    const loaded = load()
    w.ctx.driverFor = leakyDriver
    const phases: (StartupPhase | null)[] = []
    w.ctx.events.on('task.startup', (c) => phases.push(c.phase))
    await expect(runTask(w.ctx, loaded, { signal: new AbortController().signal })).rejects.toThrow(
      /pre-flight check failed/,
    )
    expect(phases.map((p) => p && { driver: p.driver, sides: p.sides })).toEqual([
      { driver: 'server', sides: { a: 'starting', b: 'starting' } },
      { driver: 'server', sides: { a: 'proving', b: 'starting' } },
      { driver: 'server', sides: { a: 'proving', b: 'proving' } },
      { driver: 'server', sides: { a: 'ready', b: 'proving' } },
      { driver: 'server', sides: { a: 'ready', b: 'ready' } },
      null,
    ])
  })
})
