// Cost table tests: each verdict branch, the log-ratio formula, skipped cases, unknown prices, n < 2.
import { describe, expect, it } from 'vitest'
import { tabulate } from './cases'
import { cost, costMetric } from './cost'
import { fromCostRatios, policy, run } from './runs.fixture'
import type { ExperimentRun } from './types'

const counting = (runs: ExperimentRun[]) => tabulate(runs).counting

describe('cost: pass if CI_high ≤ 1 + costBudget; reject if CI_low > 1 + costBudget', () => {
  it.each([
    {
      ratios: [1.1, 1.12, 1.08, 1.1, 1.1],
      verdict: 'pass',
      why: /CI high 1\.1\d ≤ 1 \+ costBudget 0\.2 = 1\.20$/,
    },
    {
      ratios: [2, 2.1, 1.9, 2, 2.05],
      verdict: 'reject',
      why: /CI low 1\.9\d > 1 \+ costBudget 0\.2 = 1\.20$/,
    },
    {
      ratios: [0.8, 1.6, 1, 1.4, 1.2],
      verdict: 'inconclusive',
      why: /CI high 1\.\d\d > .* but CI low 0\.\d\d ≤ it$/,
    },
    { ratios: [0.5, 0.5, 0.5], verdict: 'pass', why: /CI high 0\.50 ≤/ },
  ])('ratios $ratios → $verdict', ({ ratios, verdict, why }) => {
    const m = costMetric(counting(fromCostRatios(ratios)), 'tokens', policy())
    expect(m.verdict).toBe(verdict)
    expect(m.reason).toMatch(why)
  })

  it('ratio = exp(mean l), CI = exp(mean l ± t*·sd(l)/√n), l = ln(mean b / mean a)', () => {
    const m = costMetric(counting(fromCostRatios([1, 4])), 'tokens', policy())
    expect(m.ratio).toBeCloseTo(2, 12)
    expect(m.meanLog).toBeCloseTo(Math.log(2), 12)
    const half = (12.706204736065853 * m.sdLog!) / Math.sqrt(2)
    expect(m.ciLow).toBeCloseTo(Math.exp(Math.log(2) - half), 9)
    expect(m.ciHigh).toBeCloseTo(Math.exp(Math.log(2) + half), 9)
  })

  it('averages over the runs that executed and ignores the rest', () => {
    const runs = [
      ...fromCostRatios([1.5, 1.5]),
      run('c1', 'a', 2, 50, { tokens: 3000 }),
      run('c1', 'b', 2, null, { tokens: 99_999, durationMs: null, executed: false }),
    ]
    const m = costMetric(counting(runs), 'tokens', policy())
    // c1: a = mean(1000, 3000) = 2000, b = 1500 → 0.75; c2: 1.5
    expect(m.ratio).toBeCloseTo(Math.sqrt(0.75 * 1.5), 12)
  })

  it('skips cases with a zero or absent cost on a side, and says so', () => {
    const runs = fromCostRatios([1.1, 1.1, 1.1, 1.1]).map((r) =>
      r.caseId === 'c2' && r.side === 'a'
        ? { ...r, tokens: 0 }
        : r.caseId === 'c4'
          ? { ...r, tokens: null }
          : r,
    )
    const m = costMetric(counting(runs), 'tokens', policy())
    expect(m).toMatchObject({ n: 2, skippedCases: ['c2', 'c4'] })
    expect(m.reason).toMatch(/2 cases skipped \(zero or absent tokens on a side\): c2, c4$/)
  })

  it('dollars need a known price on every executed run: "prices unknown for N runs"', () => {
    const runs = fromCostRatios([1, 1, 1]).map((r, i) => (i < 2 ? { ...r, costUsd: null } : r))
    const usd = costMetric(counting(runs), 'usd', policy())
    expect(usd).toMatchObject({
      verdict: 'inconclusive',
      ratio: null,
      ciLow: null,
      ciHigh: null,
      n: 0,
      unknownPrices: 2,
    })
    expect(usd.reason).toMatch(/^prices unknown for 2 runs/)
    const gated = cost(counting(runs), policy({ costMetric: 'usd' }))
    expect(gated.decision).toMatchObject({ verdict: 'inconclusive', metric: 'usd', ratio: null, n: 0 })
    expect(gated.reasons[1]).toMatch(/^cost \(dollars, gated\): inconclusive — prices unknown for 2 runs/)
    expect(gated.decision.metrics.tokens.verdict).toBe('pass')
  })

  it('reports all three metrics and gates policy.costMetric', () => {
    const runs = [...fromCostRatios([2, 2, 2], 'durationMs')]
    const r = cost(counting(runs), policy({ costMetric: 'time' }))
    expect(Object.keys(r.decision.metrics)).toEqual(['tokens', 'usd', 'time'])
    expect(r.decision).toMatchObject({ verdict: 'reject', metric: 'time', limit: 1.2, n: 3 })
    expect(r.decision.ratio).toBeCloseTo(2, 12)
    expect(r.decision.metrics.tokens.ratio).toBeCloseTo(1, 12)
    expect(r.reasons.map((x) => x.split(':')[0])).toEqual([
      'cost (tokens, not gated)',
      'cost (dollars, not gated)',
      'cost (wall time, gated)',
    ])
  })

  it('n < 2 → inconclusive', () => {
    const m = costMetric(counting(fromCostRatios([1.1])), 'tokens', policy())
    expect(m).toMatchObject({ verdict: 'inconclusive', n: 1, ciLow: null, ciHigh: null })
    expect(m.ratio).toBeCloseTo(1.1, 12)
    expect(m.reason).toMatch(/^1 case with tokens on both sides; at least 2 are needed/)
  })
})

describe('cost: with the agent model priced, tokens weigh each kind by its price ratio', () => {
  // b reads nine times a's context from cache (a cache read costs a tenth of an input token here).
  const prices = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }
  const kinds = (input: number, output: number, cacheRead: number) => ({
    input,
    output,
    reasoning: 0,
    cacheRead,
    cacheWrite: 0,
  })
  const runs = ['c1', 'c2', 'c3'].flatMap((c) => [
    run(c, 'a', 1, 50, { tokens: 1100, tokenKinds: kinds(1000, 100, 0) }),
    run(c, 'b', 1, 50, { tokens: 10_100, tokenKinds: kinds(1000, 100, 9000) }),
  ])

  it('a cache read is not an output token: the b/a ratio is of dollars-equivalent tokens', () => {
    const plain = costMetric(counting(runs), 'tokens', policy())
    const weighted = costMetric(counting(runs), 'tokens', policy(), prices)
    expect(plain.ratio).toBeCloseTo(10_100 / 1100, 9)
    // a: 1000 + 100·5 = 1500; b: 1500 + 9000·0.1 = 2400
    expect(weighted.ratio).toBeCloseTo(2400 / 1500, 9)
    expect(weighted.reason).toContain('token kinds weighted by price: input 1, output 5, cache read 0.1')
  })

  it('unknown prices keep the plain sum', () => {
    expect(costMetric(counting(runs), 'tokens', policy(), null).ratio).toBeCloseTo(10_100 / 1100, 9)
  })
})
