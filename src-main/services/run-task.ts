// The `run` use case: create or resume the task, own it, execute its runs, release it (DESIGN §4, §6).
import type { TaskRow } from '../db'
import { announceRun } from '../engine/announce'
import { executeRuns, type ExecutionSummary } from '../engine/execute-runs'
import type { LoadedTaskConfig } from '../inputs/load-config'
import type { RunStatus } from '../../src-shared/run-state'
import { describeInstance, type AppContext } from './app-context'
import { TaskBusyError } from './errors'
import { prepareTask, type PreparedTask } from './prepare-task'

export type Rerun = 'failed' | 'all'

export interface RunTaskResult {
  prepared: PreparedTask
  summary: ExecutionSummary
  task: TaskRow
  counts: Record<RunStatus, number>
}

export async function runTask(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  opts: { rerun?: Rerun; signal: AbortSignal; onPrepared?: (p: PreparedTask) => void },
): Promise<RunTaskResult> {
  const prepared = prepareTask(ctx.store, loaded)
  const taskId = prepared.task.id
  const claim = ctx.store.tasks.claimOwner(taskId, ctx.instance.id, (id) => ctx.isInstanceDead(id))
  if (!claim.claimed)
    throw new TaskBusyError(prepared.task.taskName, describeInstance(ctx, claim.ownerInstanceId))
  opts.onPrepared?.(prepared)
  try {
    if (opts.rerun) resetForRerun(ctx, taskId, opts.rerun)
    setTaskStatus(ctx, taskId, 'running')
    const summary = await executeRuns(
      { store: ctx.store, driver: ctx.driver, events: ctx.events, instanceId: ctx.instance.id },
      prepared.plan,
      opts.signal,
    )
    const counts = ctx.store.runs.countsByStatus(taskId)
    const unfinished = counts.pending + counts.running
    const task = setTaskStatus(ctx, taskId, opts.signal.aborted ? 'canceled' : unfinished ? 'idle' : 'done')
    return { prepared, summary, task, counts }
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
 * `--rerun failed`: execution failures go back to pending (evaluation failures are re-judged, never
 * re-executed, once judging exists). `--rerun all`: every run is executed again, same batch.
 */
function resetForRerun(ctx: AppContext, taskId: string, rerun: Rerun): void {
  for (const run of ctx.store.runs.listByTask(taskId)) {
    const executionFailure = run.status === 'failed' && run.failureType !== null
    if (rerun === 'failed' && !executionFailure) continue
    if (run.status === 'pending' || run.status === 'running' || run.status === 'evaluating') continue
    const row = ctx.store.runs.transition(run.id, { from: [run.status], to: 'pending' })
    if (row) announceRun(ctx.events, row)
  }
}
