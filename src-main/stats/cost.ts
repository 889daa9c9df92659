// Cost (docs/decision.md): per-case log ratio of mean cost b / a for tokens, dollars and wall time; one is gated.
import type { CostDecision, CostMetric, CostMetricDecision, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import type { DimensionResult } from './capability'
import type { CaseRuns } from './cases'
import { ids, interval, level, plain, ratio } from './format'
import { tInterval } from './summary'
import { mean } from '../../src-shared/run-rules'
import type { ExperimentRun } from './types'
import type { ModelPrices } from '../../src-shared/prices'
import { tokenWeights, weightedTokens, weightsText } from './token-weights'
import { plural } from '../../src-shared/plural'

export const COST_METRICS: readonly CostMetric[] = ['tokens', 'usd', 'time']

export const COST_FORMULA =
  'l_i = ln(mean cost_B / mean cost_A) over executed runs; ratio = exp(mean l); CI = exp(mean l ± t(1 − α/2, n − 1)·sd(l)/√n); ' +
  'pass if CI_high ≤ 1 + costBudget; reject if CI_low > 1 + costBudget'

type Value = (run: ExperimentRun) => number | null
const VALUE: Record<CostMetric, Value> = {
  tokens: (r) => r.tokens,
  usd: (r) => r.costUsd,
  time: (r) => r.durationMs,
}
const NAME: Record<CostMetric, string> = { tokens: 'tokens', usd: 'dollars', time: 'wall time' }

const known = (x: number | null): x is number => typeof x === 'number' && Number.isFinite(x)

/** Mean of a side's known values over its executed runs; null when none or when it is not positive. */
function sideMean(runs: readonly ExperimentRun[], value: Value): number | null {
  const m = mean(runs.map(value).filter(known))
  return m !== null && m > 0 ? m : null
}

type Figures = Omit<CostMetricDecision, 'verdict' | 'n' | 'reason' | 'skippedCases' | 'unknownPrices'>
const NONE: Figures = { ratio: null, ciLow: null, ciHigh: null, meanLog: null, sdLog: null, tStar: null }

/** The metric's fields in one fixed order (the JSON reads the same for every metric). */
function metricResult(
  verdict: Verdict,
  n: number,
  reason: string,
  f: Figures,
  skippedCases: string[],
  unknownPrices: number,
): CostMetricDecision {
  return {
    verdict,
    ratio: f.ratio,
    ciLow: f.ciLow,
    ciHigh: f.ciHigh,
    n,
    reason,
    meanLog: f.meanLog,
    sdLog: f.sdLog,
    tStar: f.tStar,
    skippedCases,
    unknownPrices,
  }
}

/**
 * One cost metric's verdict. With the agent model's prices, `tokens` weighs each kind by its price ratio to
 * an input token (a cache read is not an output token: stats/token-weights.ts).
 */
export function costMetric(
  cases: readonly CaseRuns[],
  metric: CostMetric,
  policy: Policy,
  prices: ModelPrices | null = null,
): CostMetricDecision {
  const weights = metric === 'tokens' ? tokenWeights(prices) : null
  const value: Value = weights ? (r) => weightedTokens(r, weights) : VALUE[metric]
  const weighed = weights ? ` (token kinds weighted by price: ${weightsText(weights)})` : ''
  if (metric === 'usd') {
    const unknown = cases.reduce(
      (sum, c) => sum + [...c.a.executed, ...c.b.executed].filter((r) => !known(r.costUsd)).length,
      0,
    )
    const why = `prices unknown for ${plural(unknown, 'run')}: dollars are computed only when every executed run has a known price`
    if (unknown > 0) return metricResult('inconclusive', 0, why, NONE, [], unknown)
  }
  const logs: number[] = []
  const skippedCases: string[] = []
  for (const c of cases) {
    const a = sideMean(c.a.executed, value)
    const b = sideMean(c.b.executed, value)
    if (a === null || b === null) skippedCases.push(c.caseId)
    else logs.push(Math.log(b / a))
  }
  const t = tInterval(logs, policy.alpha)
  const skipped = skippedCases.length
    ? `; ${plural(skippedCases.length, 'case')} skipped (zero or absent ${NAME[metric]} on a side): ${ids(skippedCases)}`
    : ''
  if (t.mean === null || t.low === null || t.high === null) {
    const point = { ...NONE, meanLog: t.mean, ratio: t.mean === null ? null : Math.exp(t.mean) }
    const why = `${plural(t.n, 'case')} with ${NAME[metric]} on both sides; at least 2 are needed${skipped}`
    return metricResult('inconclusive', t.n, why, point, skippedCases, 0)
  }
  const limit = 1 + policy.costBudget
  const budget = `1 + costBudget ${plain(policy.costBudget)} = ${ratio(limit)}`
  const r = Math.exp(t.mean)
  const low = Math.exp(t.low)
  const high = Math.exp(t.high)
  let verdict: Verdict = 'inconclusive'
  let why = `CI high ${ratio(high)} > ${budget} but CI low ${ratio(low)} ≤ it`
  if (high <= limit) {
    verdict = 'pass'
    why = `CI high ${ratio(high)} ≤ ${budget}`
  } else if (low > limit) {
    verdict = 'reject'
    why = `CI low ${ratio(low)} > ${budget}`
  }
  const figures = { ratio: r, ciLow: low, ciHigh: high, meanLog: t.mean, sdLog: t.sd, tStar: t.tStar }
  const reason = `b/a ratio ${ratio(r)}${weighed}, ${level(policy.alpha)} CI ${interval(low, high, ratio)} (n = ${t.n}): ${why}${skipped}`
  return metricResult(verdict, t.n, reason, figures, skippedCases, 0)
}

export function cost(
  cases: readonly CaseRuns[],
  policy: Policy,
  prices: ModelPrices | null = null,
): DimensionResult<CostDecision> {
  const metrics = {
    tokens: costMetric(cases, 'tokens', policy, prices),
    usd: costMetric(cases, 'usd', policy),
    time: costMetric(cases, 'time', policy),
  }
  const gated = metrics[policy.costMetric]
  const reasons = COST_METRICS.map((m) =>
    m === policy.costMetric
      ? `cost (${NAME[m]}, gated): ${gated.verdict} — ${gated.reason}`
      : `cost (${NAME[m]}, not gated): ${metrics[m].reason}`,
  )
  const decision: CostDecision = {
    verdict: gated.verdict,
    metric: policy.costMetric,
    ratio: gated.ratio,
    ciLow: gated.ciLow,
    ciHigh: gated.ciHigh,
    n: gated.n,
    limit: 1 + policy.costBudget,
    formula: COST_FORMULA,
    metrics,
  }
  return { decision, reasons }
}
