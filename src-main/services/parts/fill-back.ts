// Fill back on open: an evaluation failure whose trace already has a `done` latest result from every
// pointwise evaluator of the task — a later plain evaluation of the same session, or a crash between writing
// the results and the status — becomes `scored` from those results (a result is never judged twice). No
// judge runs.
import type { RunRow } from '../../db'
import { announceRun } from '../../engine/announce'
import { latestDoneForTrace, scoreOf } from '../../engine/trace-results'
import { pointwiseEvaluatorsOf } from '../../judge/task-evaluators'
import type { Store } from '../../db'
import type { EvaluatorSpec } from '../../judge/evaluators'
import type { AppContext } from '../app-context'

/** Per store, the write stamp at which each task was last checked: nothing written since, nothing to fill. */
const checkedAt = new WeakMap<Store, Map<string, string>>()

/** The score the trace's results give the run now, and the first result it rests on; null: not yet. */
function fillable(
  store: Store,
  run: RunRow,
  evaluators: readonly EvaluatorSpec[],
): { score: number; resultId: string | null } | null {
  const rows = latestDoneForTrace(store, run.sessionId as string, evaluators)
  const score = scoreOf(rows, evaluators, store.corrections.activeFor(run.id, run.sessionId))
  return score === null ? null : { score, resultId: rows[0]?.id ?? null }
}

export function fillBackFailedRuns(ctx: AppContext, taskId: string): RunRow[] {
  const { store } = ctx
  const task = store.tasks.get(taskId)
  if (!task) return []
  const seen = checkedAt.get(store) ?? new Map<string, string>()
  checkedAt.set(store, seen)
  const stamp = store.writeStamp()
  if (seen.get(taskId) === stamp) return []
  const evaluators = pointwiseEvaluatorsOf(task)
  // Read first: only a run that has a score now is written (a write transaction per run costs at 5,000 runs).
  const candidates = store.runs
    .listByTask(taskId, { status: ['failed'] })
    .filter((r) => r.failureType === null && r.sessionId !== null)
    .filter((r) => fillable(store, r, evaluators) !== null)
  const changed: RunRow[] = []
  for (const run of candidates) {
    const row = store.transaction(() => {
      const now = fillable(store, run, evaluators)
      if (now === null) return null
      // failed → evaluating → scored, both steps in the run's history (as a human correction does).
      if (!store.runs.transition(run.id, { from: ['failed'], to: 'evaluating' })) return null
      return store.runs.transition(run.id, {
        from: ['evaluating'],
        to: 'scored',
        patch: { score: now.score, evaluationResultId: now.resultId },
      })
    })
    if (row) {
      changed.push(row)
      announceRun(ctx.events, row)
    }
  }
  seen.set(taskId, store.writeStamp())
  return changed
}
