// The hard cap (docs/decision.md "Budget"): `budget.maxCostUsd` (or `run --max-cost`) and `budget.maxRuns`.
// Before each run starts, the scheduler asks the gate: the task's spend so far (judge included), the runs
// still running at their projected cost, executed runs' judging at its projected cost, and this run's
// projected cost must stay within the cap. Once it says no, no further run starts; running runs finish.
import type { Store, TaskRow } from '../db'
import type { RunGate } from '../engine/execute-runs'
import { InputError } from '../inputs/errors'
import type { RunProjection } from '../../src-shared/estimate'
import type { TaskPrices } from '../../src-shared/prices'
import type { Side } from '../../src-shared/run-state'
import type { Budget, TaskConfig } from '../../src-shared/task-config'
import { estimateOfTask } from './task-estimate'
import { taskSpend } from './task-spend'

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

/** Executions so far: every start of every run of the task (re-executions included). */
export function executionsOf(store: Store, task: TaskRow): number {
  return store.runs.listByTask(task.id).reduce((sum, r) => sum + r.attempt, 0)
}

export function budgetGate(store: Store, task: TaskRow, budget: Budget): BudgetGate {
  let stopped: BudgetGate['stopped'] = null
  const overDollars = (side: Side): boolean => {
    if (budget.maxCostUsd === undefined) return false
    const runs = store.runs.listByTask(task.id)
    const spent = taskSpend(store, task, runs).total.costUsd ?? 0
    const perRun = estimateOfTask(store, task).perRun
    // Before any run of this dataset and model finished, nothing projects a cost: runs are admitted.
    const full = (s: Side): number => perRun?.[s].usd ?? 0
    const judging = (p: RunProjection | undefined): number => p?.judgeUsd ?? 0
    const inFlight = runs.reduce(
      (sum, r) =>
        sum +
        (r.status === 'running'
          ? full(r.side)
          : r.status === 'executed' || r.status === 'evaluating'
            ? judging(perRun?.[r.side])
            : 0),
      0,
    )
    return spent + inFlight + full(side) > budget.maxCostUsd
  }
  return {
    get stopped() {
      return stopped
    },
    admit(run) {
      if (stopped) return false
      if (budget.maxRuns !== undefined && executionsOf(store, task) + 1 > budget.maxRuns) stopped = 'runs'
      else if (overDollars(run.side)) stopped = 'usd'
      return stopped === null
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
