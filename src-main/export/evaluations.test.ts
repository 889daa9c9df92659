// buildExport's evaluations[]: per evaluator, the latest result of each run's current attempt (its session;
// results of earlier attempts stay in the store but are not the run's), with the correction in force for
// that attempt.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EvalResultInput, Store } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { buildTaskExport } from '../services/export-task'
import { drive, findRun, seedExportTask } from './task.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const env = { opencodeVersion: null, app: '0.1.0', secrets: [] }

function result(
  runId: string,
  sessionId: string | null,
  evaluatorId: string,
  score: number | null,
  extra: Partial<EvalResultInput> = {},
): EvalResultInput {
  return {
    evaluatorRunId: 'batch_1',
    sessionId,
    runId,
    grayscaleTaskId: null,
    evaluatorId,
    status: score === null ? 'failed' : 'done',
    score,
    reason: `reason ${score}`,
    rawOutput: '{}',
    parseStrategy: score === null ? null : 'direct_json',
    ...extra,
  }
}

describe('buildExport evaluations', () => {
  it('takes the latest result per evaluator of the run’s current attempt', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1'], rounds: 1 })
    const run = drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 70, sessionId: 'ses_now' })
    const other = findRun(runs, 'c1', 'b', 1).id
    const grayscaleTaskId = task.id
    store.evalResults.append(result(run.id, 'ses_before', 'tone', 99, { grayscaleTaskId })) // earlier attempt's session
    store.evalResults.append(result(run.id, 'ses_now', 'completion', 40, { grayscaleTaskId }))
    store.evalResults.append(result(run.id, 'ses_now', 'quality', null, { grayscaleTaskId }))
    const correction = { score: 90, note: 'judge too strict', by: 'alice', at: '2026-01-02T00:00:00Z' }
    store.corrections.add({ runId: run.id, evaluatorId: 'completion', sessionId: 'ses_now', ...correction })
    // A correction of an earlier execution does not apply to this one.
    store.corrections.add({ ...correction, runId: run.id, evaluatorId: 'quality', sessionId: 'ses_before' })
    const latest = store.evalResults.append(result(run.id, 'ses_now', 'completion', 80, { grayscaleTaskId }))
    store.evalResults.append(
      result(run.id, 'ses_now', 'quality', 60, { grayscaleTaskId, parseStrategy: 'regex_score' }),
    )
    store.evalResults.append(result(other, 'ses_x', 'completion', 10, { grayscaleTaskId }))
    const doc = buildTaskExport(store, task.id, env)
    const evals = doc.runs.find((r) => r.id === run.id)?.evaluations
    expect(evals?.map((e) => [e.evaluatorId, e.score, e.parseStrategy])).toEqual([
      ['completion', 80, 'direct_json'],
      ['quality', 60, 'regex_score'],
    ])
    expect(evals?.[0]).toMatchObject({
      id: latest.id,
      evaluatorRunId: 'batch_1',
      status: 'done',
      reason: 'reason 80',
      correction,
      createdAt: latest.createdAt,
    })
    expect(evals?.[1]?.correction).toBeNull()
    // The other run is pending: its session is not ses_x, so that result belongs to no attempt shown.
    expect(doc.runs.find((r) => r.id === other)?.evaluations).toEqual([])
  })
})
