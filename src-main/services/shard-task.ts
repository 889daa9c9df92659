// `run --shard i/n` (README "CI reports"): a deterministic slice of the task's cases (every n-th case in
// dataset order, from the i-th), run on both sides for every round, and the `shard` record its export
// carries so that `skill-ab merge` only merges shards of one task.
import { createHash } from 'node:crypto'
import { loadDataset, selectCases } from '../inputs/dataset'
import type { LoadedTaskConfig } from '../inputs/load-config'
import type { ExportShard } from '../../src-shared/export-shard'
import type { TaskPrices } from '../../src-shared/prices'
import { UserError } from '../../src-shared/user-error'

export interface Shard {
  index: number
  count: number
}

const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`

/** `i/n` with 1 ≤ i ≤ n; anything else is a usage error. */
export function parseShard(text: string | boolean | undefined): Shard | null {
  if (text === undefined) return null
  const m = typeof text === 'string' ? /^(\d+)\/(\d+)$/.exec(text) : null
  const index = Number(m?.[1])
  const count = Number(m?.[2])
  if (!m || index < 1 || index > count)
    throw new UserError('input', `--shard takes i/n with 1 ≤ i ≤ n (e.g. 2/4), not "${String(text)}"`)
  return { index, count }
}

/** The shard's cases: every `count`-th of `caseIds`, from the `index`-th (1-based). */
export function shardCases(caseIds: readonly string[], shard: Shard): string[] {
  return caseIds.filter((_, k) => k % shard.count === shard.index - 1)
}

/** The shard record without the prices (known once the task ran). */
export type ShardPlan = Pick<
  ExportShard,
  'index' | 'count' | 'cases' | 'taskCases' | 'configHash' | 'casesHash' | 'evaluators' | 'rounds'
>

/**
 * The config narrowed to the shard's cases, and its record. Adaptive rounds and a cost cap stop on the
 * whole task's state, which no shard sees: both are refused.
 */
export function shardConfig(
  loaded: LoadedTaskConfig,
  shard: Shard,
): { loaded: LoadedTaskConfig; plan: ShardPlan } {
  const { config } = loaded
  if (config.adaptiveRounds)
    throw new UserError(
      'input',
      '--shard cannot run adaptive rounds: they stop on the whole task\'s state, which no shard sees; use "repeatRounds"',
    )
  if (config.budget)
    throw new UserError(
      'input',
      "--shard cannot keep a cost cap (budget or --max-cost): it stops on the whole task's spend, which no shard sees",
    )
  const dataset = loadDataset(loaded.resolved.datasetPath, { skillRoot: loaded.resolved.skillPath })
  const taskCases = selectCases(dataset.cases, config.cases, { datasetFile: dataset.file })
  const cases = shardCases(
    taskCases.map((c) => c.id),
    shard,
  )
  if (!cases.length)
    throw new UserError(
      'input',
      `--shard ${shard.index}/${shard.count}: the task has only ${taskCases.length} cases, so this shard has none; use fewer shards`,
    )
  return {
    loaded: { ...loaded, config: { ...config, cases } },
    plan: {
      ...shard,
      cases,
      taskCases: taskCases.map((c) => c.id),
      configHash: sha256(JSON.stringify(config)),
      casesHash: sha256(taskCases.map((c) => `${c.id}\0${c.contentHash}`).join('\n')),
      evaluators: config.evaluators.map((e) => e.id),
      rounds: config.repeatRounds,
    },
  }
}

/** The record the shard's export carries. */
export function shardRecord(plan: ShardPlan, prices: TaskPrices | null): ExportShard {
  return { ...plan, prices: prices ?? { agent: null, judge: null } }
}
