// A task's estimate (docs/decision.md "Estimate"), pure: per-run means of sampled executed runs (per side,
// with the judge's mean LLM judgement times this task's judgements per run) times the runs to execute, priced now.
import type { TokenCounts } from '../../src-shared/agent-event'
import type { Estimate, EstimateBasis, EstimateFigures, RunProjection } from '../../src-shared/estimate'
import { dollarsOf, type TaskPrices } from '../../src-shared/prices'
import { totalTokens } from '../../src-shared/run-rules'
import type { Side } from '../../src-shared/run-state'

/** One executed agent run of the sample. */
export interface EstimateSample {
  side: Side
  tokens: TokenCounts
  durationMs: number | null
}

export interface EstimateInput {
  basis: EstimateBasis
  basedOn: string
  samples: readonly EstimateSample[]
  /**
   * The judge: its tokens over `judgements` sampled LLM judgements, and how many LLM judgements each run of
   * this task gets (its LLM evaluators, + 1 with a pairwise evaluator: two orders per case and round).
   */
  judge: { tokens: TokenCounts; judgements: number; perRun: number }
  /** Agent runs per side: of the whole task, and left to execute. */
  runs: { full: Record<Side, number>; left: Record<Side, number> }
  prices: TaskPrices
  concurrency: number
}

const ZERO: TokenCounts = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }
const KINDS = Object.keys(ZERO) as (keyof TokenCounts)[]

function meanTokens(items: readonly TokenCounts[], over: number): TokenCounts {
  const out = { ...ZERO }
  for (const t of items) for (const k of KINDS) out[k] += t[k] / over
  return out
}

/** A side's projection: its own samples, or the other side's when it has none. */
function project(input: EstimateInput, side: Side, judgePerRun: TokenCounts): RunProjection | null {
  const own = input.samples.filter((s) => s.side === side)
  const sample = own.length ? own : input.samples
  if (!sample.length) return null
  const agent = meanTokens(
    sample.map((s) => s.tokens),
    sample.length,
  )
  const timed = sample.filter((s) => s.durationMs !== null)
  const seconds = timed.reduce((sum, s) => sum + (s.durationMs ?? 0), 0) / 1000 / Math.max(1, timed.length)
  const { agent: agentPrices, judge: judgePrices } = input.prices
  const judgeUsed = totalTokens(judgePerRun) > 0
  const judgeUsd = judgePrices ? dollarsOf(judgePerRun, judgePrices) : judgeUsed ? null : 0
  const usd = agentPrices && judgeUsd !== null ? dollarsOf(agent, agentPrices) + judgeUsd : null
  return { tokens: totalTokens(agent) + totalTokens(judgePerRun), usd, judgeUsd, seconds }
}

function figures(
  runs: Record<Side, number>,
  perRun: Record<Side, RunProjection> | null,
  concurrency: number,
): EstimateFigures {
  const n = runs.a + runs.b
  if (!perRun) return { runs: n, tokens: null, usd: null, wallSeconds: null }
  const sum = (f: (p: RunProjection) => number) => runs.a * f(perRun.a) + runs.b * f(perRun.b)
  const priced = perRun.a.usd !== null && perRun.b.usd !== null
  return {
    runs: n,
    tokens: sum((p) => p.tokens),
    usd: priced ? sum((p) => p.usd ?? 0) : null,
    wallSeconds: sum((p) => p.seconds) / Math.max(1, Math.min(concurrency, n)),
  }
}

export function estimateTask(input: EstimateInput): Estimate {
  const { judge } = input
  // The mean LLM judgement, times this task's judgements per run.
  const judgePerRun = judge.judgements
    ? meanTokens(Array<TokenCounts>(judge.perRun).fill(judge.tokens), judge.judgements)
    : { ...ZERO }
  const a = project(input, 'a', judgePerRun)
  const b = project(input, 'b', judgePerRun)
  const perRun = a && b ? { a, b } : null
  const unpriced: Estimate['unpriced'] = []
  if (!input.prices.agent) unpriced.push('agent')
  if (!input.prices.judge && totalTokens(input.judge.tokens) > 0) unpriced.push('judge')
  return {
    basis: perRun ? input.basis : 'none',
    basedOn: input.basedOn,
    sampleRuns: input.samples.length,
    full: figures(input.runs.full, perRun, input.concurrency),
    left: figures(input.runs.left, perRun, input.concurrency),
    perRun,
    unpriced,
  }
}
