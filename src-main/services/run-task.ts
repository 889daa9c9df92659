// The `run` use case: create or resume the task a config describes, then execute and judge its runs.
import type { TaskKind } from '../db'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { SUBMIT, type RunMode } from '../../src-shared/run-mode'
import type { AppContext } from './app-context'
import { executeTask, type ExecuteTaskResult } from './execute-task'
import { prepareTask, type PreparedTask } from './prepare-task'

export interface RunTaskResult extends Omit<ExecuteTaskResult, 'plan'> {
  prepared: PreparedTask
}

export async function runTask(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  opts: { mode?: RunMode; signal: AbortSignal; onPrepared?: (p: PreparedTask) => void; kind?: TaskKind },
): Promise<RunTaskResult> {
  const unscoped = prepareTask(ctx.store, loaded, {
    isOwnerAlive: (id) => !ctx.isInstanceDead(id),
    kind: opts.kind,
  })
  const planned = { ...unscoped, caseIds: unscoped.cases.map((c) => c.id) }
  const { plan, ...result } = await executeTask(
    ctx,
    planned,
    {
      config: loaded.config,
      driver: loaded.config.agent.driver,
      opencodeConfigPath: loaded.resolved.opencodeConfigPath,
    },
    opts.mode ?? SUBMIT,
    { signal: opts.signal, onPrepared: opts.onPrepared },
  )
  return { ...result, prepared: { ...unscoped, plan } }
}
