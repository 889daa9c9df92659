// `run`'s budget words (docs/decision.md "Budget", "Estimate"): the --max-cost flag, the estimate and the stop.
import type { LoadedTaskConfig } from '../inputs/load-config'
import type { BudgetStop } from '../services/budget'
import { UsageError } from './args'

/** The config with `--max-cost USD` in place of its budget.maxCostUsd (an execution setting: stored with the task). */
export function withMaxCost(loaded: LoadedTaskConfig, flag: string | boolean | undefined): LoadedTaskConfig {
  if (flag === undefined) return loaded
  const usd = Number(flag)
  if (typeof flag !== 'string' || !Number.isFinite(usd) || usd <= 0)
    throw new UsageError(`--max-cost takes an amount in USD above 0, not "${String(flag)}"`)
  const config = { ...loaded.config, budget: { ...loaded.config.budget, maxCostUsd: usd } }
  return { ...loaded, config }
}

const dollars = (x: number): string => `$${x.toFixed(x >= 1 ? 2 : 4)}`
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** "stopped at $X of the $Y cap, N runs left; run again with a higher cap to continue". */
export function budgetStopText(stop: BudgetStop): string {
  const at =
    stop.kind === 'usd'
      ? `stopped at ${dollars(stop.spentUsd)} of the ${dollars(stop.capUsd ?? 0)} cap`
      : `stopped at ${plural(stop.executions, 'execution')} of the ${stop.maxRuns ?? 0}-run cap (budget.maxRuns; ${dollars(stop.spentUsd)} spent)`
  return `${at}, ${plural(stop.left, 'run')} left; run again with a higher cap to continue\n`
}
