// The api host: one per process that shows the UI (Electron main, serve). Validates each request against
// the contract, runs its handler, answers with an envelope; owns the jobs and the live patches. The two
// transports (ipcMain, WebSocket) are thin adapters over `call` and `subscribe`.
import { join } from 'node:path'
import type { z } from 'zod'
import type { AppContext } from '../services/app-context'
import { taskDecision } from '../services/task-decision'
import { contract, type Envelope } from '../../src-shared/ipc'
import { CHANNELS, type Channel } from '../../src-shared/ipc-channels'
import type { Patch } from '../../src-shared/ipc-views'
import { UserError } from '../../src-shared/user-error'
import { appHandlers } from './app-handlers'
import { DemoModelServer } from '../demo/demo-model-server'
import type { HostDeps } from './deps'
import { toApiError } from './errors'
import { JobRegistry } from './jobs'
import { PatchSource } from './live-patches'
import { StartupPhases } from './startup-phases'
import { runHandlers } from './run-handlers'
import { taskHandlers } from './task-handlers'
import { triggerHandlers } from './trigger-handlers'
import { isTriggerTaskId } from '../db'

type Handlers = {
  [C in Channel]: (request: z.output<(typeof contract)[C]['request']>) => unknown
}

export interface ApiHost {
  /** Validates `payload` for `channel`, runs it, never throws: failures come back as `{ok: false}`. */
  call(channel: string, payload: unknown): Promise<Envelope<unknown>>
  subscribe(listener: (patch: Patch) => void): () => void
  readonly jobs: JobRegistry
  readonly patches: PatchSource
  /** Stops every job (agents stopped, state written), sends the last patch, stops the demo model. */
  close(): Promise<void>
}

export interface ApiHostOptions {
  ctx: AppContext
  transport: HostDeps['transport']
  coalesceMs?: number
  pollMs?: number
  /** Where failures that are bugs are logged (default: stderr). */
  log?: (line: string) => void
}

export function isChannel(name: string): name is Channel {
  return (CHANNELS as readonly string[]).includes(name)
}

export function createApiHost(opts: ApiHostOptions): ApiHost {
  const { ctx } = opts
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`))
  const jobs: JobRegistry = new JobRegistry((taskId) => {
    if (isTriggerTaskId(taskId)) patches.touchTrigger(taskId)
    // A new task's job starts before the task is written: its first patch comes once it exists.
    else if (ctx.store.tasks.get(taskId)) patches.touchTask(taskId)
  })
  const patches: PatchSource = new PatchSource({
    events: ctx.events,
    store: ctx.store,
    coalesceMs: opts.coalesceMs,
    pollMs: opts.pollMs,
    taskExtras: (taskId, change) => {
      const task = ctx.store.tasks.get(taskId)
      return {
        busy: jobs.busy(taskId),
        message: change.message ?? jobs.message(taskId),
        // The verdict moves only when the task's state does (a finished run, a job's end).
        ...(task && (change.status !== undefined || !jobs.busy(taskId))
          ? { verdict: taskDecision(ctx.store, task).verdict }
          : {}),
      }
    },
  })
  const startups = new StartupPhases(ctx.events, (taskId, startup) => patches.touchTask(taskId, { startup }))
  const deps: HostDeps = {
    ctx,
    jobs,
    patches,
    startups,
    transport: opts.transport,
    demo: new DemoModelServer(join(ctx.dataDir, 'demo')),
  }
  const handlers = {
    ...appHandlers(deps),
    ...taskHandlers(deps),
    ...runHandlers(deps),
    ...triggerHandlers(deps),
  } satisfies Handlers

  return {
    jobs,
    patches,
    async call(channel, payload) {
      try {
        if (!isChannel(channel)) throw new UserError('input', `unknown channel "${channel}"`)
        const request = contract[channel].request.parse(payload ?? {})
        const handler = handlers[channel] as (req: unknown) => unknown
        return { ok: true, result: await handler(request) }
      } catch (err) {
        const error = toApiError(err)
        if (error.kind === 'internal')
          log(
            `skill-ab: ${channel} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
          )
        return { ok: false, error }
      }
    },
    subscribe: (listener) => patches.subscribe(listener),
    async close() {
      await jobs.stopAll()
      patches.flush()
      patches.close()
      startups.close()
      await deps.demo.close()
    },
  }
}
