// A correction through the services a user reaches (correct, re-evaluate, clear, re-run), with the real
// store and engine and a stub judge: what the score, the export and the run view say at each step.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { RunRow } from '../db'
import { runDetail } from '../api/views'
import { buildTaskExport } from './export-task'
import { seedExportTask } from '../export/task.fixture'
import { clearCorrection, correctResult } from './correct-result'
import { judgeAgreementOverall } from './judge-agreement'
import { reevaluateTask } from './reevaluate'
import { executeAs, openStubWorld, type StubWorld } from './judge-stub.fixture'

let w: StubWorld
const signal = new AbortController().signal
const EVALUATOR = 'preset-agent-task-completion'

beforeEach(() => {
  w = openStubWorld()
})
afterEach(() => w.cleanup())

async function seedJudged() {
  const { task, runs } = seedExportTask(w.ctx.store, { cases: ['c1'], rounds: 1 })
  for (const run of runs) executeAs(w.ctx, run, `ses_${run.side}`, 40)
  await reevaluateTask(w.ctx, w.ctx.store.tasks.get(task.id) ?? task, { signal })
  const b = runs.find((r) => r.side === 'b') as RunRow
  return { task: w.ctx.store.tasks.get(task.id) ?? task, b }
}

/** The stub judge scores from the run's final output: make it answer `score` next time. */
const judgeWillSay = (run: RunRow, score: number) =>
  w.ctx.store.runs.update(run.id, { finalOutput: `session:${run.sessionId} score:${score}` })

const runOf = (id: string) => w.ctx.store.runs.get(id) as RunRow
const exported = (taskId: string) =>
  buildTaskExport(w.ctx.store, taskId, { opencodeVersion: null, app: 'test' })

it('a correction survives re-evaluating every run: score, export and run view keep it, with the new judge score beside it', async () => {
  const { task, b } = await seedJudged()
  expect(runOf(b.id).score).toBe(40)
  correctResult(w.ctx, { runId: b.id, evaluatorId: EVALUATOR, score: 90, note: 'judge missed the fix' })
  expect(runOf(b.id).score).toBe(90)

  judgeWillSay(runOf(b.id), 55)
  const result = await reevaluateTask(w.ctx, task, { signal })
  expect([result.runs, result.scored, result.corrected]).toEqual([2, 2, 1])
  expect(runOf(b.id).score).toBe(90)

  const doc = exported(task.id)
  const entry = doc.runs.find((r) => r.id === b.id)
  expect(entry?.score).toBe(90)
  expect(entry?.evaluations).toMatchObject([
    { evaluatorId: EVALUATOR, score: 55, correction: { score: 90, note: 'judge missed the fix' } },
  ])
  expect(doc.runs.find((r) => r.side === 'a')?.evaluations[0]?.correction).toBeNull()
  expect(doc.judgeAgreement).toEqual([
    { evaluatorId: EVALUATOR, n: 1, meanAbsDiff: 35, meanDiff: -35, within10: 0, spearman: null },
  ])
  expect(judgeAgreementOverall(w.ctx)).toEqual(doc.judgeAgreement)

  const view = runDetail(w.ctx.store, runOf(b.id))
  expect(view.run.score).toBe(90)
  expect(view.corrections).toMatchObject([{ evaluatorId: EVALUATOR, score: 90, judgeScore: 55 }])
  expect(view.evaluations.filter((e) => e.latest)).toMatchObject([{ score: 55, correction: { score: 90 } }])
  expect(view.droppedCorrections).toEqual([])
})

it("clearing the correction gives the run the judge's latest score", async () => {
  const { task, b } = await seedJudged()
  correctResult(w.ctx, { runId: b.id, evaluatorId: EVALUATOR, score: 90, note: 'judge missed the fix' })
  judgeWillSay(runOf(b.id), 55)
  await reevaluateTask(w.ctx, task, { signal })
  const cleared = clearCorrection(w.ctx, { runId: b.id, evaluatorId: EVALUATOR })
  expect([cleared.status, cleared.score]).toEqual(['scored', 55])
  expect(exported(task.id).runs.find((r) => r.id === b.id)?.evaluations[0]?.correction).toBeNull()
  expect(runDetail(w.ctx.store, cleared).corrections).toEqual([])
  // A cleared correction is no label: the judge's agreement is computed without it.
  expect(exported(task.id).judgeAgreement).toMatchObject([{ evaluatorId: EVALUATOR, n: 0 }])
})

it('executing the run again drops the correction, and the run view says so', async () => {
  const { task, b } = await seedJudged()
  correctResult(w.ctx, { runId: b.id, evaluatorId: EVALUATOR, score: 90, note: 'judge missed the fix' })
  w.ctx.store.runs.transition(b.id, { from: ['scored'], to: 'pending' })
  executeAs(w.ctx, runOf(b.id), 'ses_b_again', 60)
  const result = await reevaluateTask(w.ctx, task, { signal })
  expect(result.corrected).toBe(0)
  expect(runOf(b.id).score).toBe(60)
  const view = runDetail(w.ctx.store, runOf(b.id))
  expect(view.corrections).toEqual([])
  expect(view.droppedCorrections).toMatchObject([{ evaluatorId: EVALUATOR, score: 90, judgeScore: 40 }])
  expect(exported(task.id).runs.find((r) => r.id === b.id)?.evaluations[0]?.correction).toBeNull()
})
