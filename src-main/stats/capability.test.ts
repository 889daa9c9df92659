// Capability table tests: each verdict branch, the t-interval and its extras, missing rounds, n < 2.
import { describe, expect, it } from 'vitest'
import { capability } from './capability'
import { tabulate } from './cases'
import { casesFrom, fromDiffs, policy } from './runs.fixture'
import { tQuantile } from './summary'

const cap = (runs: Parameters<typeof tabulate>[0], over = {}) =>
  capability(tabulate(runs).counting, policy(over))

describe('capability: pass if CI_low > 0 and D ≥ minLift; reject if CI_high < minLift', () => {
  it.each([
    {
      name: 'clear lift',
      diffs: [10, 12, 8, 11, 9],
      verdict: 'pass',
      why: /CI low 8\.0 > 0 and D \+10\.0 ≥ minLift 5$/,
    },
    {
      name: 'lift too small, CI below minLift',
      diffs: [1, 2, 0, 1, 1],
      verdict: 'reject',
      why: /CI high 1\.9 < minLift 5$/,
    },
    {
      name: 'CI spans 0',
      diffs: [10, -5, 20, 0, 5],
      verdict: 'inconclusive',
      why: /CI low -5\.9 ≤ 0, but CI high 17\.9 ≥ minLift 5$/,
    },
    {
      name: 'above 0, below minLift, CI reaches it',
      diffs: [2, 6, 3, 5, 4],
      verdict: 'inconclusive',
      why: /D \+4\.0 < minLift 5, but CI high 6\.0 ≥ minLift 5$/,
    },
    { name: 'negative lift', diffs: [-10, -12, -8], verdict: 'reject', why: /< minLift 5$/ },
  ])('$name → $verdict', ({ diffs, verdict, why }) => {
    const r = cap(fromDiffs(diffs))
    expect(r.decision.verdict).toBe(verdict)
    expect(r.reasons[0]).toMatch(new RegExp(`^capability: ${verdict} — `))
    expect(r.reasons[0]).toMatch(why)
  })

  it('D = mean d, CI = D ± t*·sd(d)/√n, with the extras beside it', () => {
    const r = cap(fromDiffs([10, 12, 8, 11, 9])).decision
    const tStar = tQuantile(0.975, 4)
    const half = (tStar * Math.sqrt(2.5)) / Math.sqrt(5)
    expect(r).toMatchObject({ estimate: 10, n: 5, tStar, minLift: 5, alpha: 0.05, bootstrapResamples: 2000 })
    expect(r.sd).toBeCloseTo(Math.sqrt(2.5), 12)
    expect(r.ciLow).toBeCloseTo(10 - half, 12)
    expect(r.ciHigh).toBeCloseTo(10 + half, 12)
    expect(r.signTest).toEqual({ positive: 5, negative: 0, ties: 0, pValue: 2 / 32 })
    expect(r.bootstrapCiLow).toBeGreaterThanOrEqual(8)
    expect(r.bootstrapCiHigh).toBeLessThanOrEqual(12)
    expect(r.perCase[0]).toEqual({ caseId: 'c1', a: 50, b: 60, diff: 10, roundsA: 1, roundsB: 1 })
  })

  it('the CI level follows alpha', () => {
    const r = cap(fromDiffs([10, 12, 8, 11, 9]), { alpha: 0.01 })
    expect(r.decision.tStar).toBeCloseTo(tQuantile(0.995, 4), 12)
    expect(r.reasons[0]).toContain('99% CI')
  })

  it('rounds are averaged within a case first; missing rounds are not zeros', () => {
    const r = cap(
      casesFrom({
        c1: { a: [50, null, 60], b: [70, 70, 70] },
        c2: { a: [40, 40, 40], b: [60, null, 50] },
      }),
    ).decision
    expect(r.perCase.map((c) => c.diff)).toEqual([15, 15])
    expect(r.perCase.map((c) => [c.roundsA, c.roundsB])).toEqual([
      [2, 3],
      [3, 2],
    ])
  })

  it.each([
    { diffs: [7], estimate: 7, text: /1 counting case \(lift \+7\.0 points\); at least 2/ },
    { diffs: [], estimate: null, text: /0 counting cases; at least 2/ },
  ])('n < 2 → inconclusive, no interval ($diffs)', ({ diffs, estimate, text }) => {
    const r = cap(fromDiffs(diffs))
    expect(r.decision).toMatchObject({
      verdict: 'inconclusive',
      estimate,
      ciLow: null,
      ciHigh: null,
      sd: null,
    })
    expect(r.decision).toMatchObject({ bootstrapCiLow: null, bootstrapCiHigh: null, tStar: null })
    expect(r.reasons).toHaveLength(1)
    expect(r.reasons[0]).toMatch(text)
  })

  it('splits Var(d) into between-case and within-case parts when rounds vary', () => {
    const r = cap(
      casesFrom({
        c1: { a: [40, 60], b: [50, 70] },
        c2: { a: [45, 55], b: [80, 60] },
        c3: { a: [50, 50], b: [55, 75] },
      }),
    ).decision
    expect(r.varianceWithin).not.toBeNull()
    expect((r.varianceWithin as number) + (r.varianceBetween as number)).toBeCloseTo((r.sd as number) ** 2, 9)
    expect(cap(fromDiffs([1, 2, 3], 2)).decision.varianceWithin).toBe(0)
    expect(cap(fromDiffs([1, 2, 3])).decision.varianceWithin).toBeNull()
  })
})
