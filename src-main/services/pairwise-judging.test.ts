// The pairwise judge on a real store with a stub judge: both orders judged and stored, consolidated into
// outcomes; resume, --failed and re-execution; cancel; never part of a run's score; the decision's cache.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RunRow, TaskRow } from '../db'
import { buildTaskExport } from './export-task'
import { scopeRuns, taskDecision } from './task-decision'
import { pairwiseOutcomesOf } from '../export/pairwise'
import { drive, seedExportTask } from '../export/task.fixture'
import type { JudgeAttempt, PairwiseAttempt, PairwiseJudgeInput } from '../judge/judge-runner'
import { firstOrder } from '../judge/pairwise-outcome'
import { exportSchema } from '../../src-shared/export'
import { correctResult } from './correct-result'
import { openEvaluation, type PairwiseScope } from './parts/evaluation-setup'
import { openStubWorld, type StubWorld } from './judge-stub.fixture'

let w: StubWorld
beforeEach(() => {
  w = openStubWorld()
  w.ctx.judgeBackoffMs = () => 1
})
afterEach(() => w.cleanup())

const ZERO = { input: 1, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 }
const SCORED: JudgeAttempt = {
  status: 'done',
  score: 60,
  reason: 'stub',
  rawOutput: '{"score": 60}',
  parseStrategy: 'direct_json',
  condensedInput: 'in',
  tokens: ZERO,
  costUsd: null,
  sessionId: null,
  retryable: false,
  error: null,
  durationMs: 1,
}

const won = (winner: '1' | '2' | 'tie'): PairwiseAttempt => ({
  ...SCORED,
  winner,
  parseStrategy: 'direct_json',
  rawOutput: `{"winner": "${winner}"}`,
})
const unparseable: PairwiseAttempt = {
  ...won('1'),
  status: 'failed',
  winner: null,
  parseStrategy: null,
  retryable: true,
  error: 'unparseable judge output: …',
}

/** Sets the judge's answer to a comparison; records the final answers it was shown, in order. */
function judgeWith(answer: (input: PairwiseJudgeInput, signal: AbortSignal) => Promise<PairwiseAttempt>) {
  const shown: [string, string][] = []
  w.ctx.createJudge = () => ({
    evaluate: () => Promise.resolve(SCORED),
    compare: (_evaluator, input, signal) => {
      shown.push([input.responses[0].finalOutput, input.responses[1].finalOutput])
      return answer(input, signal)
    },
    close: async () => {},
  })
  return shown
}

/** Cases c1…cN, one round, both sides scored; b answered CORRECT-<case>, a a long wrong answer. */
function seed(cases = 3, retries = 0): { task: TaskRow; runs: RunRow[] } {
  const { task, runs } = seedExportTask(w.ctx.store, {
    cases: Array.from({ length: cases }, (_, i) => `c${i + 1}`),
    rounds: 1,
    config: {
      evaluators: [{ id: 'preset-agent-task-completion' }, { id: 'preset-pairwise-outcome' }],
      judge: { retries },
    },
  })
  for (const r of runs) {
    drive(w.ctx.store, r.id, 'scored', { score: 60 })
    const answer =
      r.side === 'b' ? `CORRECT-${r.caseKey}` : `A long, confident and wrong essay on ${r.caseKey}.`
    w.ctx.store.runs.update(r.id, { finalOutput: answer })
  }
  return { task, runs }
}

async function judge(task: TaskRow, scope?: PairwiseScope, signal = new AbortController().signal) {
  const queue = openEvaluation(w.ctx, w.ctx.store.tasks.get(task.id)!, signal, undefined, scope)
  return queue.drain()
}

const outcomes = (task: TaskRow) =>
  pairwiseOutcomesOf(w.ctx.store, task, scopeRuns(w.ctx.store, task, 1).runs)
const pickCorrect = (input: PairwiseJudgeInput) =>
  Promise.resolve(won(input.responses[0].finalOutput.startsWith('CORRECT') ? '1' : '2'))

describe('pairwise judging', () => {
  it('each case is judged in its seeded order, then swapped; the terse correct side wins every comparison', async () => {
    const { task } = seed(3)
    const shown = judgeWith(pickCorrect)
    const { pairwise } = await judge(task)
    expect(pairwise).toEqual({ comparisons: 3, judged: 3, failed: 0 })
    expect(outcomes(task)).toEqual(
      ['c1', 'c2', 'c3'].map((caseId) => ({ caseId, round: 1, winner: 'b', flipped: false })),
    )
    const rows = w.ctx.store.pairwiseResults.listByTask(task.id)
    expect(rows).toHaveLength(6)
    for (const c of ['c1', 'c2', 'c3']) {
      const mine = rows.filter((r) => r.caseKey === c)
      expect(mine.map((r) => r.order).sort()).toEqual(['ab', 'ba'])
      for (const r of mine) {
        expect(r.winnerSide).toBe('b')
        expect(r.winnerResponse).toBe(r.order === 'ab' ? '2' : '1')
        expect(r.judgeInput).toBe('in')
      }
      // The first judgement asked was in the seeded order.
      const first = shown.find(([x, y]) => x.includes(c) || y.includes(c))
      expect(first?.[0].startsWith('CORRECT')).toBe(firstOrder(task.id, c, 1) === 'ba')
    }
    // Runs keep their own score: a comparison never writes a run's status or score.
    expect(w.ctx.store.runs.listByTask(task.id).map((r) => [r.status, r.score])).toEqual(
      Array.from({ length: 6 }, () => ['scored', 60]),
    )
  })

  it('a judge that always answers "Response 1" produces ties (flipped), never wins', async () => {
    const { task } = seed(3)
    judgeWith(() => Promise.resolve(won('1')))
    await judge(task)
    expect(outcomes(task)?.map((o) => [o.winner, o.flipped])).toEqual([
      ['tie', true],
      ['tie', true],
      ['tie', true],
    ])
  })

  it('a failed judgement gives no verdict; resume leaves it; --failed re-judges only it; a re-executed run is judged again', async () => {
    const { task, runs } = seed(2)
    judgeWith((input) =>
      input.responses.some((r) => r.finalOutput.includes('c1'))
        ? Promise.resolve(unparseable)
        : pickCorrect(input),
    )
    expect((await judge(task)).pairwise).toEqual({ comparisons: 2, judged: 1, failed: 1 })
    expect(outcomes(task)?.map((o) => o.winner)).toEqual([null, 'b'])

    let shown = judgeWith(pickCorrect)
    expect((await judge(task)).pairwise).toEqual({ comparisons: 0, judged: 0, failed: 0 })
    expect(shown).toEqual([])
    expect((await judge(task, { redo: 'failed' })).pairwise).toEqual({ comparisons: 1, judged: 1, failed: 0 })
    expect(shown.every(([x]) => x.includes('c1'))).toBe(true)
    expect(outcomes(task)?.map((o) => o.winner)).toEqual(['b', 'b'])

    // c2's b run executed again: a new session, so its comparison no longer counts and is judged again.
    const b2 = runs.find((r) => r.caseKey === 'c2' && r.side === 'b')!
    w.ctx.store.runs.update(b2.id, { sessionId: 'ses_again' })
    expect(outcomes(task)?.map((o) => o.winner)).toEqual(['b', null])
    shown = judgeWith(() => Promise.resolve(won('tie')))
    expect((await judge(task)).pairwise).toEqual({ comparisons: 1, judged: 1, failed: 0 })
    expect(shown).toHaveLength(2)
    expect(outcomes(task)?.map((o) => o.winner)).toEqual(['b', 'tie'])
    // reevaluate (all): every comparison again; the latest judgement per order counts.
    expect((await judge(task, { redo: 'all' })).pairwise).toEqual({ comparisons: 2, judged: 2, failed: 0 })
    expect(outcomes(task)?.map((o) => o.winner)).toEqual(['tie', 'tie'])
    expect(w.ctx.store.pairwiseResults.listByTask(task.id)).toHaveLength(4 + 2 + 2 + 4)
  })

  it('cancel while judging: nothing is stored for the canceled judgements, and the next run judges them', async () => {
    const { task } = seed(2)
    const abort = new AbortController()
    judgeWith(
      (_input, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () =>
            resolve({ ...unparseable, retryable: false, error: 'canceled' }),
          )
          setTimeout(() => abort.abort(), 20)
        }),
    )
    const { pairwise } = await judge(task, undefined, abort.signal)
    expect(pairwise?.judged).toBe(0)
    expect(w.ctx.store.pairwiseResults.listByTask(task.id)).toEqual([])
    judgeWith(pickCorrect)
    expect((await judge(task)).pairwise).toEqual({ comparisons: 2, judged: 2, failed: 0 })
  })

  it('a pairwise evaluator is never part of a run: not judged per run, not correctable, not in the row score', async () => {
    const { task, runs } = seedExportTask(w.ctx.store, {
      cases: ['c1'],
      rounds: 1,
      config: { evaluators: [{ id: 'preset-agent-task-completion' }, { id: 'preset-pairwise-outcome' }] },
    })
    const evaluated: string[] = []
    w.ctx.createJudge = () => ({
      evaluate: (evaluator) => (evaluated.push(evaluator.id), Promise.resolve(SCORED)),
      compare: () => Promise.resolve(won('2')),
      close: async () => {},
    })
    for (const r of runs) drive(w.ctx.store, r.id, 'executed')
    const queue = openEvaluation(w.ctx, task, new AbortController().signal, undefined)
    for (const r of runs) queue.add(w.ctx.store.runs.get(r.id)!)
    const result = await queue.drain()
    expect(result).toMatchObject({ scored: 2, failed: 0, pairwise: { comparisons: 1, judged: 1 } })
    expect(evaluated).toEqual(['preset-agent-task-completion', 'preset-agent-task-completion'])
    for (const r of runs) {
      expect(w.ctx.store.runs.get(r.id)).toMatchObject({ status: 'scored', score: 60 })
      expect(w.ctx.store.evalResults.listByRun(r.id).map((e) => e.evaluatorId)).toEqual([
        'preset-agent-task-completion',
      ])
    }
    expect(() =>
      correctResult(w.ctx, {
        runId: runs[0]!.id,
        evaluatorId: 'preset-pairwise-outcome',
        score: 1,
        note: 'n',
      }),
    ).toThrow(/compares the two runs of a case and round.*: preset-agent-task-completion$/)
  })

  it('the decision is recomputed when a comparison is judged, and the export lists both judgements', async () => {
    const { task } = seed(2)
    const before = taskDecision(w.ctx.store, task)
    expect(taskDecision(w.ctx.store, task)).toBe(before)
    judgeWith(pickCorrect)
    await judge(task)
    expect(taskDecision(w.ctx.store, task)).not.toBe(before)
    const doc = exportSchema.parse(
      buildTaskExport(w.ctx.store, task.id, { opencodeVersion: null, app: 't', secrets: [] }),
    )
    expect(doc.pairwise).toHaveLength(2)
    // Judge agreement is per evaluator that scores runs: the pairwise one scores none, so it is not listed.
    expect(doc.judgeAgreement.map((j) => j.evaluatorId)).toEqual(['preset-agent-task-completion'])
    const [c1] = doc.pairwise ?? []
    expect(c1).toMatchObject({
      caseId: 'c1',
      round: 1,
      evaluatorId: 'preset-pairwise-outcome',
      winner: 'b',
      flipped: false,
    })
    expect(c1?.judgements.map((j) => [j.order, j.winner, j.status])).toEqual([
      [firstOrder(task.id, 'c1', 1), 'b', 'done'],
      [firstOrder(task.id, 'c1', 1) === 'ab' ? 'ba' : 'ab', 'b', 'done'],
    ])
    // A task without a pairwise evaluator has no pairwise list and no outcomes.
    const plain = seedExportTask(w.ctx.store, { name: 'plain', cases: ['c1'], rounds: 1 })
    const plainDoc = buildTaskExport(w.ctx.store, plain.task.id, {
      opencodeVersion: null,
      app: 't',
      secrets: [],
    })
    expect(plainDoc.pairwise).toBeNull()
    expect(pairwiseOutcomesOf(w.ctx.store, plain.task, plain.runs)).toBeUndefined()
  })
})
