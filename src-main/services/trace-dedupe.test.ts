import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedExportTask } from '../export/task.fixture'
import { reevaluateTask } from './reevaluate'
import { executeAs, openStubWorld, type StubWorld } from './judge-stub.fixture'

let w: StubWorld
const signal = new AbortController().signal

beforeEach(() => {
  w = openStubWorld()
})
afterEach(() => w.cleanup())

/** A case analysis (or A/B task) whose runs executed as the given traces. */
function seedJudgeable(name: string, kind: 'ab' | 'case', traces: Record<string, number>) {
  const cases = Object.keys(traces)
  const { task, runs } = seedExportTask(w.ctx.store, { name, kind, cases, rounds: 1 })
  for (const run of runs)
    executeAs(w.ctx, run, `ses_${run.caseKey}${run.side === 'a' ? '_a' : ''}`, traces[run.caseKey] as number)
  return w.ctx.store.tasks.get(task.id) ?? task
}

function runsOf(taskId: string) {
  return w.ctx.store.runs.listByTask(taskId)
}

describe('trace dedupe', () => {
  it('invariant 3: a second case analysis of the same traces makes no judge call; every run is scored from the earlier results, none failed', async () => {
    const first = seedJudgeable('first look', 'case', { c1: 70, c2: 40 })
    await reevaluateTask(w.ctx, first, { signal })
    expect(w.judged.sort()).toEqual(['ses_c1', 'ses_c2'])
    const earlier = new Map(w.ctx.store.evalResults.latestByTask(first.id).map((r) => [r.sessionId, r]))

    w.judged.length = 0
    const second = seedJudgeable('second look', 'case', { c1: 0, c2: 0 })
    const result = await reevaluateTask(w.ctx, second, { signal })
    expect(w.judged).toEqual([])
    expect([result.scored, result.failed]).toEqual([2, 0])
    for (const run of runsOf(second.id)) {
      expect([run.caseKey, run.status, run.failureType]).toEqual([run.caseKey, 'scored', null])
      // Filled back from the latest real result of the trace (scores 70/40, not the 0 a judge would give).
      const source = earlier.get(run.sessionId)
      expect(run.score).toBe(source?.score)
      expect(run.evaluationResultId).toBe(source?.id)
      expect(run.evaluatorRunId).toBe(w.ctx.store.tasks.get(second.id)?.evaluationBatchId)
      // "Already evaluated" is never a failure, not even for a moment.
      expect(w.ctx.store.runs.history(run.id).map((h) => h.to)).not.toContain('failed')
    }
    // No result row was appended for the second batch: nothing was judged.
    expect(w.ctx.store.evalResults.latestByTask(second.id)).toEqual([])
  })

  it('a trace whose latest result failed is judged again by a plain evaluation', async () => {
    const first = seedJudgeable('first look', 'case', { c1: 70 })
    await reevaluateTask(w.ctx, first, { signal })
    const [row] = w.ctx.store.evalResults.latestByTask(first.id)
    w.ctx.store.evalResults.append({ ...row!, status: 'failed', score: null, error: 'judge timed out' })
    w.judged.length = 0
    const second = seedJudgeable('second look', 'case', { c1: 65 })
    await reevaluateTask(w.ctx, second, { signal })
    expect(w.judged).toEqual(['ses_c1'])
    expect(runsOf(second.id).map((r) => r.score)).toEqual([65])
  })

  it('invariant 8: re-evaluating an A/B run calls the judge and appends a row although its trace was judged before', async () => {
    const ab = seedJudgeable('pirate v2 vs none', 'ab', { c1: 70 })
    // The same traces were judged by a case analysis and by the A/B task itself.
    const analysis = seedJudgeable('look at c1', 'case', { c1: 70 })
    await reevaluateTask(w.ctx, analysis, { signal })
    await reevaluateTask(w.ctx, ab, { signal })
    // The A/B evaluation judged side b's trace although the analysis had judged it already.
    expect(w.judged.sort()).toEqual(['ses_c1', 'ses_c1', 'ses_c1_a'])
    const rowsBefore = runsOf(ab.id).map((r) => w.ctx.store.evalResults.listByRun(r.id).length)

    w.judged.length = 0
    const again = await reevaluateTask(w.ctx, ab, { signal })
    expect(w.judged.sort()).toEqual(['ses_c1', 'ses_c1_a']) // both sides of the A/B task, judged again
    expect(again.scored).toBe(2)
    const rowsAfter = runsOf(ab.id).map((r) => w.ctx.store.evalResults.listByRun(r.id).length)
    expect(rowsAfter).toEqual(rowsBefore.map((n) => n + 1))
    // A/B results carry grayscaleBinding; case-analysis results do not (the batch's source, invariant 7).
    const [abRow] = w.ctx.store.evalResults.latestByTask(ab.id)
    const [caseRow] = w.ctx.store.evalResults.latestByTask(analysis.id)
    expect(abRow?.rawAnalysis).toHaveProperty('grayscaleBinding')
    expect(caseRow?.rawAnalysis).not.toHaveProperty('grayscaleBinding')
    expect(caseRow?.rawAnalysis).toHaveProperty('caseAnalysisBinding')
  })
})
