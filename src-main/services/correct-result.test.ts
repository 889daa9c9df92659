import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drive, seedExportTask } from '../export/task.fixture'
import type { InputError } from '../inputs/errors'
import { openAppContext, type AppContext } from './app-context'
import { clearCorrection, correctResult } from './correct-result'
import type { TaskConfigInput } from '../../src-shared/task-config'

let dir: string
let ctx: AppContext

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-correct-'))
  ctx = openAppContext({ env: { SKILL_AB_HOME: dir, PATH: process.env.PATH }, kind: 'cli' })
})
afterEach(() => {
  ctx.close()
  rmSync(dir, { recursive: true, force: true })
})

const evaluators: NonNullable<TaskConfigInput['evaluators']> = [
  { id: 'preset-agent-task-completion', weight: 1 },
  { id: 'tone', kind: 'llm', prompt: 'Rate {{final_output}}', scale: 10, weight: 3 },
]

function seedScoredRun() {
  const { task, runs } = seedExportTask(ctx.store, { cases: ['c1'], rounds: 1, config: { evaluators } })
  const run = runs[0]!
  drive(ctx.store, run.id, 'scored', { score: 55 })
  const batch = ctx.store.tasks.ensureBatchId(task.id, 'batch_1')
  for (const [evaluatorId, score] of [
    ['preset-agent-task-completion', 40],
    ['tone', 60],
  ] as const)
    ctx.store.evalResults.append({
      evaluatorRunId: batch,
      sessionId: `ses_${run.id}`,
      runId: run.id,
      grayscaleTaskId: task.id,
      evaluatorId,
      status: 'done',
      score,
      reason: 'model said so',
      rawOutput: `{"score": ${score}}`,
      parseStrategy: 'direct_json',
    })
  return { task, run, batch }
}

describe('correctResult', () => {
  it('replaces the model score, keeps who/when/why, recomputes the weighted row score; the judge result stays as it was', () => {
    const { run } = seedScoredRun()
    const updated = correctResult(ctx, {
      runId: run.id,
      evaluatorId: 'preset-agent-task-completion',
      score: 80,
      note: 'judge missed the fix',
    })
    // (80·1 + 60·3) / 4
    expect(updated.score).toBe(65)
    const latest = ctx.store.evalResults
      .latestByRun(run.id)
      .find((r) => r.evaluatorId === 'preset-agent-task-completion')
    expect(latest?.score).toBe(40)
    const [correction] = ctx.store.corrections.activeFor(run.id, updated.sessionId)
    expect(correction).toMatchObject({
      evaluatorId: 'preset-agent-task-completion',
      sessionId: `ses_${run.id}`,
      score: 80,
      note: 'judge missed the fix',
    })
    expect(correction?.by).toBeTruthy()
    // The correction is not a judge result: no row is appended.
    expect(ctx.store.evalResults.listByRun(run.id)).toHaveLength(2)
  })

  it('completes an evaluation failure into a scored run once every evaluator has a score', () => {
    const { task, runs } = seedExportTask(ctx.store, {
      cases: ['c1'],
      rounds: 1,
      config: { evaluators: evaluators.slice(0, 1) },
    })
    const run = runs[0]!
    drive(ctx.store, run.id, 'eval-failed')
    const updated = correctResult(ctx, {
      runId: run.id,
      evaluatorId: 'preset-agent-task-completion',
      score: 30,
      note: 'judged by hand',
    })
    expect([updated.status, updated.score]).toEqual(['scored', 30])
    expect(ctx.store.tasks.get(task.id)?.evaluationBatchId).toMatch(/^batch_/)
  })

  it('refuses a bad score, an empty note, an unknown evaluator and a run without a completed execution', () => {
    const { run } = seedScoredRun()
    const call = (o: object) => () =>
      correctResult(ctx, { runId: run.id, evaluatorId: 'tone', score: 50, note: 'x', ...o })
    expect(call({ score: 120 })).toThrow(/score: 120 is not a score/)
    expect(call({ note: '  ' })).toThrow(/note: a correction needs a note/)
    expect(call({ evaluatorId: 'nope' })).toThrow(/"nope" is not an evaluator of this task/)
    expect(call({ runId: 'run_missing' })).toThrow(/no run run_missing/)
    const pending = seedExportTask(ctx.store, { name: 'other', cases: ['c9'], rounds: 1 }).runs[0]!
    expect(call({ runId: pending.id })).toThrow(/has no completed execution/)
  })
})

describe('correcting the pairwise evaluator', () => {
  it('says it compares two runs and has no score of one run to correct, and names the evaluators that can be corrected', () => {
    const { runs } = seedExportTask(ctx.store, {
      cases: ['c1'],
      rounds: 1,
      config: { evaluators: [...evaluators, { id: 'preset-pairwise-outcome' }] },
    })
    const run = drive(ctx.store, runs[0]!.id, 'scored', { score: 50 })
    const input = { runId: run.id, evaluatorId: 'preset-pairwise-outcome' }
    const errorOf = (attempt: () => unknown): InputError | null => {
      try {
        attempt()
      } catch (err) {
        return err as InputError
      }
      return null
    }
    for (const err of [
      errorOf(() => correctResult(ctx, { ...input, score: 90, note: 'b was better' })),
      errorOf(() => clearCorrection(ctx, input)),
    ]) {
      expect(err?.message).toContain(
        'evaluatorId: "preset-pairwise-outcome" compares the two runs of a case and round; it has no score of one run to correct',
      )
      expect(err?.message).not.toMatch(/not an evaluator of this task/)
      expect(err?.fix).toBe('correct an evaluator that scores each run: preset-agent-task-completion, tone')
    }
  })
})

describe('clearCorrection', () => {
  it("gives the run the judge's score back", () => {
    const { run } = seedScoredRun()
    correctResult(ctx, { runId: run.id, evaluatorId: 'tone', score: 100, note: 'perfect tone' })
    const cleared = clearCorrection(ctx, { runId: run.id, evaluatorId: 'tone' })
    // (40·1 + 60·3) / 4
    expect([cleared.status, cleared.score]).toEqual(['scored', 55])
    expect(ctx.store.corrections.activeFor(run.id, run.sessionId)).toEqual([])
    expect(ctx.store.corrections.listByRun(run.id)[0]?.clearedBy).toBeTruthy()
  })

  it('a run whose judge never scored that evaluator becomes an evaluation failure, saying how to go on', () => {
    const { runs } = seedExportTask(ctx.store, {
      cases: ['c1'],
      rounds: 1,
      config: { evaluators: evaluators.slice(0, 1) },
    })
    const run = drive(ctx.store, runs[0]!.id, 'eval-failed')
    correctResult(ctx, {
      runId: run.id,
      evaluatorId: 'preset-agent-task-completion',
      score: 30,
      note: 'by hand',
    })
    const cleared = clearCorrection(ctx, { runId: run.id, evaluatorId: 'preset-agent-task-completion' })
    expect([cleared.status, cleared.failureType, cleared.score]).toEqual(['failed', null, null])
    expect(cleared.failureMessage).toMatch(/no judge score once the correction was cleared; re-evaluate/)
  })

  it('refuses when no correction is in force for that evaluator', () => {
    const { run } = seedScoredRun()
    expect(() => clearCorrection(ctx, { runId: run.id, evaluatorId: 'tone' })).toThrow(
      /has no correction in force for "tone"/,
    )
    expect(() => clearCorrection(ctx, { runId: run.id, evaluatorId: 'nope' })).toThrow(/not an evaluator/)
  })
})
