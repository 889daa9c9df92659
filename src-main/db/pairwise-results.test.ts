// The pairwise_result table (migration 6): append-only judgements with both winners, consistent by
// construction; the task's fingerprint moves with every append; deleting the task deletes them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PairwiseResultInput } from './pairwise-results'
import { openTempStore, seedTask, type TempStore } from './store.fixture'

let t: TempStore
beforeEach(() => (t = openTempStore()))
afterEach(() => t.cleanup())

function input(taskId: string, runA: string, runB: string): PairwiseResultInput {
  return {
    evaluatorRunId: 'batch_1',
    grayscaleTaskId: taskId,
    caseKey: 'c1',
    round: 1,
    runIdA: runA,
    sessionIdA: 'ses_a',
    runIdB: runB,
    sessionIdB: 'ses_b',
    evaluatorId: 'preset-pairwise-outcome',
    evaluatorVersion: 1,
    order: 'ba',
    status: 'done',
    winnerResponse: '1',
    winnerSide: 'b',
    reason: 'b is right',
    rawOutput: '{"winner": "1"}',
    parseStrategy: 'direct_json',
    error: null,
    judgeTokens: { input: 10, output: 5, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
    judgeCostUsd: 0.001,
    judgeInput: '## Response 1 …',
    judgeSessionId: 'ses_judge',
  }
}

describe('pairwise results', () => {
  it('rows are appended in order, read back as written, and move the task fingerprint', () => {
    const task = seedTask(t.store)
    const [a, b] = t.store.runs.insertPending(task.id, [
      { caseKey: 'c1', round: 1, side: 'a', caseHash: 'h' },
      { caseKey: 'c1', round: 1, side: 'b', caseHash: 'h' },
    ])
    const before = t.store.pairwiseResults.fingerprint(task.id)
    const first = t.store.pairwiseResults.append(input(task.id, a!.id, b!.id))
    expect(t.store.pairwiseResults.fingerprint(task.id)).not.toBe(before)
    const second = t.store.pairwiseResults.append({
      ...input(task.id, a!.id, b!.id),
      order: 'ab',
      status: 'failed',
      winnerResponse: '1', // a failed judgement keeps no winner, whatever it was handed
      winnerSide: 'a',
      parseStrategy: null,
      error: 'unparseable judge output',
    })
    expect(second.seq).toBeGreaterThan(first.seq)
    const rows = t.store.pairwiseResults.listByTask(task.id)
    expect(rows).toEqual([first, { ...second, winnerResponse: null, winnerSide: null }])
    expect(rows[0]).toMatchObject({ order: 'ba', winnerResponse: '1', winnerSide: 'b', judgeCostUsd: 0.001 })
    expect(() =>
      t.store.db.prepare("UPDATE pairwise_result SET winner_side = NULL WHERE status = 'done'").run(),
    ).toThrow(/CHECK/)
    t.store.tasks.delete(task.id)
    expect(t.store.pairwiseResults.listByTask(task.id)).toEqual([])
  })
})
