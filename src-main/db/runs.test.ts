import { userInfo } from 'node:os'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from './connection'
import type { PendingRun } from './runs'
import { openTempStore, seedTask, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
let taskId: string
const grid: PendingRun[] = ['c1', 'c2'].flatMap((caseKey) =>
  [1, 2].flatMap((round) =>
    (['a', 'b'] as const).map((side) => ({ caseKey, round, side, caseHash: `h-${caseKey}` })),
  ),
)
beforeEach(() => {
  t = openTempStore()
  store = t.store
  taskId = seedTask(store).id
})
afterEach(() => t.cleanup())

function onePending() {
  const [run] = store.runs.insertPending(taskId, grid.slice(0, 1))
  if (!run) throw new Error('no run')
  return run
}

describe('runs.insertPending', () => {
  it('inserts case × round × side once; a resume skips existing runs and appends new ones', () => {
    const first = store.runs.insertPending(taskId, grid)
    expect(first).toHaveLength(8)
    expect(first.every((r) => r.status === 'pending' && r.attempt === 0 && r.tokens.input === 0)).toBe(true)
    expect(store.runs.insertPending(taskId, grid)).toEqual([])
    const more = store.runs.insertPending(taskId, [
      ...grid,
      { caseKey: 'c1', round: 3, side: 'a', caseHash: 'h-c1' },
    ])
    expect(more.map((r) => [r.caseKey, r.round, r.side])).toEqual([['c1', 3, 'a']])
    const all = store.runs.listByTask(taskId)
    expect(all).toHaveLength(9)
    expect(all.map((r) => r.ordinal)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(store.runs.countsByStatus(taskId)).toEqual({
      pending: 9,
      running: 0,
      executed: 0,
      evaluating: 0,
      scored: 0,
      failed: 0,
      canceled: 0,
    })
  })
})

describe('runs.transition', () => {
  it('is a compare-and-set: a run not in `from` is left alone and null returned', () => {
    const run = onePending()
    expect(store.runs.transition(run.id, { from: ['running'], to: 'executed' })).toBeNull()
    expect(store.runs.get(run.id)?.status).toBe('pending')
    const running = store.runs.transition(run.id, { from: ['pending'], to: 'running' })
    expect(running?.status).toBe('running')
    // A second claimant of the same pending run loses.
    expect(store.runs.transition(run.id, { from: ['pending'], to: 'running' })).toBeNull()
    expect(store.runs.history(run.id)).toHaveLength(2)
  })

  it('throws on a transition the state machine forbids, even when the run is elsewhere', () => {
    const run = onePending()
    expect(() => store.runs.transition(run.id, { from: ['pending'], to: 'scored' })).toThrow(
      expect.objectContaining({
        code: 'forbidden_transition',
        kind: 'conflict',
        message: `run ${run.id}: pending → scored is not allowed`,
      }),
    )
    expect(() => store.runs.transition(run.id, { from: ['scored'], to: 'running' })).toThrow(
      /scored → running/,
    )
    expect(store.runs.get(run.id)?.status).toBe('pending')
    expect(store.runs.history(run.id)).toHaveLength(1)
  })

  it('records the status history in order, with failure types', () => {
    const run = onePending()
    const steps = [
      { from: ['pending'], to: 'running' },
      { from: ['running'], to: 'executed', patch: { sessionId: 'ses_1' } },
      { from: ['executed'], to: 'evaluating' },
      { from: ['evaluating'], to: 'failed' },
      { from: ['failed'], to: 'evaluating' },
      { from: ['evaluating'], to: 'scored', patch: { score: 80 } },
    ] as const
    for (const s of steps) expect(store.runs.transition(run.id, { ...s, from: [...s.from] })).not.toBeNull()
    const history = store.runs.history(run.id)
    expect(history.map((h) => [h.seq, h.from, h.to])).toEqual([
      [1, null, 'pending'],
      [2, 'pending', 'running'],
      [3, 'running', 'executed'],
      [4, 'executed', 'evaluating'],
      [5, 'evaluating', 'failed'],
      [6, 'failed', 'evaluating'],
      [7, 'evaluating', 'scored'],
    ])
    expect(history.every((h) => h.failureType === null)).toBe(true)
    const scored = store.runs.get(run.id)
    expect(scored).toMatchObject({ status: 'scored', score: 80, sessionId: 'ses_1', failureType: null })
    expect(scored?.finishedAt).not.toBeNull()
  })

  it('invariant 2: → running records the local OS user, the start time and a new attempt', () => {
    const run = onePending()
    const running = store.runs.transition(run.id, {
      from: ['pending'],
      to: 'running',
      patch: { pid: 4242, pidStartTime: '12345', workDir: '/w/run' },
    })
    expect(running).toMatchObject({
      startedBy: userInfo().username,
      attempt: 1,
      pid: 4242,
      pidStartTime: '12345',
    })
    expect(running?.startedAt).not.toBeNull()
  })

  it('keeps execution and evaluation failures apart: an execution failure needs a failure type, an evaluation failure has none', () => {
    const run = onePending()
    store.runs.transition(run.id, { from: ['pending'], to: 'running' })
    expect(() => store.runs.transition(run.id, { from: ['running'], to: 'failed' })).toThrow(
      /execution failure/,
    )
    const failed = store.runs.transition(run.id, {
      from: ['running'],
      to: 'failed',
      patch: { failureType: 'interrupted', failureMessage: 'owner died' },
    })
    expect(failed).toMatchObject({
      status: 'failed',
      failureType: 'interrupted',
      failureMessage: 'owner died',
    })
    expect(store.runs.history(run.id).at(-1)?.failureType).toBe('interrupted')

    const [other] = store.runs.insertPending(taskId, grid.slice(1, 2))
    const id = other?.id ?? ''
    store.runs.transition(id, { from: ['pending'], to: 'running' })
    store.runs.transition(id, { from: ['running'], to: 'executed', patch: { sessionId: 'ses_2' } })
    store.runs.transition(id, { from: ['executed'], to: 'evaluating' })
    expect(() =>
      store.runs.transition(id, {
        from: ['evaluating'],
        to: 'failed',
        patch: { failureType: 'agent_error' },
      }),
    ).toThrow(/evaluation failure/)
    // An interrupted evaluation goes back to executed: no failure type, the execution is kept.
    const back = store.runs.transition(id, { from: ['evaluating'], to: 'executed' })
    expect(back).toMatchObject({ status: 'executed', failureType: null, sessionId: 'ses_2' })
  })

  it('→ canceled sets failureType canceled; → pending (re-run) forgets the previous attempt', () => {
    const run = onePending()
    store.runs.transition(run.id, { from: ['pending'], to: 'running' })
    store.runs.update(run.id, {
      sessionId: 'ses_x',
      tokens: { input: 5, output: 6, reasoning: 1, cacheRead: 2, cacheWrite: 3 },
    })
    const canceled = store.runs.transition(run.id, { from: ['pending', 'running'], to: 'canceled' })
    expect(canceled).toMatchObject({ status: 'canceled', failureType: 'canceled', sessionId: 'ses_x' })
    const pending = store.runs.transition(run.id, { from: ['canceled'], to: 'pending' })
    expect(pending).toMatchObject({
      status: 'pending',
      failureType: null,
      sessionId: null,
      attempt: 1,
      costUsd: null,
      tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
    })
    expect(store.runs.transition(run.id, { from: ['pending'], to: 'running' })?.attempt).toBe(2)
  })
})

describe('runs.update and queries', () => {
  it('update patches fields without a status change, optionally guarded by status', () => {
    const run = onePending()
    expect(store.runs.update(run.id, { pid: 1 }, { whenStatus: ['running'] })).toBeNull()
    store.runs.transition(run.id, { from: ['pending'], to: 'running' })
    const patched = store.runs.update(
      run.id,
      { pid: 7, skillVisible: true, skillLoaded: false, costUsd: 0.01, exitCode: 0 },
      { whenStatus: ['running'] },
    )
    expect(patched).toMatchObject({
      status: 'running',
      pid: 7,
      skillVisible: true,
      skillLoaded: false,
      costUsd: 0.01,
    })
    expect(store.runs.history(run.id)).toHaveLength(2)
  })

  it('lists by task and status, and across tasks by status', () => {
    store.runs.insertPending(taskId, grid)
    const [first] = store.runs.listByTask(taskId)
    store.runs.transition(first?.id ?? '', { from: ['pending'], to: 'running' })
    expect(store.runs.listByTask(taskId, { status: ['running'] }).map((r) => r.id)).toEqual([first?.id])
    expect(store.runs.listByTask(taskId, { status: [] })).toEqual([])
    expect(store.runs.listByStatus(['running', 'evaluating']).map((r) => r.id)).toEqual([first?.id])
    expect(store.runs.countsByStatus(taskId)).toMatchObject({ pending: 7, running: 1 })
  })

  it('counts only the runs of a dataset’s cases and rounds when scoped; a dataset without cases, every case', () => {
    store.runs.insertPending(taskId, [...grid, { caseKey: 'c3', round: 1, side: 'a', caseHash: 'h-c3' }])
    const datasetId = store.tasks.get(taskId)?.datasetId ?? null
    expect(store.runs.statusCounts(taskId, { datasetId, maxRound: null }).runs.pending).toBe(8)
    expect(store.runs.statusCounts(taskId, { datasetId, maxRound: 1 }).runs.pending).toBe(4)
    const { dataset: empty } = store.datasets.import('/data/none.jsonl', 'jsonl', [])
    expect(store.runs.statusCounts(taskId, { datasetId: empty.id, maxRound: null }).runs.pending).toBe(9)
  })
})

describe('what opening a task reads (every page load and live patch)', () => {
  /** The query plan of each statement `read` prepares. */
  function plansOf(read: () => void): string[] {
    const db = store.db
    const prepare = db.prepare
    const sources: string[] = []
    db.prepare = ((source: string) => (sources.push(source), prepare.call(db, source))) as typeof prepare
    try {
      read()
    } finally {
      db.prepare = prepare
    }
    return sources.map((source) => {
      const unbound = Array<null>(source.split('?').length - 1).fill(null)
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...unbound) as { detail: string }[]
      return plan.map((step) => step.detail).join(' | ')
    })
  }

  it('takes counts, runs left running, a first screenful and reuse savings from indexes, never every run’s row', () => {
    store.runs.insertPending(taskId, grid)
    const datasetId = store.tasks.get(taskId)?.datasetId ?? null
    expect(plansOf(() => store.runs.statusCounts(taskId, { datasetId, maxRound: 2 }))[0]).toMatch(
      /^SEARCH run USING COVERING INDEX run_task_status \(task_id=\?\)/,
    )
    expect(plansOf(() => store.runs.listByTask(taskId, { status: ['running', 'evaluating'] }))).toEqual([
      expect.stringMatching(/^SEARCH run USING INDEX run_task_status \(task_id=\? AND status=\?\)/),
    ])
    expect(plansOf(() => store.runs.listByTask(taskId, { caseKeys: ['c1'] }))).toEqual([
      expect.stringMatching(/^SEARCH run USING INDEX \w+ \(task_id=\? AND case_key=\?\)/),
    ])
    for (const plan of plansOf(() => store.baselineLinks.savings(taskId)))
      expect(plan).toMatch(/SEARCH r(un)? USING INDEX run_task_reused \(task_id=\?\)/)
    expect(plansOf(() => store.datasets.caseKeys(datasetId ?? ''))).toEqual([
      'SEARCH dataset_case USING COVERING INDEX dataset_case_order (dataset_id=?)',
    ])
  })
})
