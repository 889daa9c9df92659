// The `run` use case: create or resume the task a config describes, then execute and judge its runs.
import type { TaskKind, TaskRow } from '../db'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { SUBMIT, type RunMode } from '../../src-shared/run-mode'
import type { AppContext } from './app-context'
import { executeTask, type ExecuteTaskResult } from './parts/execute-task'
import { checkTask, type CheckedTask, type PreparedTask } from './prepare-task'
import { preflightTask } from './parts/preflight'

export interface RunTaskResult extends Omit<ExecuteTaskResult, 'plan'> {
  prepared: PreparedTask
}

interface RunOptions {
  mode?: RunMode
  signal: AbortSignal
  onPrepared?: (p: PreparedTask) => void
  kind?: TaskKind
}

export async function runTask(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  opts: RunOptions,
): Promise<RunTaskResult> {
  return runChecked(ctx, loaded, checkRun(ctx, loaded, { kind: opts.kind }), opts)
}

/**
 * `run`'s first step, nothing written: the config's inputs read and checked, and the task it names found once
 * (its id is the task's, or the one a new task gets). `onFound` may refuse the task found.
 */
export function checkRun(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  opts: { kind?: TaskKind; onFound?: (task: TaskRow) => void } = {},
): CheckedTask {
  return checkTask(ctx.store, loaded, { isOwnerAlive: (id) => !ctx.isInstanceDead(id), ...opts })
}

/** The rest of `run`: writes the checked task (a new one once its providers answer), then executes and judges it. */
export async function runChecked(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  checked: CheckedTask,
  opts: RunOptions,
): Promise<RunTaskResult> {
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
