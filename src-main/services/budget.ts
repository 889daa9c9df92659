// The hard cap (docs/decision.md "Budget"): `budget.maxCostUsd` (or `run --max-cost`) and `budget.maxRuns`.
// Before each run starts, the scheduler asks the gate: the task's spend so far (judge included), the runs
// still running at their projected cost, executed runs' judging at its projected cost, and this run's
// projected cost must stay within the cap. Once it says no, no further run starts; running runs finish.
import type { Store, TaskRow } from '../db'
import type { RunGate } from '../engine/execute-runs'
import { InputError } from '../inputs/errors'
import type { Estimate } from '../../src-shared/estimate'
import type { TaskPrices } from '../../src-shared/prices'
import type { Side } from '../../src-shared/run-state'
import { formatUsd } from '../../src-shared/spend-format'
import { type Budget, type TaskConfig } from '../../src-shared/task-config'
import { estimateOfTask } from './task-estimate'
import { taskSpend } from './parts/task-spend'
import { plural } from '../../src-shared/plural'

/** Why a budget stopped the scheduling. */
export interface BudgetStop {
  kind: 'usd' | 'runs'
  /** The task's spend in dollars once the running runs finished and were judged. */
  spentUsd: number
  capUsd: number | null
  executions: number
  maxRuns: number | null
  /** Runs left pending. */
  left: number
}

export interface BudgetGate extends RunGate {
  /** What stopped it; null while it admits every run. */
  readonly stopped: 'usd' | 'runs' | null
}

/** A dollar cap needs the agent's prices, and the judge's when an evaluator asks an LLM; refused at start. */
export function checkBudgetPrices(
  config: Pick<TaskConfig, 'budget' | 'evaluators'>,
  prices: TaskPrices,
): void {
  if (config.budget?.maxCostUsd === undefined) return
  const judged = config.evaluators.some((e) => e.kind !== 'command')
  const unknown = [!prices.agent && 'agent', judged && !prices.judge && 'judge'].filter(Boolean)
  if (!unknown.length) return
  throw new InputError({
    field: 'budget.maxCostUsd',
    message: `budget.maxCostUsd (--max-cost): the ${unknown.join(' and ')} model's prices are unknown, so spend in dollars cannot be capped`,
    fix: 'give the model a "cost" in your opencode config, or cap the runs with budget.maxRuns instead',
  })
}

/** The stored config's budget as caps (null when it has none). */
export function budgetOf(
  config: Pick<TaskConfig, 'budget'>,
): { maxCostUsd: number | null; maxRuns: number | null } | null {
  const { budget } = config
  if (!budget || (budget.maxCostUsd === undefined && budget.maxRuns === undefined)) return null
  return { maxCostUsd: budget.maxCostUsd ?? null, maxRuns: budget.maxRuns ?? null }
}

/** Executions so far: every start of every run of the task (re-executions included). */
export function executionsOf(store: Store, task: TaskRow): number {
  return store.runs.listByTask(task.id).reduce((sum, r) => sum + r.attempt, 0)
}

export function budgetGate(store: Store, task: TaskRow, budget: Budget): BudgetGate {
  let stopped: BudgetGate['stopped'] = null
  let waiting: (() => void)[] = []
  /** Runs admitted and not done executing (the store may not say "running" yet), by id. */
  const admitted = new Map<string, Side>()
  /** Executions so far: the stored ones, and one per run this gate admits (only the task's owner starts runs). */
  let executions = executionsOf(store, task)
  // The per-run projection changes as runs finish: computed again only after a run settled (a big task
  // would otherwise read all its runs for every run it starts).
  let settles = 0
  let projected: { at: number; perRun: Estimate['perRun'] } | null = null
  const projection = (): Estimate['perRun'] => {
    if (projected?.at !== settles) projected = { at: settles, perRun: estimateOfTask(store, task).perRun }
    return projected.perRun
  }
  /** 'over' when starting a run of `side` could pass the dollar cap; 'wait' until a running run tells its cost. */
  const dollars = (side: Side): 'ok' | 'over' | 'wait' => {
    if (budget.maxCostUsd === undefined) return 'ok'
    const runs = store.runs.listByTask(task.id)
    const spent = taskSpend(store, task, runs).total.costUsd ?? 0
    const perRun = projection()
    // Before any run of this dataset and model was executed nothing projects a cost: the first runs alone.
    if (!perRun) return spent > budget.maxCostUsd ? 'over' : admitted.size ? 'wait' : 'ok'
    const full = (s: Side): number => perRun[s].usd ?? 0
    let inFlight = 0
    for (const s of admitted.values()) inFlight += full(s)
    for (const r of runs)
      if ((r.status === 'executed' || r.status === 'evaluating') && !admitted.has(r.id))
        inFlight += perRun[r.side].judgeUsd ?? 0
    return spent + inFlight + full(side) > budget.maxCostUsd ? 'over' : 'ok'
  }
  return {
    get stopped() {
      return stopped
    },
    async admit(run) {
      for (;;) {
        if (stopped) return false
        if (budget.maxRuns !== undefined && executions + 1 > budget.maxRuns) stopped = 'runs'
        else {
          const verdict = dollars(run.side)
          if (verdict === 'wait') {
            await new Promise<void>((resolve) => waiting.push(resolve))
            continue
          }
          if (verdict === 'over') stopped = 'usd'
        }
        if (stopped) return false
        admitted.set(run.id, run.side)
        executions += 1
        return true
      }
    },
    settled(run) {
      admitted.delete(run.id)
      settles += 1
      const woken = waiting
      waiting = []
      for (const wake of woken) wake()
    },
  }
}

/** What a stopped gate reports once the running runs are done. */
export function budgetStop(
  store: Store,
  task: TaskRow,
  budget: Budget,
  kind: 'usd' | 'runs',
  left: number,
): BudgetStop {
  return {
    kind,
    spentUsd: taskSpend(store, task, store.runs.listByTask(task.id)).total.costUsd ?? 0,
    capUsd: budget.maxCostUsd ?? null,
    executions: executionsOf(store, task),
    maxRuns: budget.maxRuns ?? null,
    left,
  }
}

/** "stopped at $X of the $Y cap, N runs left; run again with a higher cap to continue" (a line). */
export function budgetStopText(stop: BudgetStop): string {
  const at =
    stop.kind === 'usd'
      ? `stopped at ${formatUsd(stop.spentUsd)} of the ${formatUsd(stop.capUsd ?? 0)} cap`
      : `stopped at ${plural(stop.executions, 'execution')} of the ${stop.maxRuns ?? 0}-run cap (budget.maxRuns; ${formatUsd(stop.spentUsd)} spent)`
  return `${at}, ${plural(stop.left, 'run')} left; run again with a higher cap to continue\n`
}
