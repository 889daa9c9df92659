// The `run` use case: create or resume the task, own it, execute its runs, release it (DESIGN §4, §6).
import type { TaskKind, TaskRow } from '../db'
import { announceRun } from '../engine/announce'
import { needsEvaluation } from '../engine/evaluate-runs'
import { executeRuns, type ExecutionSummary } from '../engine/execute-runs'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { isExecutionFailure, type RunStatus } from '../../src-shared/run-state'
import { describeInstance, type AppContext } from './app-context'
import { TaskBusyError } from './errors'
import { engineContext, openEvaluation } from './evaluation-setup'
import { prepareTask, type PreparedTask } from './prepare-task'
import { reconcileTask } from './reconcile'

export type Rerun = 'failed' | 'all'

export interface RunTaskResult {
  prepared: PreparedTask
  summary: ExecutionSummary
  evaluation: { scored: number; failed: number }
  batchId: string
  task: TaskRow
  counts: Record<RunStatus, number>
}

export async function runTask(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  opts: { rerun?: Rerun; signal: AbortSignal; onPrepared?: (p: PreparedTask) => void; kind?: TaskKind },
): Promise<RunTaskResult> {
  const prepared = prepareTask(ctx.store, loaded, { kind: opts.kind })
  const taskId = prepared.task.id
  const claim = ctx.store.tasks.claimOwner(taskId, ctx.instance.id, (id) => ctx.isInstanceDead(id))
  if (!claim.claimed)
    throw new TaskBusyError(prepared.task.taskName, describeInstance(ctx, claim.ownerInstanceId))
  try {
    reconcileTask(ctx, taskId)
    opts.onPrepared?.(prepared)
    const rejudge = opts.rerun ? resetForRerun(ctx, taskId, opts.rerun) : new Set<string>()
    setTaskStatus(ctx, taskId, 'running')
    const { plan } = prepared
    const queue = openEvaluation(ctx, prepared.task, opts.signal, loaded.resolved.opencodeConfigPath)
    for (const run of ctx.store.runs.listByTask(taskId)) {
      const inPlan = plan.cases.has(run.caseKey) && run.round <= plan.maxRound
      if (inPlan && (needsEvaluation(run) || rejudge.has(run.id))) queue.add(run)
    }
    const execution = await executeRuns(engineContext(ctx), plan, opts.signal, (run) => queue.add(run)).then(
      (summary) => ({ summary }),
      (error: unknown) => ({ error }),
    )
    // Judges already started finish (or give their run back on cancel) before anything else happens.
    const evaluation = await queue.drain()
    if ('error' in execution) throw execution.error
    const { summary } = execution
    const counts = ctx.store.runs.countsByStatus(taskId)
    const unfinished = counts.pending + counts.running + counts.executed + counts.evaluating
    const task = setTaskStatus(ctx, taskId, opts.signal.aborted ? 'canceled' : unfinished ? 'idle' : 'done')
    return { prepared, summary, evaluation, batchId: queue.batchId, task, counts }
  } catch (err) {
    setTaskStatus(ctx, taskId, 'idle', err instanceof Error ? err.message : String(err))
    throw err
  } finally {
    ctx.store.tasks.releaseOwner(taskId, ctx.instance.id)
  }
}

function setTaskStatus(
  ctx: AppContext,
  taskId: string,
  status: TaskRow['status'],
  message?: string,
): TaskRow {
  const task = ctx.store.tasks.setStatus(taskId, status)
  ctx.events.emit('task.changed', { taskId, status, ...(message ? { message } : {}) })
  return task
}

/**
 * `--rerun failed`: execution failures go back to pending; evaluation failures are judged again, never
 * re-executed (returned). `--rerun all`: every run is executed again, same batch.
 */
function resetForRerun(ctx: AppContext, taskId: string, rerun: Rerun): Set<string> {
  const rejudge = new Set<string>()
  for (const run of ctx.store.runs.listByTask(taskId)) {
    if (run.status === 'pending' || run.status === 'running' || run.status === 'evaluating') continue
    const executionFailure = isExecutionFailure(run.status, run.failureType)
    if (rerun === 'failed' && run.status === 'failed' && !executionFailure) {
      rejudge.add(run.id)
      continue
    }
    if (rerun === 'failed' && !executionFailure) continue
    const row = ctx.store.runs.transition(run.id, { from: [run.status], to: 'pending' })
    if (row) announceRun(ctx.events, row)
  }
  return rejudge
}
