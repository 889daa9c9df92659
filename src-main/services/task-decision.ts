// The decision of a task, computed here only: which runs it counts (the task's scope), the verdict and
// dimensions over them, and the run counts every view shows beside it (so a view never counts a run the
// decision ignores).
import { StoreError, type RunRow, type Store, type TaskRow } from '../db'
import { judgeNoiseOfTask } from './judge-noise'
import type { DecidedTask } from '../export/build-export'
import { pairwiseOutcomesOf } from '../export/pairwise'
import { experimentRunOf, toExperimentRun, type DecidedRun } from '../export/run-entries'
import { decideAdaptive, type AdaptivePlan } from '../stats/adaptive-rounds'
import { decide } from '../stats/decide'
import type { PairwiseOutcome } from '../stats/types'
import { configWarnings } from '../inputs/config-warnings'
import type { Decision, JudgeNoise } from '../../src-shared/decision'
import type { RunCounts } from '../../src-shared/task-summary'
import { awaitsWork, needsExecution } from '../../src-shared/run-rules'
import { RUN_STATUSES, type RunStatus } from '../../src-shared/run-state'
import type { TaskSpendView } from '../../src-shared/spend'
import { readStoredConfig, type StoredConfig } from '../../src-shared/stored-config'
import { maxRoundsOf } from '../../src-shared/task-config'
import type { TaskPrices } from '../../src-shared/prices'
import { taskSpend } from './parts/task-spend'
import { budgetOf, executionsOf } from './budget'

/** The cases (dataset order; null: every case) and the last round (null: every round) the task is made of. */
function taskScope(store: Store, task: TaskRow, rounds: number | null) {
  const caseOrder = store.datasets.caseKeys(task.datasetId)
  return { caseOrder, caseKeys: caseOrder.length ? caseOrder : null, maxRound: rounds }
}

/**
 * The runs the task is made of now: cases of its dataset selection and rounds up to repeatRounds (runs of
 * cases or rounds dropped on resume stay in the store but are not part of the experiment). Also the case order.
 * With `firstCases`, only the runs of the first cases in dataset order (a first screenful), and `complete`
 * says whether that was every case.
 */
export function scopeRuns(
  store: Store,
  task: TaskRow,
  rounds: number | null,
  opts: { firstCases?: number } = {},
): { runs: RunRow[]; caseOrder: string[]; complete: boolean } {
  const { caseOrder, caseKeys, maxRound } = taskScope(store, task, rounds)
  const first =
    caseKeys && opts.firstCases !== undefined && opts.firstCases < caseKeys.length
      ? caseKeys.slice(0, opts.firstCases)
      : null
  const selected = caseKeys && new Set(first ?? caseKeys)
  const runs = store.runs
    .listByTask(task.id, first ? { caseKeys: first } : {})
    .filter((r) => (!selected || selected.has(r.caseKey)) && (maxRound === null || r.round <= maxRound))
  return { runs, caseOrder, complete: first === null }
}

/**
 * The task's runs in its scope, per status, and how many of the failed ones failed at evaluation: what the
 * task list, the task view and live patches count.
 */
export function taskRunCounts(store: Store, task: TaskRow): RunCounts {
  // The cases of the task's dataset as taskScope selects them, in SQL.
  const maxRound = maxRoundsOf(readStoredConfig(task.configJson))
  return store.runs.statusCounts(task.id, { datasetId: task.datasetId, maxRound })
}

/** Where the task stands, over the runs its decision counts (runs of cases or rounds it no longer selects wait for nothing). */
export interface TaskProgress {
  /** The runs the decision counts, in insertion order. */
  runs: RunRow[]
  counts: Record<RunStatus, number>
  /** Failed runs a plain run executes again (interrupted, provider errors). */
  resumable: RunRow[]
  /** No run still awaits work (`awaitsWork`): the task is done, else idle. */
  finished: boolean
}

/** The task's progress: what `skill-ab run`, Start and an analysis report, and whether the task is done. */
export function taskProgress(store: Store, task: TaskRow): TaskProgress {
  const { runs } = scopeRuns(store, task, maxRoundsOf(readStoredConfig(task.configJson)))
  const counts = Object.fromEntries(RUN_STATUSES.map((s) => [s, 0])) as Record<RunStatus, number>
  for (const run of runs) counts[run.status] += 1
  return {
    runs,
    counts,
    resumable: runs.filter((r) => r.status === 'failed' && needsExecution(r)),
    finished: !runs.some(awaitsWork),
  }
}

/**
 * The decision over the task's runs: its policy and rounds, whether side a has a skill, the config's
 * warnings. With adaptive rounds and their plan: decide() over each case's planned rounds at the level of
 * the plan's latest look (docs/decision.md, "Adaptive rounds"). `skill-ab merge` decides over the runs of
 * its shards' exports the same way.
 */
export function decideRuns(
  runs: readonly RunRow[] | readonly DecidedRun[],
  config: StoredConfig,
  task: Pick<TaskRow, 'skillVersionAId'>,
  pairwise?: readonly PairwiseOutcome[],
  plan: AdaptivePlan | null = null,
  prices: TaskPrices | null = null,
  judgeNoise: JudgeNoise | null = null,
): Decision {
  const baselineHasSkill = task.skillVersionAId !== null
  const { agent } = config
  const opts = {
    rounds: maxRoundsOf(config),
    baselineHasSkill,
    // The config check's warnings on the stored config join the decision's.
    warnings: agent ? configWarnings({ ...config, agent }) : [],
    ...(pairwise ? { pairwise } : {}),
    prices: prices?.agent ?? null,
    judgeNoise,
  }
  const experiment = runs.map((r) =>
    'caseKey' in r ? toExperimentRun(r, baselineHasSkill) : experimentRunOf(r, baselineHasSkill),
  )
  return config.adaptiveRounds && plan
    ? decideAdaptive(experiment, plan, config.policy, opts)
    : decide(experiment, config.policy, opts)
}

type Cached = { stamp: string; key: string; decision: Decision }
const decisions = new WeakMap<Store, Map<string, Cached>>()

function decisionCache(store: Store): Map<string, Cached> {
  const cache = decisions.get(store) ?? new Map<string, Cached>()
  decisions.set(store, cache)
  return cache
}

/** The task's decision if it is known and nothing was written to the database since; no work. */
export function cachedTaskDecision(store: Store, task: TaskRow): Decision | null {
  const cached = decisionCache(store).get(task.id)
  return cached?.stamp === store.writeStamp() ? cached.decision : null
}

/**
 * The task's current decision (what `list`, the task list, live patches and the export show). Kept per
 * task until its config or runs change: at 5,000 runs a decision costs 100–200 ms. Nothing written since
 * (the database's write stamp) answers without a query; otherwise a fingerprint of what it depends on.
 */
export function taskDecision(store: Store, task: TaskRow): Decision {
  const cache = decisionCache(store)
  const stamp = store.writeStamp()
  const cached = cache.get(task.id)
  if (cached?.stamp === stamp) return cached.decision
  const plan = store.adaptivePlans.get(task.id)
  const prices = store.taskPrices.get(task.id)
  const key = `${task.configJson}\n${JSON.stringify(prices)}\n${store.runs.decisionFingerprint(task.id)}\n${store.pairwiseResults.fingerprint(task.id)}\n${JSON.stringify(plan)}\n${store.judgeRepeats.count(task.id)}`
  if (cached?.key === key) {
    cache.set(task.id, { ...cached, stamp })
    return cached.decision
  }
  const config = readStoredConfig(task.configJson)
  const { runs } = scopeRuns(store, task, maxRoundsOf(config))
  const noise = judgeNoiseOfTask(store, task, runs)
  const decision = decideRuns(runs, config, task, pairwiseOutcomesOf(store, task, runs), plan, prices, noise)
  cache.set(task.id, { stamp, key, decision })
  return decision
}

/** The task `taskId` with the runs its decision counts and that decision (what the export is built from). */
export function decidedTask(store: Store, taskId: string): DecidedTask {
  const task = store.tasks.get(taskId)
  if (!task) throw new StoreError('not_found', `no A/B task with id ${taskId}`)
  const config = readStoredConfig(task.configJson)
  const { runs, caseOrder } = scopeRuns(store, task, maxRoundsOf(config))
  return {
    task,
    config,
    runs,
    caseOrder,
    decision: taskDecision(store, task),
    spend: taskSpend(store, task, runs),
  }
}

/** What the task was paid: the runs of its scope and its judgements (the decision panel's spend). */
export function scopedTaskSpend(store: Store, task: TaskRow): TaskSpendView {
  const config = readStoredConfig(task.configJson)
  const budget = budgetOf(config)
  const spend = taskSpend(store, task, scopeRuns(store, task, maxRoundsOf(config)).runs)
  return { ...spend, cap: budget && { ...budget, executions: executionsOf(store, task) } }
}
