import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from './connection'
import type { EvalResultInput } from './eval-results'
import { openTempStore, seedTask, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
let taskId: string
let runIds: string[]
beforeEach(() => {
  t = openTempStore()
  store = t.store
  taskId = seedTask(store).id
  runIds = store.runs
    .insertPending(taskId, [
      { caseKey: 'c1', round: 1, side: 'a', caseHash: 'h' },
      { caseKey: 'c1', round: 1, side: 'b', caseHash: 'h' },
    ])
    .map((r) => r.id)
})
afterEach(() => t.cleanup())

function result(
  runId: string,
  evaluatorId: string,
  score: number | null,
  extra: Partial<EvalResultInput> = {},
): EvalResultInput {
  return {
    evaluatorRunId: 'batch_1',
    sessionId: `ses_${runId}`,
    runId,
    grayscaleTaskId: taskId,
    evaluatorId,
    status: score === null ? 'failed' : 'done',
    score,
    reason: 'because',
    rawOutput: `{"score": ${score}}`,
    parseStrategy: score === null ? null : 'direct_json',
    ...extra,
  }
}

describe('evalResults', () => {
  it('appends rows and round-trips every field', () => {
    const row = store.evalResults.append(
      result(runIds[0] ?? '', 'preset-agent-task-completion', 78.8, {
        judgeTokens: { input: 10, output: 2, reasoning: 0, cacheRead: 1, cacheWrite: 0 },
        judgeCostUsd: 0.001,
        judgeInput: 'condensed',
        rawAnalysis: { grayscaleBinding: { taskId, caseId: 'c1', side: 'a', round: 1, runId: runIds[0] } },
      }),
    )
    expect(store.evalResults.get(row.id)).toEqual(row)
    expect(row).toMatchObject({ evaluatorVersion: 1, error: null, sessionId: `ses_${runIds[0]}` })
  })

  it('invariant 9: latest per (run, evaluator); older rows stay for history', () => {
    const [a, b] = runIds as [string, string]
    store.evalResults.append(result(a, 'quality', 50))
    store.evalResults.append(result(a, 'completion', null))
    store.evalResults.append(result(a, 'quality', 70))
    store.evalResults.append(result(b, 'quality', 10))
    store.evalResults.append(result(a, 'completion', 60))
    expect(store.evalResults.latestByRun(a).map((r) => [r.evaluatorId, r.score])).toEqual([
      ['completion', 60],
      ['quality', 70],
    ])
    expect(store.evalResults.listByRun(a).map((r) => r.score)).toEqual([50, null, 70, 60])
    expect(store.evalResults.latestByTask(taskId)).toHaveLength(3)
    expect(store.evalResults.listByBatch('batch_1')).toHaveLength(5)
    const seqs = store.evalResults.listByBatch('batch_1').map((r) => r.seq)
    expect(seqs).toEqual([1, 2, 3, 4, 5])
  })
})
