// One process's view of the app: data dir, store, registered instance, agent driver and engine events.
import type { AgentDriver } from '../agent/types'
import { createProcessDriver } from '../agent/drivers/process-driver'
import { createServerDriver } from '../agent/drivers/server-driver'
import { OWNER_MARKER_VAR } from '../agent/isolation/run-env'
import { createJudge, type Judge, type JudgeOptions } from '../judge/judge-runner'
import { dataDir, instanceAlive, openStore, type InstanceKind, type InstanceRow, type Store } from '../db'
import { EngineEvents } from '../engine/events'
import type { TaskPrices } from '../../src-shared/prices'
import type { TaskConfig } from '../../src-shared/task-config'
import { resolveModelProblems, resolveTaskPrices } from './parts/task-prices'

export interface AppContext {
  dataDir: string
  env: NodeJS.ProcessEnv
  /** `env` plus this instance's owner marker: what every agent and judge process it starts inherits. */
  childEnv: NodeJS.ProcessEnv
  store: Store
  instance: InstanceRow
  /** The `process` agent driver (the engine's default; a task's runs use `driverFor` its `agent.driver`). */
  driver: AgentDriver
  /** The driver a task's `agent.driver` names (a driver given to openAppContext serves both). */
  driverFor(name: AgentDriver['name']): AgentDriver
  events: EngineEvents
  /** The LLM judge for a task (tests may swap in their own). */
  createJudge(opts: Omit<JudgeOptions, 'env'>): Judge
  /** Delay before judge retry n (default 1 s, 2 s, …). */
  judgeBackoffMs?: (attempt: number) => number
  /**
   * The prices of a task's models (docs/decision.md "Prices"). With a driver given to openAppContext (tests,
   * no real opencode), only the user's opencode config is read; otherwise opencode's model list too.
   */
  pricesFor(
    config: Pick<TaskConfig, 'agent' | 'judge'>,
    opencodeConfigPath: string | undefined,
  ): Promise<TaskPrices>
  /** The config's models opencode does not know (none asked with a driver given to openAppContext). */
  modelProblems(
    config: Pick<TaskConfig, 'agent' | 'judge'>,
    opencodeConfigPath: string | undefined,
  ): ReturnType<typeof resolveModelProblems>
  /** Whether a registered instance is dead (the OS decides: pid + start time). Unknown ids count as dead. */
  isInstanceDead(instanceId: string): boolean
  close(): void
}

export function openAppContext(opts: {
  env: NodeJS.ProcessEnv
  kind: InstanceKind
  driver?: AgentDriver
}): AppContext {
  const dir = dataDir(opts.env)
  const store = openStore(dir)
  let instance: InstanceRow
  try {
    instance = store.instances.register(opts.kind)
  } catch (err) {
    store.close() // e.g. the disk is full: no connection is left open behind the error
    throw err
  }
  // Every agent and judge process this instance starts carries its id (found by the reaper if we die).
  const childEnv = { ...opts.env, [OWNER_MARKER_VAR]: instance.id }
  const processDriver = opts.driver ?? createDriver('process', childEnv)
  const serverDriver = opts.driver ?? createDriver('server', childEnv)
  return {
    dataDir: dir,
    env: opts.env,
    childEnv,
    store,
    instance,
    driver: processDriver,
    driverFor: (name) => (name === 'server' ? serverDriver : processDriver),
    events: new EngineEvents(),
    createJudge: (judgeOpts) => createJudge({ ...judgeOpts, env: childEnv }),
    pricesFor: (config, opencodeConfigPath) =>
      resolveTaskPrices(config, opencodeConfigPath, opts.env, dir, { askOpencode: !opts.driver }),
    modelProblems: (config, opencodeConfigPath) =>
      resolveModelProblems(config, opencodeConfigPath, opts.env, dir, { askOpencode: !opts.driver }),
    isInstanceDead(instanceId) {
      const owner = store.instances.get(instanceId)
      return !owner || !instanceAlive(owner)
    },
    close: () => {
      try {
        store.instances.removeIfUnreferenced(instance.id)
      } catch {
        // Closing never fails over bookkeeping (e.g. a full disk): a dead instance's row is harmless.
      }
      store.close()
    },
  }
}

/** The agent driver an `agent.driver` names: what a task's runs use, and what doctor proves its sides on. */
export function createDriver(name: AgentDriver['name'], env: NodeJS.ProcessEnv): AgentDriver {
  return name === 'server' ? createServerDriver({ env }) : createProcessDriver({ env })
}

export function describeInstance(ctx: AppContext, instanceId: string): string {
  const owner = ctx.store.instances.get(instanceId)
  return owner
    ? `${owner.kind} process pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}`
    : instanceId
}
