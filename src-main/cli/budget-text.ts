// `run`'s budget words (docs/decision.md "Budget", "Estimate"): the --max-cost flag, the estimate and the stop.
import type { LoadedTaskConfig } from '../inputs/load-config'
import { plainNumber, UsageError } from './args'

/** `--max-cost USD` as dollars (undefined when not given), read before any input; anything else is a usage error. */
export function maxCostOf(flag: string | boolean | undefined): number | undefined {
  if (flag === undefined) return undefined
  const usd = plainNumber(flag)
  if (usd === null || usd <= 0)
    throw new UsageError(
      `--max-cost takes an amount in USD above 0, as a plain decimal number (e.g. 5 or 0.50), not "${String(flag)}"`,
    )
  return usd
}

/** The config with `--max-cost USD` in place of its budget.maxCostUsd (an execution setting: stored with the task). */
export function withMaxCost(loaded: LoadedTaskConfig, usd: number | undefined): LoadedTaskConfig {
  if (usd === undefined) return loaded
  const config = { ...loaded.config, budget: { ...loaded.config.budget, maxCostUsd: usd } }
  return { ...loaded, config }
}
