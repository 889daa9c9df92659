// What is checked after a task's inputs hold and before anything is written or any agent starts: the model
// providers answer (`doctor`'s ping, same words), and a dollar cap has prices to count with. Without it an
// unreachable provider cost every run its timeout before a "provider error", and an unpriced cap was
// refused after the task was written.
import { pingProviders } from '../../agent/opencode/provider-ping'
import { InputError, type Problem } from '../../inputs/errors'
import type { TaskConfig } from '../../../src-shared/task-config'
import type { AppContext } from '../app-context'
import { checkBudgetPrices } from '../budget'
import { judgeModelOf } from '../../../src-shared/task-config'

/** Both checks, for a task about to be written (its first runs are to start). */
export async function preflightTask(
  ctx: Pick<AppContext, 'env' | 'pricesFor'>,
  config: TaskConfig,
  opencodeConfigPath: string | undefined,
): Promise<void> {
  if (config.budget?.maxCostUsd !== undefined)
    checkBudgetPrices(config, await ctx.pricesFor(config, opencodeConfigPath))
  await checkProvidersAnswer(ctx.env, config, opencodeConfigPath)
}

/** The agent's provider, and the judge's when an evaluator asks it, answer at their base URL. */
export async function checkProvidersAnswer(
  env: NodeJS.ProcessEnv,
  config: TaskConfig,
  opencodeConfigPath: string | undefined,
): Promise<void> {
  const judged = config.evaluators.some((e) => e.kind !== 'command')
  const models = [config.agent.model, ...(judged ? [judgeModelOf(config)] : [])]
  const pings = await pingProviders(models, opencodeConfigPath, env)
  const problems: Problem[] = (pings ?? [])
    .filter(({ ping }) => !ping.ok)
    .map(({ model, ping }) => ({
      field: model === config.agent.model ? 'agent.model' : 'judge.model',
      message: `provider ${ping.detail}, so no run was started`,
      fix: ping.fix ?? 'start the provider',
    }))
  if (problems.length) throw new InputError(problems)
}
