// The `run` use case: create or resume the task a config describes, then execute and judge its runs.
import type { TaskKind } from '../db'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { SUBMIT, type RunMode } from '../../src-shared/run-mode'
import type { AppContext } from './app-context'
import { executeTask, type ExecuteTaskResult } from './execute-task'
import { checkTask, type PreparedTask } from './prepare-task'
import { preflightTask } from './preflight'

export interface RunTaskResult extends Omit<ExecuteTaskResult, 'plan'> {
  prepared: PreparedTask
}

export async function runTask(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  opts: { mode?: RunMode; signal: AbortSignal; onPrepared?: (p: PreparedTask) => void; kind?: TaskKind },
): Promise<RunTaskResult> {
  const checked = checkTask(ctx.store, loaded, {
    isOwnerAlive: (id) => !ctx.isInstanceDead(id),
    kind: opts.kind,
  })
  let unscoped: PreparedTask
  try {
    // A new task is written only once its providers answer and a dollar cap has prices.
    if (checked.creates) await preflightTask(ctx, loaded.config, loaded.resolved.opencodeConfigPath)
    unscoped = checked.write()
  } finally {
    checked.release()
  }
  const planned = { ...unscoped, caseIds: unscoped.cases.map((c) => c.id) }
  const { plan, ...result } = await executeTask(
    ctx,
    planned,
    {
      config: loaded.config,
      driver: loaded.config.agent.driver,
      opencodeConfigPath: loaded.resolved.opencodeConfigPath,
      providersAnswered: checked.creates,
    },
    opts.mode ?? SUBMIT,
    { signal: opts.signal, onPrepared: opts.onPrepared },
  )
  return { ...result, prepared: { ...unscoped, plan } }
}
