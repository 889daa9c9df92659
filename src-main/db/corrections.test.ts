// A correction's life in the repository: added for one execution, still in force after the run is judged
// again, gone only when cleared, dropped (and listed as such) once the run executes as a new session.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drive, seedExportTask } from '../export/task.fixture'
import type { RunRow, Store } from '.'
import { openTempStore, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
let run: RunRow

beforeEach(() => {
  t = openTempStore()
  store = t.store
  const seeded = seedExportTask(store, { cases: ['c1'], rounds: 1 })
  run = drive(store, seeded.runs[0]!.id, 'scored', { sessionId: 'ses_1', score: 40 })
  judge(run, 'completion', 40)
})
afterEach(() => t.cleanup())

function judge(r: RunRow, evaluatorId: string, score: number | null) {
  return store.evalResults.append({
    evaluatorRunId: 'batch_1',
    sessionId: r.sessionId,
    runId: r.id,
    grayscaleTaskId: r.taskId,
    evaluatorId,
    status: score === null ? 'failed' : 'done',
    score,
    reason: 'judge',
    rawOutput: null,
    parseStrategy: null,
  })
}

const correct = (score: number, sessionId = 'ses_1', evaluatorId = 'completion') =>
  store.corrections.add({
    runId: run.id,
    evaluatorId,
    sessionId,
    score,
    note: 'judge missed it',
    by: 'alice',
  })

const active = (sessionId: string | null = 'ses_1') =>
  store.corrections.activeFor(run.id, sessionId).map((c) => [c.evaluatorId, c.score])

describe('corrections', () => {
  it('a correction is in force for its execution, and a newer one of the same evaluator replaces it', () => {
    expect(active()).toEqual([])
    correct(90)
    expect(active()).toEqual([['completion', 90]])
    correct(85)
    expect(active()).toEqual([['completion', 85]])
    expect(store.corrections.listByRun(run.id).map((c) => c.score)).toEqual([90, 85])
    expect(store.corrections.activeByTask(run.taskId).map((c) => c.score)).toEqual([85])
  })

  it('judging the run again keeps the correction in force, and the new judge score is its label', () => {
    correct(90)
    judge(run, 'completion', 55)
    expect(active()).toEqual([['completion', 90]])
    expect(store.corrections.labels()).toEqual([
      { runId: run.id, evaluatorId: 'completion', human: 90, judge: 55 },
    ])
  })

  it('only clearing removes it; a cleared correction is kept as history but is no label', () => {
    correct(90)
    const cleared = store.corrections.clear(run.id, 'completion', 'ses_1', 'bob')
    expect(cleared).toMatchObject({ score: 90, clearedBy: 'bob' })
    expect(active()).toEqual([])
    expect(store.corrections.clear(run.id, 'completion', 'ses_1', 'bob')).toBeNull()
    expect(store.corrections.listByRun(run.id)).toHaveLength(1)
    expect(store.corrections.labels()).toEqual([])
    expect(store.corrections.droppedFor(run.id, 'ses_1')).toEqual([])
  })

  it('a new execution (session) drops it: not in force, listed as dropped, still a label of its own execution', () => {
    correct(90)
    const rerun = store.runs.transition(run.id, { from: ['scored'], to: 'pending' }) as RunRow
    expect(active(rerun.sessionId)).toEqual([])
    expect(store.corrections.droppedFor(run.id, rerun.sessionId).map((c) => c.score)).toEqual([90])
    run = drive(store, run.id, 'scored', { sessionId: 'ses_2', score: 70 })
    expect(active('ses_2')).toEqual([])
    expect(store.corrections.activeByTask(run.taskId)).toEqual([])
    expect(store.corrections.droppedFor(run.id, 'ses_2').map((c) => [c.sessionId, c.score])).toEqual([
      ['ses_1', 90],
    ])
    expect(store.corrections.labels()).toEqual([
      { runId: run.id, evaluatorId: 'completion', human: 90, judge: 40 },
    ])
    // Correcting the new execution ends the "dropped" notice for that evaluator.
    correct(75, 'ses_2')
    expect(store.corrections.droppedFor(run.id, 'ses_2')).toEqual([])
  })

  it('labels can be read for one task, and a deleted run takes its corrections with it', () => {
    correct(90)
    expect(store.corrections.labels({ taskId: run.taskId })).toHaveLength(1)
    expect(store.corrections.labels({ taskId: 'task_other' })).toEqual([])
    store.db.prepare('DELETE FROM grayscale_task WHERE id = ?').run(run.taskId)
    expect(store.db.prepare('SELECT count(*) AS n FROM run_correction').get()).toEqual({ n: 0 })
  })
})
