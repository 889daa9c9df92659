// `run`'s budget words (docs/decision.md "Budget", "Estimate"): the --max-cost flag, the estimate and the stop.
import type { LoadedTaskConfig } from '../inputs/load-config'
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
