// A big task opens with a first screenful: tasks.get with `firstCases` answers the runs of the first cases in
// dataset order only, with the task's full counts and case order, and says more follow.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RunView, TaskDetail } from '../../src-shared/ipc-views'
import { drive, findRun, seedExportTask } from '../export/task.fixture'
import { openTestHost, type TestHost } from './host.fixture'

let t: TestHost
beforeEach(() => {
  t = openTestHost()
})
afterEach(() => t.cleanup())

type Opened = { task: TaskDetail; runs: RunView[]; complete: boolean; seq: number }

describe('tasks.get with firstCases', () => {
  it('answers the first cases’ runs with the whole task’s counts; without it, every run', async () => {
    const { task, runs } = seedExportTask(t.ctx.store, { cases: ['c1', 'c2', 'c3'], rounds: 2 })
    drive(t.ctx.store, findRun(runs, 'c3', 'b', 2).id, 'scored', { score: 70 })

    const first = await t.ok<Opened>('tasks.get', { taskId: task.id, firstCases: 2 })
    expect(first.complete).toBe(false)
    expect(new Set(first.runs.map((r) => r.caseId))).toEqual(new Set(['c1', 'c2']))
    expect(first.runs).toHaveLength(8)
    expect(first.task.caseOrder).toEqual(['c1', 'c2', 'c3'])
    expect(first.task.summary.runs).toMatchObject({ pending: 11, scored: 1 })

    const all = await t.ok<Opened>('tasks.get', { taskId: task.id })
    expect(all.complete).toBe(true)
    expect(all.runs).toHaveLength(12)
    expect(all.runs.find((r) => r.caseId === 'c3' && r.side === 'b' && r.round === 2)).toMatchObject({
      status: 'scored',
      score: 70,
    })
    // Asking for as many cases as there are is the whole task.
    expect((await t.ok<Opened>('tasks.get', { taskId: task.id, firstCases: 3 })).complete).toBe(true)
  })

  it('decides only once the whole task is asked for: the verdict patch follows that answer', async () => {
    const { task } = seedExportTask(t.ctx.store, { cases: ['c1', 'c2'], rounds: 1 })
    const verdictPatch = () =>
      t.patches.flatMap((p) => p.tasks).find((p) => p.taskId === task.id && p.verdict !== undefined)
    await t.ok<Opened>('tasks.get', { taskId: task.id, firstCases: 1 })
    await new Promise((r) => setTimeout(r, 60))
    expect(verdictPatch()).toBeUndefined()
    await t.ok<Opened>('tasks.get', { taskId: task.id })
    await new Promise((r) => setTimeout(r, 60))
    expect(verdictPatch()?.verdict).toBe('inconclusive')
  })

  it('refuses a first screenful of no cases, naming the field', async () => {
    const { task } = seedExportTask(t.ctx.store, { cases: ['c1'], rounds: 1 })
    expect(await t.host.call('tasks.get', { taskId: task.id, firstCases: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'input', issues: [{ field: 'firstCases' }] },
    })
  })
})
