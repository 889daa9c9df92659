// The prices a task starts with (docs/decision.md "Prices"): its agent model's and its judge model's.
import { lookupPrices } from '../agent/model-prices'
import { loadUserConfig, type UserConfig } from '../agent/user-config'
import { join } from 'node:path'
import type { TaskPrices } from '../../src-shared/prices'
import type { TaskConfig } from '../../src-shared/task-config'
import { judgeModelOf } from '../../src-shared/task-config'

/** Looks both models' prices up (never throws: what cannot be looked up is unknown); `askOpencode` false: the config only. */
export async function resolveTaskPrices(
  config: Pick<TaskConfig, 'agent' | 'judge'>,
  opencodeConfigPath: string | undefined,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  opts: { askOpencode: boolean },
): Promise<TaskPrices> {
  let userConfig: UserConfig | null = null
  try {
    userConfig = loadUserConfig(opencodeConfigPath, env)
  } catch {
    // an unreadable config: the runs' pre-flight check says why; prices are unknown
  }
  const lookup = (model: string) =>
    lookupPrices({ model, opencodeConfigPath, env, runRoot: join(dataDir, 'tmp'), ...opts }, userConfig)
  const judgeModel = judgeModelOf(config)
  const [agent, judge] = await Promise.all([lookup(config.agent.model), lookup(judgeModel)])
  return { agent, judge }
}
