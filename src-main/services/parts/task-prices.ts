// The prices a task starts with (docs/decision.md "Prices"): its agent model's and its judge model's; and,
// from the same list of opencode's, what is wrong with either model before a task is made of them.
import { lookupModelProblem, lookupPrices, type PriceLookup } from '../../agent/opencode/model-prices'
import { loadUserConfig, type UserConfig } from '../../agent/opencode/user-config'
import { join } from 'node:path'
import type { TaskPrices } from '../../../src-shared/prices'
import type { TaskConfig } from '../../../src-shared/task-config'
import { judgeModelOf } from '../../../src-shared/task-config'

/** Looks both models' prices up (never throws: what cannot be looked up is unknown); `askOpencode` false: the config only. */
export async function resolveTaskPrices(
  config: Pick<TaskConfig, 'agent' | 'judge'>,
  opencodeConfigPath: string | undefined,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  opts: { askOpencode: boolean },
): Promise<TaskPrices> {
  const { where, userConfig } = lookupOf(opencodeConfigPath, env, dataDir, opts)
  const lookup = (model: string) => lookupPrices({ model, ...where }, userConfig)
  const [agent, judge] = await Promise.all([lookup(config.agent.model), lookup(judgeModelOf(config))])
  return { agent, judge }
}

/** The agent's and the judge's model that opencode does not know, as issues of their config fields. */
export async function resolveModelProblems(
  config: Pick<TaskConfig, 'agent' | 'judge'>,
  opencodeConfigPath: string | undefined,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  opts: { askOpencode: boolean },
): Promise<{ field: 'agent.model' | 'judge.model'; message: string }[]> {
  const { where, userConfig } = lookupOf(opencodeConfigPath, env, dataDir, opts)
  const models = [
    ['agent.model', config.agent.model],
    ['judge.model', config.judge.model],
  ] as const
  const problems = await Promise.all(
    models.map(async ([field, model]) =>
      model ? { field, message: await lookupModelProblem({ model, ...where }, userConfig) } : null,
    ),
  )
  return problems.flatMap((p) => (p?.message ? [{ field: p.field, message: p.message }] : []))
}

function lookupOf(
  opencodeConfigPath: string | undefined,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  opts: { askOpencode: boolean },
): { where: Omit<PriceLookup, 'model'>; userConfig: UserConfig | null } {
  let userConfig: UserConfig | null = null
  try {
    userConfig = loadUserConfig(opencodeConfigPath, env)
  } catch {
    // an unreadable config: the runs' pre-flight check says why; prices are unknown
  }
  return { where: { opencodeConfigPath, env, runRoot: join(dataDir, 'tmp'), ...opts }, userConfig }
}
