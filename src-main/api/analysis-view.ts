// A case analysis as the evaluation center opens it: the per-case scores and mean the CLI's `analyze`
// prints, and each run's latest judge reason (or why it failed). Opening reconciles, never starts work.
import type { EvalResultRow, RunRow } from '../db'
import type { AppContext } from '../services/app-context'
import { summarizeAnalysis } from '../services/analyze'
import { reconcileTask } from '../services/reconcile'
import type { CaseAnalysisView } from '../../src-shared/ipc-views'
import { UserError } from '../../src-shared/user-error'

export function caseAnalysisView(ctx: AppContext, taskId: string): CaseAnalysisView {
  const task = ctx.store.tasks.get(taskId)
  if (!task) throw new UserError('not_found', `no case analysis ${taskId} (it may have been deleted)`)
  if (task.kind !== 'case')
    throw new UserError('input', `${task.taskName} is an A/B task: open it from the tasks list`)
  reconcileTask(ctx, taskId)
  const summary = summarizeAnalysis(ctx.store, taskId)
  const runs = ctx.store.runs.listByTask(taskId)
  return {
    taskId,
    name: task.taskName,
    skillName: task.skillName,
    skillVersion: task.skillVersion,
    batchId: summary.batchId,
    mean: summary.mean,
    cases: summary.cases.map((c) => ({
      caseId: c.caseId,
      score: c.score,
      runs: runs
        .filter((r) => r.caseKey === c.caseId)
        .sort((x, y) => x.round - y.round)
        .map((r) => ({
          id: r.id,
          round: r.round,
          status: r.status,
          failureType: r.failureType,
          score: r.score,
          reason: reasonOf(r, ctx.store.evalResults.latestByRun(r.id)),
        })),
    })),
  }
}

function reasonOf(run: RunRow, latest: EvalResultRow[]): string | null {
  const judged = latest.filter((e) => e.reason || e.error)
  if (judged.length)
    return judged
      .map((e) => `${latest.length > 1 ? `${e.evaluatorId}: ` : ''}${e.reason || e.error}`)
      .join(' · ')
  return run.failureMessage
}
