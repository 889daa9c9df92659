// The estimate: per-side means of the sampled runs, the judge spread over judged runs, priced now.
import { describe, expect, it } from 'vitest'
import { estimateTask, type EstimateInput } from './estimate'

const t = (input: number, output: number) => ({ input, output, reasoning: 0, cacheRead: 0, cacheWrite: 0 })
const PRICES = { input: 3, output: 15, cacheRead: 0, cacheWrite: 0 }

const base: EstimateInput = {
  basis: 'task',
  basedOn: 'a trial',
  samples: [
    { side: 'a', tokens: t(1000, 100), durationMs: 2000 },
    { side: 'b', tokens: t(3000, 100), durationMs: 4000 },
  ],
  // Two sampled judgements of 200 + 10 tokens each; this task judges each run once.
  judge: { tokens: t(400, 20), judgements: 2, perRun: 1 },
  runs: { full: { a: 10, b: 10 }, left: { a: 9, b: 9 } },
  prices: { agent: PRICES, judge: PRICES },
  concurrency: 2,
}

describe('estimateTask', () => {
  it("multiplies each side's mean run (agent + its share of the judge) by its runs, and time by 1/concurrency", () => {
    const e = estimateTask(base)
    // a: 1000·3 + 100·15 = $0.0045; b: $0.0105; judge per run 200·3 + 10·15 = $0.00075
    expect(e.perRun?.a.usd).toBeCloseTo(0.0045 + 0.00075, 9)
    expect(e.perRun?.b.judgeUsd).toBeCloseTo(0.00075, 9)
    expect(e.full.usd).toBeCloseTo(10 * (0.00525 + 0.01125), 9)
    expect(e.full.tokens).toBe(10 * (1100 + 210) + 10 * (3100 + 210))
    expect(e.full.wallSeconds).toBeCloseTo((10 * 2 + 10 * 4) / 2, 9)
    expect(e.left).toMatchObject({ runs: 18 })
  })

  it("the judge's share scales with this task's judgements per run (its LLM evaluators)", () => {
    const twice = estimateTask({ ...base, judge: { ...base.judge, perRun: 2 } })
    expect(twice.perRun?.a.judgeUsd).toBeCloseTo(2 * 0.00075, 9)
    const none = estimateTask({ ...base, judge: { ...base.judge, perRun: 0 } })
    expect(none.perRun?.a.judgeUsd).toBe(0)
  })

  it("no dollars when a needed price is unknown; a side without samples borrows the other side's", () => {
    const e = estimateTask({
      ...base,
      prices: { agent: PRICES, judge: null },
      samples: base.samples.slice(0, 1),
    })
    expect(e.full.usd).toBeNull()
    expect(e.unpriced).toEqual(['judge'])
    expect(e.perRun?.b.tokens).toBe(e.perRun?.a.tokens)
  })

  it('without samples there is no figure but the runs, and the basis is none', () => {
    const e = estimateTask({ ...base, samples: [], judge: { tokens: t(0, 0), judgements: 0, perRun: 1 } })
    expect(e).toMatchObject({ basis: 'none', perRun: null, full: { runs: 20, tokens: null, usd: null } })
  })
})
