// Human score correction (seed 000 §5): a new result row carries {score, note, by, at} and replaces the
// model's score; the run's row score is recomputed. Older rows stay as history (DESIGN §8.9).
import { localUser, newId, nowIso, type RunRow } from '../db'
import { announceRun } from '../engine/announce'
import { InputError } from '../inputs/errors'
import { pointwiseEvaluators, resolveEvaluators } from '../judge/evaluators'
import { rowScore } from '../judge/row-score'
import type { AppContext } from './app-context'
import { taskConfigOf } from './evaluation-setup'
import { hasCompletedExecution } from './reevaluate'

export interface CorrectionInput {
  runId: string
  evaluatorId: string
  /** 0–100. */
  score: number
  note: string
}

export function correctResult(ctx: AppContext, input: CorrectionInput): RunRow {
  const { store } = ctx
  const bad = (field: string, message: string, fix: string): never => {
    throw new InputError({ field, message: `${field}: ${message}`, fix })
  }
  if (!Number.isFinite(input.score) || input.score < 0 || input.score > 100)
    bad('score', `${input.score} is not a score`, 'give a number from 0 to 100')
  if (!input.note.trim()) bad('note', 'a correction needs a note', 'say why the model score was wrong')
  const run = store.runs.get(input.runId) ?? bad('runId', `no run ${input.runId}`, 'pick a run of the task')
  if (!hasCompletedExecution(run))
    bad('runId', `run ${run.id} has no completed execution (${run.status})`, 're-run it first')
  const task = store.tasks.get(run.taskId)
  if (!task) return bad('runId', `run ${run.id} has no task`, 'pick a run of the task')
  // A pairwise evaluator judges two runs at once: it has no score of one run to correct.
  const evaluators = pointwiseEvaluators(resolveEvaluators(taskConfigOf(task).evaluators))
  if (!evaluators.some((e) => e.id === input.evaluatorId))
    bad(
      'evaluatorId',
      `"${input.evaluatorId}" is not an evaluator of this task`,
      `use one of: ${evaluators.map((e) => e.id).join(', ')}`,
    )

  const updated = store.transaction(() => {
    const latest = store.evalResults.latestByRun(run.id)
    const base = latest.find((r) => r.evaluatorId === input.evaluatorId)
    const corrected = store.evalResults.append({
      ...(base ?? {
        sessionId: run.sessionId,
        runId: run.id,
        grayscaleTaskId: run.taskId,
        evaluatorId: input.evaluatorId,
        status: 'done' as const,
        score: null,
        reason: null,
        rawOutput: null,
        parseStrategy: null,
      }),
      status: 'done',
      evaluatorRunId: task.evaluationBatchId ?? store.tasks.ensureBatchId(task.id, newId('batch')),
      correction: { score: input.score, note: input.note.trim(), by: localUser(), at: nowIso() },
    })
    const byEvaluator = new Map(latest.map((r) => [r.evaluatorId, r]))
    byEvaluator.set(input.evaluatorId, corrected)
    const score = rowScore(
      evaluators.map((e) => {
        const r = byEvaluator.get(e.id)
        return {
          score: r?.status === 'done' ? r.score : null,
          weight: e.weight,
          correction: r?.correction ?? null,
        }
      }),
    )
    if (score === null) return store.runs.get(run.id) as RunRow
    if (run.status === 'scored')
      return store.runs.update(run.id, { score, evaluationResultId: corrected.id }) as RunRow
    // An evaluation failure that the correction completes becomes scored (both steps in its history).
    store.runs.transition(run.id, { from: [run.status], to: 'evaluating' })
    return store.runs.transition(run.id, {
      from: ['evaluating'],
      to: 'scored',
      patch: { score, evaluationResultId: corrected.id },
    }) as RunRow
  })
  announceRun(ctx.events, updated)
  return updated
}
