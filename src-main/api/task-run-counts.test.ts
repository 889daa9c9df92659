// The task view counts the runs its decision counts: runs of a round (or case) the config no longer
// selects stay in the store but are neither counted nor listed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Decision } from '../../src-shared/decision'
import type { RunView, TaskDetail } from '../../src-shared/ipc-views'
import type { TaskSummary } from '../../src-shared/task-summary'
import { drive, findRun, seedExportTask } from '../export/task.fixture'
import { openTestHost, type TestHost } from './host.fixture'

let t: TestHost
beforeEach(() => {
  t = openTestHost()
})
afterEach(() => t.cleanup())

const total = (counts: Record<string, number>) => Object.values(counts).reduce((s, n) => s + n, 0)

describe('tasks.get and tasks.list count the runs the decision counts', () => {
  it('a run of a round dropped from repeatRounds is not counted, listed or failed', async () => {
    // Two rounds were made; the config now asks for one (a resume that lowered repeatRounds).
    const { task, runs } = seedExportTask(t.ctx.store, {
      cases: ['c1', 'c2'],
      rounds: 2,
      config: { repeatRounds: 1 },
    })
    for (const c of ['c1', 'c2'])
      for (const side of ['a', 'b'] as const)
        drive(t.ctx.store, findRun(runs, c, side, 1).id, 'scored', { score: side === 'a' ? 40 : 80 })
    drive(t.ctx.store, findRun(runs, 'c1', 'b', 2).id, 'exec-failed')

    const decision = await t.ok<Decision>('tasks.decision', { taskId: task.id })
    expect(decision.failures.runsB).toBe(2)
    expect(decision.failures.failuresB).toBe(0)

    const opened = await t.ok<{ task: TaskDetail; runs: RunView[] }>('tasks.get', { taskId: task.id })
    expect(opened.task.summary.runs).toMatchObject({ scored: 4, failed: 0, pending: 0 })
    expect(total(opened.task.summary.runs)).toBe(4)
    expect(opened.runs.map((r) => r.round)).toEqual([1, 1, 1, 1])

    const [listed] = await t.ok<TaskSummary[]>('tasks.list')
    expect(listed?.runs).toEqual(opened.task.summary.runs)
  })

  it('tells failed evaluations, judge tampering and failed executions apart in a first screenful, the list and a live patch', async () => {
    const { task, runs } = seedExportTask(t.ctx.store, { cases: ['c1', 'c2', 'c3'], rounds: 1 })
    drive(t.ctx.store, findRun(runs, 'c1', 'a', 1).id, 'exec-failed')
    drive(t.ctx.store, findRun(runs, 'c1', 'b', 1).id, 'eval-failed')
    drive(t.ctx.store, findRun(runs, 'c2', 'a', 1).id, 'eval-failed')
    drive(t.ctx.store, findRun(runs, 'c3', 'a', 1).id, 'tampered')

    // A first screenful (one case) counts the whole task: what its progress line shows until the rest is here.
    const first = await t.ok<{ task: TaskDetail; complete: boolean }>('tasks.get', {
      taskId: task.id,
      firstCases: 1,
    })
    expect(first.complete).toBe(false)
    expect(first.task.summary.runs).toMatchObject({ failed: 4, pending: 2 })
    expect(first.task.summary).toMatchObject({ failedEvaluations: 2, tampered: 1 })
    const [listed] = await t.ok<TaskSummary[]>('tasks.list')
    expect(listed).toMatchObject({ failedEvaluations: 2, tampered: 1 })

    // A correction scores one failed evaluation: the patch that follows counts one less.
    await t.ok('results.correct', {
      runId: findRun(runs, 'c2', 'a', 1).id,
      evaluatorId: 'preset-agent-task-completion',
      score: 60,
      note: 'the judge timed out; read by hand',
    })
    await vi.waitFor(() => {
      const own = t.patches.flatMap((p) => p.tasks).findLast((p) => p.taskId === task.id && p.runs)
      expect(own?.runs?.failed).toBe(3)
      expect(own).toMatchObject({ failedEvaluations: 1, tampered: 1 })
    })
  })
})
