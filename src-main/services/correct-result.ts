// Human score correction: a human score {score, note, by, at} for one evaluator of one run replaces the
// judge's score in the run's row score. It belongs to the run's current execution (its
// session), not to a judge result: judging the run again keeps it in force (the judge's new score is shown
// beside it); only `clearCorrection` removes it; executing the run again drops it.
import { localUser, newId, type RunRow, type TaskRow } from '../db'
import { announceRun } from '../engine/announce'
import { currentResults, currentRunScore } from '../engine/trace-results'
import { InputError } from '../inputs/errors'
import type { EvaluatorSpec } from '../judge/evaluators'
import { pairwiseEvaluatorOf, pointwiseEvaluatorsOf } from '../judge/task-evaluators'
import type { AppContext } from './app-context'
import { canReevaluate } from '../../src-shared/run-rules'
import { TAMPER_SCREEN_ID } from '../judge/tamper-screen'

export interface CorrectionInput {
  runId: string
  evaluatorId: string
  /** 0–100. */
  score: number
  note: string
}

const bad = (field: string, message: string, fix: string): never => {
  throw new InputError({ field, message: `${field}: ${message}`, fix })
}

interface Target {
  run: RunRow & { sessionId: string }
  task: TaskRow
  evaluators: EvaluatorSpec[]
}

/** The run (with a completed execution) and its task's evaluators, of which `evaluatorId` must be one. */
function target(ctx: AppContext, runId: string, evaluatorId: string): Target {
  const { store } = ctx
  const run = store.runs.get(runId) ?? bad('runId', `no run ${runId}`, 'pick a run of the task')
  if (!canReevaluate(run) || run.sessionId === null)
    bad('runId', `run ${run.id} has no completed execution (${run.status})`, 're-run it first')
  const task =
    store.tasks.get(run.taskId) ?? bad('runId', `run ${run.id} has no task`, 'pick a run of the task')
  const evaluators = pointwiseEvaluatorsOf(task)
  const ids = evaluators.map((e) => e.id).join(', ')
  // A pairwise evaluator judges two runs at once: it has no score of one run to correct.
  if (pairwiseEvaluatorOf(task)?.id === evaluatorId)
    bad(
      'evaluatorId',
      `"${evaluatorId}" compares the two runs of a case and round; it has no score of one run to correct`,
      `correct an evaluator that scores each run: ${ids}`,
    )
  if (!evaluators.some((e) => e.id === evaluatorId))
    bad('evaluatorId', `"${evaluatorId}" is not an evaluator of this task`, `use one of: ${ids}`)
  return { run: run as Target['run'], task, evaluators }
}

export function correctResult(ctx: AppContext, input: CorrectionInput): RunRow {
  const { store } = ctx
  if (input.evaluatorId === TAMPER_SCREEN_ID) return clearTampering(ctx, input)
  if (!Number.isFinite(input.score) || input.score < 0 || input.score > 100)
    bad('score', `${input.score} is not a score`, 'give a number from 0 to 100')
  if (!input.note.trim()) bad('note', 'a correction needs a note', 'say why the model score was wrong')
  const { run, task, evaluators } = target(ctx, input.runId, input.evaluatorId)

  const updated = store.transaction(() => {
    // Every scored run belongs to the task's one batch, a corrected one too.
    const batchId = task.evaluationBatchId ?? store.tasks.ensureBatchId(task.id, newId('batch'))
    store.corrections.add({
      runId: run.id,
      evaluatorId: input.evaluatorId,
      sessionId: run.sessionId,
      score: input.score,
      note: input.note.trim(),
      by: localUser(),
    })
    const score = currentRunScore(store, run, evaluators)
    if (score === null) return store.runs.get(run.id) as RunRow
    if (run.status === 'scored') return store.runs.update(run.id, { score }) as RunRow
    // A run the correction completes becomes scored (both steps in its history).
    const resultId = currentResults(store, run, evaluators).find((r) => r !== null)?.id ?? null
    store.runs.transition(run.id, { from: [run.status], to: 'evaluating' })
    return store.runs.transition(run.id, {
      from: ['evaluating'],
      to: 'scored',
      patch: { score, evaluationResultId: resultId, evaluatorRunId: batchId },
    }) as RunRow
  })
  announceRun(ctx.events, updated)
  return updated
}

/**
 * A person's word that the tamper screen was wrong about this execution (a correction of evaluator
 * `judge-tampering`, score 100): the flag is cleared, and the run goes back to be judged (the next run, resume
 * or re-evaluation judges it); the correction stays in force through every later judgement.
 */
function clearTampering(ctx: AppContext, input: CorrectionInput): RunRow {
  const { store } = ctx
  const run = store.runs.get(input.runId) ?? bad('runId', `no run ${input.runId}`, 'pick a run of the task')
  if (run.failureType !== 'judge_tampering' || run.sessionId === null)
    bad(
      'evaluatorId',
      `run ${run.id} is not flagged for judge tampering`,
      'only a run the tamper screen failed can be cleared',
    )
  if (input.score !== 100)
    bad('score', `${input.score} is not 100`, 'clearing a tampering flag says the run is clean: give 100')
  if (!input.note.trim()) bad('note', 'clearing a flag needs a note', 'say why the screen was wrong')
  const updated = store.transaction(() => {
    store.corrections.add({
      runId: run.id,
      evaluatorId: TAMPER_SCREEN_ID,
      sessionId: run.sessionId as string,
      score: 100,
      note: input.note.trim(),
      by: localUser(),
    })
    store.runs.transition(run.id, { from: ['failed'], to: 'evaluating' })
    return store.runs.transition(run.id, { from: ['evaluating'], to: 'executed' }) as RunRow
  })
  announceRun(ctx.events, updated)
  return updated
}

/** Takes back a cleared flag: the correction is cleared, and the run goes back to be screened and judged again. */
function unclearTampering(ctx: AppContext, runId: string): RunRow {
  const { store } = ctx
  const run = store.runs.get(runId) ?? bad('runId', `no run ${runId}`, 'pick a run of the task')
  if (run.status === 'running' || run.status === 'evaluating' || run.sessionId === null)
    bad('runId', `run ${run.id} is ${run.status}`, 'wait until it is judged')
  const updated = store.transaction(() => {
    if (!store.corrections.clear(run.id, TAMPER_SCREEN_ID, run.sessionId as string, localUser()))
      bad('evaluatorId', `run ${run.id} has no cleared tampering flag`, 'nothing to take back')
    if (run.status === 'executed') return store.runs.get(run.id) as RunRow
    store.runs.transition(run.id, { from: [run.status], to: 'evaluating' })
    return store.runs.transition(run.id, { from: ['evaluating'], to: 'executed' }) as RunRow
  })
  announceRun(ctx.events, updated)
  return updated
}

/**
 * Removes the correction in force for (run, evaluator, the run's current execution): the run's score is
 * the judge's again. When the judge has no score for that evaluator (it failed, or never answered), a
 * scored run becomes an evaluation failure, which re-evaluate or a new correction completes.
 */
export function clearCorrection(ctx: AppContext, input: { runId: string; evaluatorId: string }): RunRow {
  const { store } = ctx
  if (input.evaluatorId === TAMPER_SCREEN_ID) return unclearTampering(ctx, input.runId)
  const { run, evaluators } = target(ctx, input.runId, input.evaluatorId)
  const updated = store.transaction(() => {
    const cleared = store.corrections.clear(run.id, input.evaluatorId, run.sessionId, localUser())
    if (!cleared)
      bad(
        'evaluatorId',
        `run ${run.id} has no correction in force for "${input.evaluatorId}"`,
        'nothing to clear: the run view lists the corrections in force',
      )
    const now = store.runs.get(run.id) as RunRow
    if (now.status !== 'scored') return now
    const score = currentRunScore(store, now, evaluators)
    if (score !== null) return store.runs.update(run.id, { score }) as RunRow
    const missing = currentResults(store, now, evaluators)
      .map((r, i) => (r?.status === 'done' ? null : (evaluators[i]?.id ?? null)))
      .filter((id) => id !== null)
    store.runs.transition(run.id, { from: ['scored'], to: 'evaluating' })
    return store.runs.transition(run.id, {
      from: ['evaluating'],
      to: 'failed',
      patch: {
        failureMessage: `evaluation failed: ${missing.join(', ') || input.evaluatorId}: no judge score once the correction was cleared; re-evaluate the run`,
      },
    }) as RunRow
  })
  announceRun(ctx.events, updated)
  return updated
}
