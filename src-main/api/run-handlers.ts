// runs.* and results.*: re-run, re-evaluate, a run's detail, score correction and clearing it; evaluation
// batches, case analyses and judge agreement.
import type { RunRow } from '../db'
import { measureJudgeNoise } from '../services/judge-noise'
import { clearCorrection, correctResult } from '../services/correct-result'
import { judgeAgreementOverall } from '../services/judge-agreement'
import { reevaluateTask, selectForReevaluation } from '../services/reevaluate'
import { canRerun } from '../../src-shared/run-rules'
import { UserError } from '../../src-shared/user-error'
import { caseAnalysisView } from './analysis-view'
import { listBatches, type BatchListView } from './batches'
import type { HostDeps } from './deps'
import { jobBusy } from './jobs'
import { startStored } from './run-job'
import { mustTask, refuseForeignOwner } from './task-handlers'
import { runDetail, runView } from './views'

export function runHandlers(d: HostDeps) {
  const { ctx, jobs } = d
  const runsOf = (taskId: string, ids: string[]): RunRow[] => {
    const byId = new Map(ctx.store.runs.listByTask(taskId).map((r) => [r.id, r]))
    const unknown = ids.filter((id) => !byId.has(id))
    if (unknown.length) throw new UserError('not_found', `no run ${unknown.join(', ')} in this task`)
    return ids.map((id) => byId.get(id) as RunRow)
  }
  return {
    'runs.rerun': async ({ taskId, runIds }: { taskId: string; runIds: string[] }) => {
      const task = mustTask(d, taskId)
      if (jobs.busy(taskId)) throw jobBusy('run')
      refuseForeignOwner(d, task, 're-run')
      const runs = runsOf(taskId, runIds)
      const busy = runs.filter((r) => !canRerun(r))
      if (busy.length)
        throw new UserError(
          'input',
          `${busy.length} of the runs are ${busy[0]?.status}: only finished runs can be re-run`,
        )
      // Exactly these runs are executed again (the task's other pending runs wait for a Start).
      await startStored(d, task.id, { kind: 'retry-selected', runIds })
      return { ok: true as const }
    },
    'runs.reevaluate': ({
      taskId,
      runIds,
      failedOnly,
    }: {
      taskId: string
      runIds?: string[]
      failedOnly?: boolean
    }) => {
      const task = mustTask(d, taskId)
      refuseForeignOwner(d, task, 're-evaluate')
      const targets = selectForReevaluation(ctx.store.runs.listByTask(taskId), { runIds, failedOnly })
      if (!targets.length)
        throw new UserError(
          'input',
          'nothing to re-evaluate: no run of the selection has a completed execution',
        )
      jobs.start(taskId, 'reevaluate', (signal) =>
        reevaluateTask(ctx, task, { runIds: targets.map((r) => r.id), signal }),
      )
      return { ok: true as const }
    },
    'runs.measureJudgeNoise': ({
      taskId,
      repeat,
      sample,
    }: {
      taskId: string
      repeat: number
      sample?: number
    }) => {
      const task = mustTask(d, taskId)
      refuseForeignOwner(d, task, 'measure the judge noise of')
      jobs.start(taskId, 'reevaluate', (signal) => measureJudgeNoise(ctx, task, { repeat, sample, signal }))
      return { ok: true as const }
    },
    'runs.detail': ({ runId }: { runId: string }) => {
      const run = ctx.store.runs.get(runId)
      if (!run) throw new UserError('not_found', `no run ${runId}`)
      return runDetail(ctx.store, run)
    },
    'results.correct': (input: { runId: string; evaluatorId: string; score: number; note: string }) =>
      runView(correctResult(ctx, input)),
    'results.clearCorrection': (input: { runId: string; evaluatorId: string }) =>
      runView(clearCorrection(ctx, input)),
    'evaluations.agreement': () => judgeAgreementOverall(ctx),
    'evaluations.batches': ({ view }: { view: BatchListView }) => listBatches(ctx, view),
    'evaluations.analysis': ({ taskId }: { taskId: string }) => caseAnalysisView(ctx, taskId),
  }
}
