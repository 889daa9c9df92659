// The trigger evaluation use cases (docs/triggers.md): run a config (create or resume its task, then probe),
// continue a stored task from the store alone, and the task's report (metrics per version, the A/B verdict).
import { rmSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { killLeftovers } from '../agent/session/process-group'
import { OWNER_MARKER_VAR } from '../agent/isolation/run-env'
import type { ProbeRow, Store, TriggerTaskRow } from '../db'
import { executeProbes, type ProbePlan, type ProbeSummary } from '../engine/probe-runs'
import type { LoadedTriggerConfig } from '../inputs/load-trigger-config'
import { compareDescriptions, summarizeTriggers } from '../stats/trigger-eval'
import { totalTokens } from '../../src-shared/run-rules'
import type { TriggerConfig } from '../../src-shared/trigger-config'
import type { ProbeResult, TriggerSummary } from '../../src-shared/trigger-eval'
import type { TriggerReport } from '../../src-shared/trigger-views'
import { describeInstance, type AppContext } from './app-context'
import { taskBusy } from './parts/errors'
import { prepareTriggers, type PreparedTriggers } from './prepare-triggers'

export interface TriggersRun {
  prepared: PreparedTriggers
  summary: ProbeSummary
  task: TriggerTaskRow
  report: TriggerReport
}

export interface TriggerRunOptions {
  signal: AbortSignal
  onPrepared?: (p: PreparedTriggers) => void
  onProbe?: (row: ProbeRow) => void
}

export async function runTriggers(
  ctx: AppContext,
  loaded: LoadedTriggerConfig,
  opts: TriggerRunOptions,
): Promise<TriggersRun> {
  const prepared = prepareTriggers(ctx.store, loaded)
  opts.onPrepared?.(prepared)
  const { summary, task } = await probeTask(ctx, prepared.task.id, opts)
  return { prepared, summary, task, report: triggerReport(ctx.store, task) }
}

/** Probes what the stored task still lacks, from the store alone (its snapshots, set and config). */
export async function probeTask(
  ctx: AppContext,
  taskId: string,
  opts: Omit<TriggerRunOptions, 'onPrepared'>,
): Promise<{ summary: ProbeSummary; task: TriggerTaskRow }> {
  const { store } = ctx
  const task = mustGet(store, taskId)
  // A process that died running it may have left its probe servers: they go before anything else starts.
  const prev = task.ownerInstanceId
  if (prev && prev !== ctx.instance.id && ctx.isInstanceDead(prev))
    killLeftovers(null, { name: OWNER_MARKER_VAR, value: prev })
  const owner = store.triggerTasks.claimOwner(taskId, ctx.instance.id, (id) => ctx.isInstanceDead(id))
  if (owner) throw taskBusy(task.name, describeInstance(ctx, owner))
  try {
    store.triggerProbes.unstick(taskId)
    store.triggerTasks.setStatus(taskId, 'running')
    ctx.events.emit('trigger.changed', { taskId })
    const summary = await executeProbes(
      {
        store,
        instanceId: ctx.instance.id,
        env: ctx.childEnv,
        onChange: (row) => {
          opts.onProbe?.(row)
          ctx.events.emit('trigger.changed', { taskId })
        },
      },
      planOf(store, task),
      opts.signal,
    )
    const left = Object.entries(countsOf(store, task)).some(([s, n]) => s !== 'done' && n > 0)
    store.triggerTasks.setStatus(taskId, opts.signal.aborted ? 'canceled' : left ? 'idle' : 'done')
    ctx.events.emit('trigger.changed', { taskId })
    return { summary, task: mustGet(store, taskId) }
  } catch (err) {
    store.triggerTasks.setStatus(taskId, 'idle', err instanceof Error ? err.message : String(err))
    ctx.events.emit('trigger.changed', { taskId })
    throw err
  } finally {
    store.triggerTasks.releaseOwner(taskId, ctx.instance.id)
  }
}

function mustGet(store: Store, taskId: string): TriggerTaskRow {
  const task = store.triggerTasks.get(taskId)
  if (!task) throw new Error(`no trigger task ${taskId}`)
  return task
}

const configOf = (task: TriggerTaskRow): TriggerConfig => JSON.parse(task.configJson) as TriggerConfig

/** Where a trigger task's probes keep their skills folders and work dirs. */
const probeRootOf = (store: Store, taskId: string): string => join(store.dataDir, 'probes', taskId)

/** Removes a trigger task, its probes and their folders (its skill versions stay: other tasks may use them). */
export function deleteTriggerTask(store: Store, taskId: string): void {
  store.triggerTasks.delete(taskId)
  rmSync(probeRootOf(store, taskId), { recursive: true, force: true, maxRetries: 3 })
}

function planOf(store: Store, task: TriggerTaskRow): ProbePlan {
  const config = configOf(task)
  const snapshot = (id: string | null) => (id ? store.skillVersions.get(id) : null)
  const b = snapshot(task.skillVersionBId)
  if (!b) throw new Error(`trigger task ${task.id}: its skill version is missing`)
  const a = snapshot(task.skillVersionAId)
  return {
    taskId: task.id,
    skillName: b.skillName,
    queries: new Map(task.queries.map((q) => [q.id, q.query])),
    versions: [
      ...(a ? [{ version: 'a' as const, snapshotDir: a.snapshotDir }] : []),
      { version: 'b', snapshotDir: b.snapshotDir },
    ],
    competing: task.competing,
    rounds: config.rounds,
    maxSteps: config.maxSteps,
    model: config.agent.model,
    opencodeConfigPath: config.agent.opencodeConfig,
    timeoutSec: config.agent.timeoutSec,
    idleTimeoutSec: config.agent.idleTimeoutSec,
    concurrency: config.agent.concurrency,
    probeRoot: probeRootOf(store, task.id),
    runRoot: join(store.dataDir, 'tmp'),
    setFile: task.setFile,
    sandbox: {
      // A trigger task stored before agent.sandbox existed runs with its default.
      mode: config.agent.sandbox ?? 'auto',
      hidden: [config.skill.path, config.compareWith?.path, config.competingSkills?.path].filter(
        (p): p is string => p !== undefined && isAbsolute(p),
      ),
    },
  }
}

/** The task's probes within the rounds its config asks for. */
function probesOf(store: Store, task: TriggerTaskRow): ProbeRow[] {
  const rounds = configOf(task).rounds
  return store.triggerProbes.listByTask(task.id).filter((p) => p.round <= rounds)
}

function countsOf(store: Store, task: TriggerTaskRow): TriggerReport['counts'] {
  const counts = { pending: 0, running: 0, done: 0, failed: 0, canceled: 0 }
  for (const p of probesOf(store, task)) counts[p.status] += 1
  return counts
}

export function triggerReport(store: Store, task: TriggerTaskRow): TriggerReport {
  const probes = probesOf(store, task)
  const alpha = configOf(task).alpha
  // A probe counts only with its evidence (every probe that ran a session since it was recorded has it).
  const unproven = (p: ProbeRow): boolean => p.status === 'done' && p.offeredSkills === null
  const summary = (version: 'a' | 'b'): TriggerSummary => {
    const results: ProbeResult[] = probes
      .filter((p) => p.version === version)
      .map((p) => ({
        queryId: p.queryId,
        round: p.round,
        choice: unproven(p) ? null : p.choice,
        otherSkill: p.choice === 'other' ? p.skill : null,
        step: p.step,
      }))
    return summarizeTriggers(task.queries, results, alpha)
  }
  const b = summary('b')
  const a = task.skillVersionAId ? summary('a') : null
  const spendOf = (version: 'a' | 'b') => {
    const mine = probes.filter((p) => p.version === version && p.attempts > 0)
    const priced = mine.filter((p) => p.costUsd !== null)
    return {
      probes: mine.length,
      tokens: mine.reduce((s, p) => s + totalTokens(p.tokens), 0),
      costUsd: priced.length ? priced.reduce((s, p) => s + (p.costUsd ?? 0), 0) : null,
      seconds: mine.reduce((s, p) => s + (p.durationMs ?? 0), 0) / 1000,
    }
  }
  return {
    b,
    a,
    comparison: a ? compareDescriptions(a, b) : null,
    counts: countsOf(store, task),
    withoutEvidence: probes.filter(unproven).length,
    spend: { a: spendOf('a'), b: spendOf('b') },
  }
}
