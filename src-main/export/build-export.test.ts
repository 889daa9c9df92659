// buildExport on a real temp store: every export key and null, case status rules, decision input, scope, demo label.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { decide } from '../stats/decide'
import { EXPORT_SCHEMA_ID, exportSchema, type ExportDocument } from '../../src-shared/export'
import { policySchema } from '../../src-shared/task-config'
import { taskDecision } from '../services/task-decision'
import { buildTaskExport } from '../services/export-task'
import { toExperimentRun } from './run-entries'
import { drive, findRun, seedExportTask } from './task.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const env = {
  opencodeVersion: '1.18.33',
  app: '0.1.0',
  now: () => new Date('2026-11-29T12:00:00Z'),
  secrets: [],
}

/** Every key of the export document at every level (values may be null). */
function expectAllKeys(doc: ExportDocument): void {
  expect(Object.keys(doc)).toEqual(
    expect.arrayContaining([
      'schema',
      'exportedAt',
      'task',
      'skillVersions',
      'environment',
      'runs',
      'cases',
      'decision',
    ]),
  )
  expect(Object.keys(doc.task)).toEqual(
    expect.arrayContaining(['id', 'name', 'status', 'evaluationBatchId', 'config']),
  )
  expect(Object.keys(doc.skillVersions)).toEqual(expect.arrayContaining(['a', 'b']))
  expect(Object.keys(doc.environment)).toEqual(
    expect.arrayContaining(['opencodeVersion', 'agentModel', 'judgeModel', 'app']),
  )
  const runKeys = [
    'id',
    'caseId',
    'side',
    'round',
    'startedBy',
    'status',
    'failureType',
    'sessionId',
    'skillVisible',
    'skillLoaded',
    'tokens',
    'costUsd',
    'durationMs',
    'score',
    'evaluations',
  ]
  for (const run of doc.runs) {
    expect(Object.keys(run)).toEqual(expect.arrayContaining(runKeys))
    for (const [k, v] of Object.entries(run)) expect(v, k).not.toBeUndefined()
  }
  const d = doc.decision
  expect(Object.keys(d)).toEqual(
    expect.arrayContaining(['verdict', 'reasons', 'capability', 'cost', 'stability', 'casesNeeded']),
  )
  for (const dim of [d.capability, d.stability])
    expect(Object.keys(dim)).toEqual(expect.arrayContaining(['verdict', 'estimate', 'ciLow', 'ciHigh', 'n']))
  expect(Object.keys(d.cost)).toEqual(
    expect.arrayContaining(['verdict', 'metric', 'ratio', 'ciLow', 'ciHigh', 'n', 'metrics']),
  )
  expect(Object.keys(d.cost.metrics)).toEqual(expect.arrayContaining(['tokens', 'usd', 'time']))
  // A round-trip through JSON keeps every key: nothing is undefined.
  expect(JSON.parse(JSON.stringify(doc))).toEqual(doc)
}

describe('buildExport', () => {
  it('a task with nothing scored: every key present, figures null, valid against the schema', () => {
    const { task } = seedExportTask(store)
    const doc = buildTaskExport(store, task.id, { ...env, opencodeVersion: null })
    expect(exportSchema.safeParse(doc).success).toBe(true)
    expectAllKeys(doc)
    expect(doc.schema).toBe(EXPORT_SCHEMA_ID)
    expect(doc.exportedAt).toBe('2026-11-29T12:00:00.000Z')
    expect(doc).not.toHaveProperty('demo')
    expect(doc.environment).toEqual({
      opencodeVersion: null,
      agentModel: 'scripted/agent-model',
      judgeModel: 'scripted/agent-model',
      app: '0.1.0',
    })
    expect(doc.skillVersions).toEqual({
      a: null,
      b: { name: 'pirate-speak', label: 'v2', contentHash: `sha256:${'b'.repeat(64)}`, hashRecipe: 2 },
    })
    expect(doc.runs).toHaveLength(8)
    expect(doc.runs[0]).toMatchObject({
      status: 'pending',
      startedBy: null,
      sessionId: null,
      skillVisible: null,
      costUsd: null,
      durationMs: null,
      score: null,
      evaluations: [],
    })
    // Each case carries the content hash its runs were planned with (Compare tells changed cases apart).
    expect(doc.cases).toEqual([
      {
        caseId: 'c1',
        caseHash: 'h-c1',
        a: { status: 'pending', score: null },
        b: { status: 'pending', score: null },
      },
      {
        caseId: 'c2',
        caseHash: 'h-c2',
        a: { status: 'pending', score: null },
        b: { status: 'pending', score: null },
      },
    ])
    expect(doc.decision).toMatchObject({
      verdict: 'inconclusive',
      capability: { verdict: 'inconclusive', estimate: null, ciLow: null, ciHigh: null, n: 0 },
      stability: { estimate: null, ciLow: null, ciHigh: null, n: 0 },
      cost: { ratio: null, ciLow: null, ciHigh: null, n: 0 },
      casesNeeded: null,
    })
    expect(doc.task).toMatchObject({
      id: task.id,
      name: 'pirate v2 vs none',
      status: 'idle',
      evaluationBatchId: null,
    })
    expect(doc.task.config).toEqual(JSON.parse(task.configJson))
  })

  it('runs, cases and the decision of a scored task; decision = decide() on the runs with the task policy', () => {
    const { task, runs } = seedExportTask(store, {
      cases: ['c1', 'c2', 'c3'],
      baseline: true,
      config: { judge: { model: 'other/judge' }, policy: { minLift: 3 } },
    })
    let i = 0
    for (const run of runs) {
      i++
      const base = run.side === 'a' ? 50 : 70
      drive(store, run.id, 'scored', {
        score: base + (i % 3),
        durationMs: 1000 + i,
        costUsd: run.side === 'a' ? 0.01 : 0.012,
      })
    }
    const doc = buildTaskExport(store, task.id, env)
    expect(exportSchema.safeParse(doc).success).toBe(true)
    expectAllKeys(doc)
    expect(doc.environment.judgeModel).toBe('other/judge')
    expect(doc.skillVersions.a).toEqual({
      name: 'pirate-speak',
      label: 'v1',
      contentHash: `sha256:${'a'.repeat(64)}`,
      hashRecipe: 2,
    })
    const r1 = doc.runs[0]
    expect(r1).toMatchObject({
      caseId: 'c1',
      side: 'a',
      round: 1,
      status: 'scored',
      failureType: null,
      durationMs: 1001,
      costUsd: 0.01,
    })
    expect(r1?.startedBy).toEqual(expect.any(String))
    expect(r1?.tokens).toEqual({ input: 500, output: 300, reasoning: 100, cacheRead: 50, cacheWrite: 50 })
    expect(doc.cases.map((c) => [c.a.status, c.b.status])).toEqual([
      ['scored', 'scored'],
      ['scored', 'scored'],
      ['scored', 'scored'],
    ])
    const c1 = doc.cases[0]
    const mean = (side: 'a' | 'b') =>
      doc.runs.filter((r) => r.caseId === 'c1' && r.side === side).reduce((s, r) => s + (r.score ?? 0), 0) / 2
    expect(c1?.a.score).toBeCloseTo(mean('a'), 9)
    expect(c1?.b.score).toBeCloseTo(mean('b'), 9)
    const stored = store.runs.listByTask(task.id)
    expect(stored.map((r) => toExperimentRun(r, true))[0]).toMatchObject({
      tokens: 1000,
      executed: true,
      durationMs: 1001,
    })
    const policy = policySchema.parse({ minLift: 3 })
    expect(doc.decision).toEqual(
      JSON.parse(
        JSON.stringify(
          decide(
            stored.map((r) => toExperimentRun(r, true)),
            policy,
            { rounds: 2, baselineHasSkill: true, warnings: [] },
          ),
        ),
      ),
    )
    expect(taskDecision(store, task).trigger.a).not.toBeNull()
    expect(doc.decision.pairwise).toBeNull()
    expect(doc.decision.capability.estimate).toBeGreaterThan(15)
  })

  it("the decision: the agent's failures score 0 and count as failures, a cancel stays missing, the config's warnings join", () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2', 'c3'], rounds: 1 })
    for (const c of ['c1', 'c2', 'c3']) drive(store, findRun(runs, c, 'a', 1).id, 'scored', { score: 60 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'exec-failed')
    drive(store, findRun(runs, 'c2', 'b', 1).id, 'exec-failed')
    drive(store, findRun(runs, 'c3', 'b', 1).id, 'canceled')
    const stored = store.runs.listByTask(task.id)
    expect(toExperimentRun(findRun(stored, 'c1', 'b', 1), false)).toMatchObject({
      score: null,
      executed: false,
      failureType: 'agent_error',
    })
    const d = taskDecision(store, task)
    expect(buildTaskExport(store, task.id, env).decision).toEqual(JSON.parse(JSON.stringify(d)))
    expect(d.coverage).toMatchObject({ counting: 2, total: 3 })
    expect(d.capability.perCase.map((c) => [c.caseId, c.b])).toEqual([
      ['c1', 0],
      ['c2', 0],
    ])
    expect(d.failures).toMatchObject({ failuresB: 2, runsB: 2, excludedB: 1, failuresA: 0, runsA: 3 })
    expect(d.trigger.a).toBeNull()
    expect(d.warnings).toEqual([
      {
        code: 'judge-same-model',
        message: expect.stringMatching(
          /^judge\.model: the judge uses the agent's own model \(scripted\/agent-model\)/,
        ),
      },
    ])
  })

  it('cases follow the first-match status rule across mixed runs', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2', 'c3', 'c4'] })
    const at = (c: string, s: 'a' | 'b', r: number) => findRun(runs, c, s, r).id
    drive(store, at('c1', 'a', 1), 'scored', { score: 60 }) // c1 a: scored + pending → running
    drive(store, at('c1', 'b', 1), 'evaluating') // c1 b: evaluating + pending → running
    drive(store, at('c2', 'a', 1), 'scored', { score: 60 })
    drive(store, at('c2', 'a', 2), 'eval-failed') // c2 a: scored + failed → partial (score 60)
    drive(store, at('c2', 'b', 1), 'exec-failed')
    drive(store, at('c2', 'b', 2), 'canceled') // c2 b: failed + canceled → failed
    drive(store, at('c3', 'a', 1), 'scored', { score: 40 })
    drive(store, at('c3', 'a', 2), 'scored', { score: 50 }) // c3 a: scored (45); c3 b and c4: pending
    const doc = buildTaskExport(store, task.id, env)
    expect(doc.cases.map(({ caseHash: _hash, ...c }) => c)).toEqual([
      { caseId: 'c1', a: { status: 'running', score: 60 }, b: { status: 'running', score: null } },
      // The agent's own failure scores 0 as the decision (and the app's table) counts it; the cancel is left out.
      { caseId: 'c2', a: { status: 'partial', score: 60 }, b: { status: 'failed', score: 0 } },
      { caseId: 'c3', a: { status: 'scored', score: 45 }, b: { status: 'pending', score: null } },
      { caseId: 'c4', a: { status: 'pending', score: null }, b: { status: 'pending', score: null } },
    ])
    const failed = doc.runs.find((r) => r.id === at('c2', 'b', 1))
    expect(failed).toMatchObject({
      status: 'failed',
      failureType: 'agent_error',
      durationMs: null,
      score: null,
    })
    expect(doc.runs.find((r) => r.id === at('c2', 'b', 2))).toMatchObject({
      status: 'canceled',
      failureType: 'canceled',
    })
    expect(doc.runs.find((r) => r.id === at('c1', 'b', 1))).toMatchObject({
      status: 'evaluating',
      score: null,
      durationMs: 4200,
    })
    expect(exportSchema.safeParse(doc).success).toBe(true)
  })

  it('leaves out runs of rounds or cases no longer in the task (resume narrowed them)', () => {
    const { task } = seedExportTask(store, { cases: ['c1'], rounds: 1 })
    store.runs.insertPending(task.id, [
      { caseKey: 'c1', round: 2, side: 'a', caseHash: 'h' },
      { caseKey: 'gone', round: 1, side: 'a', caseHash: 'h' },
    ])
    const doc = buildTaskExport(store, task.id, env)
    expect(doc.runs.map((r) => [r.caseId, r.round])).toEqual([
      ['c1', 1],
      ['c1', 1],
    ])
    expect(doc.cases.map((c) => c.caseId)).toEqual(['c1'])
  })

  it('spend: per side what started (a failed run included, a canceled one not), the judge, the total', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1'], baseline: true })
    const tokens = { input: 100, output: 10, reasoning: 0, cacheRead: 40, cacheWrite: 0 }
    for (const r of [1, 2])
      drive(store, findRun(runs, 'c1', 'a', r).id, 'scored', { tokens, durationMs: 2000 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'scored', { tokens, costUsd: null, durationMs: 3000 })
    drive(store, findRun(runs, 'c1', 'b', 2).id, 'canceled')
    store.evalResults.append({
      evaluatorRunId: 'batch',
      sessionId: null,
      runId: findRun(runs, 'c1', 'b', 1).id,
      grayscaleTaskId: task.id,
      evaluatorId: 'judge',
      status: 'done',
      score: 70,
      reason: null,
      rawOutput: null,
      parseStrategy: null,
      judgeTokens: { input: 900, output: 20, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
      judgeCostUsd: 0.004,
    })
    const doc = buildTaskExport(store, task.id, env)
    expect(exportSchema.safeParse(doc).success).toBe(true)
    const spend = doc.spend
    expect(spend?.a).toMatchObject({ runs: 2, costUsd: 0.02, unpriced: 0, wallSeconds: 4 })
    expect(spend?.a.tokens).toMatchObject({ input: 200, cacheRead: 80, total: 300 })
    expect(spend?.b).toMatchObject({ runs: 1, costUsd: null, unpriced: 1, wallSeconds: 3 })
    expect(spend?.judge).toMatchObject({ judgements: 1, costUsd: 0.004, tokens: { total: 920 } })
    expect(spend?.total.tokens.total).toBe(300 + 150 + 920)
    expect(spend?.total.costUsd).toBeCloseTo(0.024, 9)
    expect(spend?.total).toMatchObject({ unpriced: 1, wallSeconds: 7 })
  })

  it('labels a demo export', () => {
    const { task } = seedExportTask(store)
    const doc = buildTaskExport(store, task.id, { ...env, demo: true })
    expect(doc.demo).toBe(true)
    expect(exportSchema.safeParse(doc).success).toBe(true)
  })

  it('an unknown task id throws a StoreError', () => {
    expect(() => buildTaskExport(store, 'task_nope', env)).toThrow(/no A\/B task with id task_nope/)
  })
})
