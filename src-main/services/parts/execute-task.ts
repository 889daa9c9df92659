// Executing a planned task: own it, reset what the mode redoes, execute its runs, judge them, release it.
// Both doors end here: `runTask` (a config: create or resume) and `continueTask` (a stored task).
import type { RunRow, TaskRow } from '../../db'
import { announceRun } from '../../engine/announce'
import { needsEvaluation } from '../../engine/evaluate-runs'
import type { PairwiseSummary } from '../../engine/pairwise-runs'
import { executeRuns, inPlan, type ExecutionPlan, type ExecutionSummary } from '../../engine/execute-runs'
import { InputError } from '../../inputs/errors'
import { isExecutionFailure, type RunStatus } from '../../../src-shared/run-state'
import { needsExecution } from '../../../src-shared/run-rules'
import { SUBMIT, type RunMode } from '../../../src-shared/run-mode'
import type { ReuseSavings } from '../../../src-shared/reuse'
import { describeInstance, type AppContext } from '../app-context'
import { taskBusy } from './errors'
import { reuseBaseline } from './baseline-reuse'
import { engineContext, openEvaluation } from './evaluation-setup'
import { lookAfterExecution } from './adaptive-plan'
import { reconcileTask } from '../reconcile'
import { taskProgress } from '../task-decision'
import { checkProvidersAnswer } from './preflight'
import { budgetGate, budgetStop, checkBudgetPrices, type BudgetGate, type BudgetStop } from '../budget'
import type { TaskConfig } from '../../../src-shared/task-config'

/** What executing a task needs: the task, the plan of all its selected runs, its cases in order. */
export interface TaskPlan {
  task: TaskRow
  plan: ExecutionPlan
  /** The selected cases' ids, in dataset order (a trial takes the first ones). */
  caseIds: readonly string[]
  /** Cases that had no run before this plan was made (what an append executes). */
  newCases: ReadonlySet<string>
  /** Set when announced: what the task's linked a-runs saved (baseline reuse). */
  reused?: ReuseSavings
}

export interface ExecutionSettings {
  /** The task's config (its models are priced when it starts). */
  config: TaskConfig
  /** The task's agent.driver. */
  driver: 'process' | 'server'
  /** The opencode config the agents and the judge read (absent: opencode's own). */
  opencodeConfigPath: string | undefined
  /** The providers were just pinged (a new task's preflight): not asked again. */
  providersAnswered?: boolean
}

export interface ExecuteTaskResult {
  /** The plan narrowed to the runs the mode touched. */
  plan: ExecutionPlan
  summary: ExecutionSummary
  /** Runs judged, and the pairwise comparisons judged after them (null: no pairwise evaluator). */
  evaluation: { scored: number; failed: number; pairwise: PairwiseSummary | null }
  batchId: string
  task: TaskRow
  /** The runs the task's decision counts, per status (not those of cases or rounds it no longer selects). */
  counts: Record<RunStatus, number>
  /** Of those, the failed runs a plain run executes again (interrupted, provider errors). */
  resumable: RunRow[]
  /** Corrections in force for runs this mode executed again: they applied to the old execution only. */
  correctionsDropped: number
  /** What the task's a-runs linked to earlier tasks' executions saved (this start's and earlier ones'). */
  reused: ReuseSavings
  /** Set when the budget stopped the scheduling (runs were left pending). */
  budget: BudgetStop | null
}

export async function executeTask<P extends TaskPlan>(
  ctx: AppContext,
  unscoped: P,
  settings: ExecutionSettings,
  mode: RunMode,
  opts: { signal: AbortSignal; onPrepared?: (p: P) => void },
): Promise<ExecuteTaskResult> {
  const taskId = unscoped.task.id
  // Before claiming: a dead owner's runs are unstuck and everything it started is killed.
  reconcileTask(ctx, taskId)
  const claim = ctx.store.tasks.claimOwner(taskId, ctx.instance.id, (id) => ctx.isInstanceDead(id))
  if (!claim.claimed) throw taskBusy(unscoped.task.taskName, describeInstance(ctx, claim.ownerInstanceId))
  try {
    const { config, opencodeConfigPath } = settings
    // A task with runs to execute or judge starts only if its providers answer (a finished one just decides).
    const runs = ctx.store.runs.listByTask(taskId)
    const work = mode.kind !== 'submit' || runs.some((r) => needsExecution(r) || needsEvaluation(r))
    if (work && !settings.providersAnswered) await checkProvidersAnswer(ctx.env, config, opencodeConfigPath)
    const prices = await ctx.pricesFor(config, opencodeConfigPath)
    ctx.store.taskPrices.set(taskId, prices)
    checkBudgetPrices(config, prices)
    // One gate for every pass: the budget counts the whole task's spend.
    const gate = config.budget ? budgetGate(ctx.store, unscoped.task, config.budget) : undefined
    // Adaptive rounds: after every planned run is judged, a look may add rounds; they execute in turn, as a
    // plain run (what the mode redid is done). A budget stop ends the looks (the next run continues them).
    let passes = await executePass(ctx, unscoped, settings, mode, { ...opts, gate })
    const later = { signal: opts.signal, gate }
    while (
      LOOKING_MODES.has(mode.kind) &&
      !opts.signal.aborted &&
      !gate?.stopped &&
      lookAfterExecution(ctx.store, unscoped.task)
    )
      passes = addPasses(passes, await executePass(ctx, unscoped, settings, SUBMIT, later))
    const { plan, summary, evaluation, batchId, correctionsDropped, reused } = passes
    // Done: no run the decision counts waits for anything (runs of cases or rounds dropped since do not).
    const progress = taskProgress(ctx.store, unscoped.task)
    const status = opts.signal.aborted ? 'canceled' : progress.finished ? 'done' : 'idle'
    const task = setTaskStatus(ctx, taskId, status)
    const { counts, resumable } = progress
    const stopped = gate?.stopped
    const budget =
      stopped && config.budget ? budgetStop(ctx.store, task, config.budget, stopped, summary.held) : null
    return {
      ...{ plan, summary, evaluation, batchId, task, counts, resumable, correctionsDropped, reused },
      budget,
    }
  } catch (err) {
    try {
      setTaskStatus(ctx, taskId, 'idle', err instanceof Error ? err.message : String(err))
    } catch {
      // e.g. a full disk: the error that stopped the task is what the user needs to read
    }
    throw err
  } finally {
    try {
      ctx.store.tasks.releaseOwner(taskId, ctx.instance.id)
    } catch {
      // a full disk: the owner is seen dead and released by the next start
    }
  }
}

type Pass = Pick<
  ExecuteTaskResult,
  'plan' | 'summary' | 'evaluation' | 'batchId' | 'correctionsDropped' | 'reused'
>

/** Modes that run the whole task, and so may take adaptive looks (a trial, an append or a retry of selected runs do not). */
const LOOKING_MODES: ReadonlySet<RunMode['kind']> = new Set(['submit', 'retry-failed', 'retry-all'])

/** One pass of the owned task: reset what the mode redoes, execute the runs that need it, judge them. */
async function executePass<P extends TaskPlan>(
  ctx: AppContext,
  unscoped: P,
  settings: ExecutionSettings,
  mode: RunMode,
  opts: { signal: AbortSignal; onPrepared?: (p: P) => void; gate?: BudgetGate },
): Promise<Pass> {
  const taskId = unscoped.task.id
  const plan = {
    ...scopePlan(unscoped, ctx.store.runs.listByTask(taskId), mode),
    ...(opts.gate ? { gate: opts.gate } : {}),
  }
  const { rejudge, correctionsDropped } = resetForMode(
    ctx,
    ctx.store.runs.listByTask(taskId).filter((r) => inPlan(plan, r)),
    mode,
  )
  // Never-started a-runs take earlier tasks' executions of the same baseline where they can.
  const reused = await reuseBaseline(ctx, unscoped.task, plan, settings.driver)
  // Announced once the runs the mode resets are back in the queue (what "to execute" counts).
  opts.onPrepared?.({ ...unscoped, plan, reused })
  setTaskStatus(ctx, taskId, 'running')
  // Pairwise comparisons of the runs in the plan: the missing ones, and with --rerun failed the failed ones.
  const queue = openEvaluation(ctx, unscoped.task, opts.signal, settings.opencodeConfigPath, {
    redo: mode.kind === 'retry-failed' ? 'failed' : 'missing',
    inScope: (run) => inPlan(plan, run),
  })
  for (const run of ctx.store.runs.listByTask(taskId)) {
    if (inPlan(plan, run) && (needsEvaluation(run) || rejudge.has(run.id))) queue.add(run)
  }
  // The task's agent.driver picks how opencode runs (a process per run, or a server per side).
  const engine = { ...engineContext(ctx), driver: ctx.driverFor(settings.driver) }
  const execution = await executeRuns(engine, plan, opts.signal, (run) => queue.add(run)).then(
    (summary) => ({ summary }),
    (error: unknown) => ({ error }),
  )
  // Judges already started finish (or give their run back on cancel) before anything else happens; a
  // failed execution (e.g. an isolation proof that does not hold) pays for no pairwise comparison.
  const evaluation = await queue.drain({ compare: !('error' in execution) })
  if ('error' in execution) throw execution.error
  const { summary } = execution
  return { plan, summary, evaluation, batchId: queue.batchId, correctionsDropped, reused }
}

/** Two passes as one: counts summed, the later pass's plan and proofs. */
function addPasses(first: Pass, next: Pass): Pass {
  const pairwise =
    first.evaluation.pairwise && next.evaluation.pairwise
      ? {
          comparisons: first.evaluation.pairwise.comparisons + next.evaluation.pairwise.comparisons,
          judged: first.evaluation.pairwise.judged + next.evaluation.pairwise.judged,
          failed: first.evaluation.pairwise.failed + next.evaluation.pairwise.failed,
        }
      : (next.evaluation.pairwise ?? first.evaluation.pairwise)
  return {
    plan: next.plan,
    batchId: next.batchId,
    correctionsDropped: first.correctionsDropped + next.correctionsDropped,
    reused: next.reused,
    summary: {
      proofs: { ...first.summary.proofs, ...next.summary.proofs },
      executed: first.summary.executed + next.summary.executed,
      failed: first.summary.failed + next.summary.failed,
      canceled: first.summary.canceled + next.summary.canceled,
      held: first.summary.held + next.summary.held,
    },
    evaluation: {
      scored: first.evaluation.scored + next.evaluation.scored,
      failed: first.evaluation.failed + next.evaluation.failed,
      pairwise,
    },
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

/** The plan narrowed to the runs the mode touches (a trial, an append or a retry of selected runs). */
function scopePlan(planned: TaskPlan, runs: RunRow[], mode: RunMode): ExecutionPlan {
  const { plan } = planned
  const pick = (keep: (r: RunRow) => boolean): ExecutionPlan => ({
    ...plan,
    only: new Set(runs.filter((r) => inPlan(plan, r) && keep(r)).map((r) => r.id)),
  })
  switch (mode.kind) {
    case 'trial': {
      const first = new Set(planned.caseIds.slice(0, mode.cases))
      return pick((r) => r.round === 1 && first.has(r.caseKey))
    }
    case 'append':
      return pick((r) => planned.newCases.has(r.caseKey))
    case 'retry-selected': {
      const byId = new Map(runs.map((r) => [r.id, r]))
      const unknown = mode.runIds.filter((id) => !byId.has(id))
      const outside = mode.runIds.filter((id) => byId.has(id) && !inPlan(plan, byId.get(id) as RunRow))
      if (unknown.length || outside.length)
        throw new InputError({
          field: '--runs',
          message: unknown.length
            ? `--runs: no run ${unknown.join(', ')} in task "${planned.task.taskName}"`
            : `--runs: ${outside.join(', ')} belong to cases or rounds this config does not select`,
          fix: 'use run ids from `skill-ab export <task>` (runs[].id)',
        })
      const wanted = new Set(mode.runIds)
      return pick((r) => wanted.has(r.id))
    }
    default:
      return plan
  }
}

/**
 * Resets the mode asks for. Retry failed: execution failures go back to pending; evaluation failures are
 * judged again, never re-executed (returned). Retry all / selected: those runs are executed again, same
 * batch — a correction of a run's old execution no longer applies to the new one (counted).
 */
function resetForMode(
  ctx: AppContext,
  runs: RunRow[],
  mode: RunMode,
): { rejudge: Set<string>; correctionsDropped: number } {
  const rejudge = new Set<string>()
  let correctionsDropped = 0
  if (mode.kind !== 'retry-failed' && mode.kind !== 'retry-all' && mode.kind !== 'retry-selected')
    return { rejudge, correctionsDropped }
  for (const run of runs) {
    if (run.status === 'pending' || run.status === 'running' || run.status === 'evaluating') continue
    const executionFailure = isExecutionFailure(run.status, run.failureType)
    if (mode.kind === 'retry-failed' && run.status === 'failed' && !executionFailure) {
      rejudge.add(run.id)
      continue
    }
    if (mode.kind === 'retry-failed' && !executionFailure) continue
    const inForce = ctx.store.corrections.activeFor(run.id, run.sessionId).length
    const row = ctx.store.runs.transition(run.id, { from: [run.status], to: 'pending' })
    if (row) {
      correctionsDropped += inForce
      announceRun(ctx.events, row)
    }
  }
  return { rejudge, correctionsDropped }
}
