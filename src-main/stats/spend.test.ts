// Spend tests: per-side sums with hand-computed figures, unknown prices, runs never started, the judge.
import { describe, expect, it } from 'vitest'
import { taskSpendOf, type SpendRun } from './spend'

const tok = (input: number, output: number, reasoning = 0, cacheRead = 0, cacheWrite = 0) => ({
  input,
  output,
  reasoning,
  cacheRead,
  cacheWrite,
})
const run = (p: Partial<SpendRun> & Pick<SpendRun, 'side'>): SpendRun => ({
  started: true,
  tokens: tok(0, 0),
  costUsd: null,
  durationMs: null,
  ...p,
})

describe('taskSpendOf', () => {
  const runs = [
    run({ side: 'a', tokens: tok(100, 20, 5, 300, 10), costUsd: 0.01, durationMs: 1500 }),
    run({ side: 'a', tokens: tok(50, 10), costUsd: 0.02, durationMs: 500 }),
    // a failed run that still produced tokens was paid for
    run({ side: 'b', tokens: tok(200, 40, 0, 0, 0), costUsd: 0.03, durationMs: 4000 }),
    run({ side: 'b', tokens: tok(10, 0), costUsd: null, durationMs: null }),
    // never started: costs nothing and is not counted
    run({ side: 'b', started: false }),
  ]
  const judgements = [
    { tokens: tok(1000, 50), costUsd: 0.005 },
    { tokens: tok(0, 0, 0, 800, 0), costUsd: null },
  ]
  const s = taskSpendOf(runs, judgements)

  it('sums each side by token kind, dollars and wall time', () => {
    expect(s.a).toEqual({
      runs: 2,
      tokens: { input: 150, output: 30, reasoning: 5, cacheRead: 300, cacheWrite: 10, total: 495 },
      costUsd: 0.03,
      unpriced: 0,
      wallSeconds: 2,
    })
    expect(s.b.runs).toBe(2)
    expect(s.b.tokens.total).toBe(250)
    expect(s.b.costUsd).toBeCloseTo(0.03)
    expect(s.b.unpriced).toBe(1)
    expect(s.b.wallSeconds).toBe(4)
  })

  it('sums the judge and the total of all three', () => {
    expect(s.judge).toEqual({
      judgements: 2,
      tokens: { input: 1000, output: 50, reasoning: 0, cacheRead: 800, cacheWrite: 0, total: 1850 },
      costUsd: 0.005,
      unpriced: 1,
    })
    expect(s.total.tokens.total).toBe(495 + 250 + 1850)
    expect(s.total.tokens.cacheRead).toBe(1100)
    expect(s.total.costUsd).toBeCloseTo(0.065)
    expect(s.total.unpriced).toBe(2)
    expect(s.total.wallSeconds).toBe(6)
  })

  it('a judgement or run that used no tokens (a command evaluator) is not unpriced', () => {
    const s = taskSpendOf([run({ side: 'a', costUsd: 0.5 })], [{ tokens: tok(0, 0), costUsd: null }])
    expect(s.judge).toMatchObject({ judgements: 1, costUsd: null, unpriced: 0 })
    expect(s.total).toMatchObject({ costUsd: 0.5, unpriced: 0 })
  })

  it('has no dollars when nothing had a price, and zeros for a task with no runs', () => {
    const none = taskSpendOf([run({ side: 'a', tokens: tok(5, 5) })], [])
    expect(none.a.costUsd).toBeNull()
    expect(none.total.costUsd).toBeNull()
    expect(none.a.unpriced).toBe(1)
    expect(none.b).toEqual({
      runs: 0,
      tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      costUsd: null,
      unpriced: 0,
      wallSeconds: 0,
    })
  })
})
