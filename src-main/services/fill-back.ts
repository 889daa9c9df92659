// Fill back on open: an evaluation failure whose trace already has a `done` latest result from every
// pointwise evaluator of the task — a later plain evaluation of the same session, or a crash between writing
// the results and the status — becomes `scored` from those results (a result is never judged twice). No
// judge runs.
import type { RunRow } from '../db'
import { announceRun } from '../engine/announce'
import { latestDoneForTrace, scoreOf } from '../engine/trace-results'
import { pointwiseEvaluatorsOf } from '../judge/task-evaluators'
import type { AppContext } from './app-context'

export function fillBackFailedRuns(ctx: AppContext, taskId: string): RunRow[] {
  const { store } = ctx
  const task = store.tasks.get(taskId)
  if (!task) return []
  const candidates = store.runs
    .listByTask(taskId, { status: ['failed'] })
    .filter((r) => r.failureType === null && r.sessionId !== null)
  if (candidates.length === 0) return []
  const evaluators = pointwiseEvaluatorsOf(task)
  const changed: RunRow[] = []
  for (const run of candidates) {
    const row = store.transaction(() => {
      const rows = latestDoneForTrace(store, run.sessionId as string, evaluators)
      const corrections = store.corrections.activeFor(run.id, run.sessionId)
      const score = scoreOf(rows, evaluators, corrections)
      if (score === null) return null
      // failed → evaluating → scored, both steps in the run's history (as a human correction does).
      if (!store.runs.transition(run.id, { from: ['failed'], to: 'evaluating' })) return null
      return store.runs.transition(run.id, {
        from: ['evaluating'],
        to: 'scored',
        patch: { score, evaluationResultId: rows[0]?.id ?? null },
      })
    })
    if (row) {
      changed.push(row)
      announceRun(ctx.events, row)
    }
  }
  return changed
}
