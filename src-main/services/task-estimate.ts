// A task's estimate (docs/decision.md "Estimate"): which runs it is based on — this task's executed runs
// (after `run --trial N`), else earlier tasks' on the same dataset file and agent model — and the runs to go.
import type { RunRow, Store, TaskRow } from '../db'
import { estimateTask, type EstimateSample } from '../stats/estimate'
import type { TokenCounts } from '../../src-shared/agent-event'
import type { Estimate } from '../../src-shared/estimate'
import type { TaskPrices } from '../../src-shared/prices'
import { hasExecuted, needsExecution, totalTokens } from '../../src-shared/run-rules'
import { SIDES, type Side } from '../../src-shared/run-state'
import { CONFIG_DEFAULTS, maxRoundsOf } from '../../src-shared/task-config'
import { readStoredConfig } from '../../src-shared/stored-config'
import { toSpendRun } from './parts/task-spend'
import { findTaskOf } from './parts/task-identity'
import type { AppContext } from './app-context'
import { loadDataset, selectCases } from '../inputs/dataset'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { withInspected } from '../inputs/skill-source'
import { snapshotOf } from '../inputs/skill-snapshot'
import { plural } from '../../src-shared/plural'

export interface EstimateRequest {
  /** The task when it exists (its runs are the best basis, and some may be done). */
  task: TaskRow | null
  /** The dataset file and agent model earlier tasks must share to be a basis. */
  datasetPath: string
  agentModel: string
  /** The selected cases and rounds: the whole task. */
  caseKeys: readonly string[]
  rounds: number
  concurrency: number
  prices: TaskPrices
  /** LLM judgements each run gets (`judgementsPerRun`). */
  judgementsPerRun: number
}

const NO_TOKENS: TokenCounts = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

function sampleOf(runs: readonly RunRow[]): EstimateSample[] {
  return runs
    .filter((r) => hasExecuted(r) && r.startedAt !== null)
    .map((r) => ({ side: r.side, tokens: r.tokens, durationMs: toSpendRun(r).durationMs }))
}

/** The tasks' LLM judgements (those that used tokens; a command evaluator uses none): their tokens and count. */
function judgementsOf(store: Store, tasks: readonly string[]): { tokens: TokenCounts; judgements: number } {
  const tokens = { ...NO_TOKENS }
  let judgements = 0
  for (const id of tasks)
    for (const j of [
      ...store.evalResults.judgeCostsByTask(id),
      ...store.pairwiseResults.judgeCostsByTask(id),
    ]) {
      if (totalTokens(j.tokens) === 0) continue
      judgements += 1
      for (const k of Object.keys(tokens) as (keyof TokenCounts)[]) tokens[k] += j.tokens[k]
    }
  return { tokens, judgements }
}

/** LLM judgements per run of a config: each LLM evaluator once, a pairwise one twice per case and round (= once a run). */
export function judgementsPerRun(evaluators: readonly { kind?: unknown }[]): number {
  return evaluators.filter((e) => e.kind !== 'command').length
}

/** Earlier A/B tasks on the same dataset file with the same agent model (not `task` itself). */
function earlierTasks(store: Store, req: EstimateRequest): TaskRow[] {
  return store.tasks
    .listKind('ab')
    .filter(
      (t) =>
        t.id !== req.task?.id &&
        readStoredConfig(t.configJson).agent?.model === req.agentModel &&
        store.datasets.get(t.datasetId)?.path === req.datasetPath,
    )
}

/** Runs per side of the whole task and left to execute (a run not created yet is left). */
function runCounts(store: Store, req: EstimateRequest) {
  const full = req.caseKeys.length * req.rounds
  const left: Record<Side, number> = { a: full, b: full }
  if (req.task) {
    const cases = new Set(req.caseKeys)
    const inScope = store.runs
      .listByTask(req.task.id)
      .filter((r) => cases.has(r.caseKey) && r.round <= req.rounds)
    for (const side of SIDES) {
      const mine = inScope.filter((r) => r.side === side)
      left[side] = full - mine.length + mine.filter(needsExecution).length
    }
  }
  return { full: { a: full, b: full }, left }
}

export function estimateFor(store: Store, req: EstimateRequest): Estimate {
  const runs = runCounts(store, req)
  const common = { runs, prices: req.prices, concurrency: req.concurrency }
  const own = req.task ? sampleOf(store.runs.listByTask(req.task.id)) : []
  const earlier = earlierTasks(store, req)
  const history = earlier.flatMap((t) => sampleOf(store.runs.listByTask(t.id)))
  // The mean LLM judgement: this task's, else earlier tasks' (judging lags execution).
  const ownJudgements = req.task ? judgementsOf(store, [req.task.id]) : { tokens: NO_TOKENS, judgements: 0 }
  const sampled = ownJudgements.judgements
    ? ownJudgements
    : judgementsOf(
        store,
        earlier.map((t) => t.id),
      )
  const judge = { ...sampled, perRun: req.judgementsPerRun }
  const unjudged =
    req.judgementsPerRun > 0 && sampled.judgements === 0
      ? "; no LLM judgement of this dataset yet, so the judge's share is not counted"
      : ''
  const bothSides = SIDES.every((side) => own.some((s) => s.side === side))
  if (own.length && (bothSides || !history.length))
    return estimateTask({
      ...common,
      basis: 'task',
      basedOn: `${plural(own.length, 'executed run')} of this task (a trial or an earlier start), with their judging${unjudged}`,
      samples: own,
      judge,
    })
  // Earlier tasks' runs, with this task's own while they do not cover both sides.
  if (history.length)
    return estimateTask({
      ...common,
      basis: 'history',
      basedOn:
        `${plural(history.length, 'executed run')} of ${plural(earlier.length, 'earlier task')} on this dataset ` +
        `with ${req.agentModel}${own.length ? ` and ${own.length} of this task` : ''}, with their judging ` +
        `(their skills may differ from this one's)${unjudged}`,
      samples: [...own, ...history],
      judge,
    })
  return estimateTask({
    ...common,
    basis: 'none',
    basedOn: `nothing yet: no run of this dataset with ${req.agentModel}; \`run --trial 2\` runs 2 cases once and estimates the rest`,
    samples: [],
    judge: { tokens: NO_TOKENS, judgements: 0, perRun: req.judgementsPerRun },
  })
}

/** The estimate of a stored task as it stands (its selected cases, rounds, concurrency, stored prices). */
export function estimateOfTask(store: Store, task: TaskRow): Estimate {
  const config = readStoredConfig(task.configJson)
  return estimateFor(store, {
    task,
    datasetPath: store.datasets.get(task.datasetId)?.path ?? '',
    agentModel: config.agent?.model ?? '',
    caseKeys: store.datasets.caseKeys(task.datasetId),
    rounds: maxRoundsOf(config),
    concurrency: (config.agent ?? CONFIG_DEFAULTS.agent).concurrency,
    prices: store.taskPrices.get(task.id) ?? { agent: null, judge: null },
    judgementsPerRun: judgementsPerRun(config.evaluators),
  })
}

/** The estimate of the task a config describes, before anything is written (`run --estimate`, the setup screen). */
export function estimateOfConfig(store: Store, loaded: LoadedTaskConfig, prices: TaskPrices): Estimate {
  const { config, resolved } = loaded
  const dataset = loadDataset(resolved.datasetPath, { skillRoot: resolved.skillPath })
  const cases = selectCases(dataset.cases, config.cases, { datasetFile: dataset.file })
  const skill = withInspected(resolved.skill, (checked) =>
    snapshotOf(checked, store.dataDir, { label: config.skill.label }),
  )
  const task = findTaskOf(store, config, skill)
  return estimateFor(store, {
    task: task?.kind === 'ab' ? task : null,
    datasetPath: dataset.file,
    agentModel: config.agent.model,
    caseKeys: cases.map((c) => c.id),
    rounds: maxRoundsOf(config), // adaptive rounds: their max, as a stored task's estimate counts
    concurrency: config.agent.concurrency,
    prices,
    judgementsPerRun: judgementsPerRun(config.evaluators),
  })
}

/** `run --estimate` and the setup screen: the config's models priced now, nothing written but the lookup. */
export async function estimateRun(
  ctx: Pick<AppContext, 'store' | 'pricesFor'>,
  loaded: LoadedTaskConfig,
): Promise<Estimate> {
  const { config, resolved } = loaded
  const prices = await ctx.pricesFor(config, resolved.opencodeConfigPath)
  return estimateOfConfig(ctx.store, loaded, prices)
}
