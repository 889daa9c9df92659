// Stability table tests: each verdict branch, Δ of round sds, n < 2, pass^k / pass@k / flip rate.
import { describe, expect, it } from 'vitest'
import { tabulate } from './cases'
import { reliability, stability } from './stability'
import { casesFrom, policy } from './runs.fixture'
import type { ExperimentRun } from './types'

const stab = (runs: ExperimentRun[], over = {}) => {
  const t = tabulate(runs)
  return stability(t.counting, t.rounds, policy(over))
}

describe('stability: pass if CI_high ≤ tolerance; reject if CI_low > tolerance', () => {
  it.each([
    {
      name: 'same spread',
      spec: {
        c1: { a: [40, 50, 60], b: [45, 55, 65] },
        c2: { a: [50, 50, 52], b: [60, 61, 62] },
        c3: { a: [30, 40, 35], b: [70, 80, 75] },
      },
      verdict: 'pass',
      why: /CI high -?\d+\.\d ≤ stabilityTolerance 10$/,
    },
    {
      name: 'b swings wildly',
      spec: {
        c1: { a: [50, 50, 50], b: [0, 100, 0] },
        c2: { a: [60, 60, 61], b: [100, 0, 100] },
        c3: { a: [40, 41, 40], b: [0, 100, 50] },
      },
      verdict: 'reject',
      why: /CI low \d+\.\d > stabilityTolerance 10$/,
    },
    {
      name: 'unclear',
      spec: {
        c1: { a: [50, 50, 50], b: [0, 100, 0] },
        c2: { a: [60, 60, 61], b: [60, 60, 61] },
        c3: { a: [40, 41, 40], b: [40, 60, 50] },
      },
      verdict: 'inconclusive',
      why: /CI high \d+\.\d > stabilityTolerance 10 but CI low -?\d+\.\d ≤ it$/,
    },
  ])('$name → $verdict', ({ spec, verdict, why }) => {
    const r = stab(casesFrom(spec))
    expect(r.decision.verdict).toBe(verdict)
    expect(r.reasons[0]).toMatch(new RegExp(`^stability: ${verdict} — Δ sd`))
    expect(r.reasons[0]).toMatch(why)
  })

  it('Δ = mean_i (sd_B − sd_A) over cases with ≥ 2 scored rounds on both sides', () => {
    const r = stab(
      casesFrom({
        c1: { a: [40, 60], b: [50, 50] },
        c2: { a: [50, 50], b: [40, 60] },
        c3: { a: [50, 50], b: [null, 60] },
      }),
    ).decision
    const s = Math.sqrt(200)
    expect(r.n).toBe(2)
    expect(r.estimate).toBeCloseTo(0, 12)
    expect(r.meanSdA).toBeCloseTo(s / 2, 12)
    expect(r.meanSdB).toBeCloseTo(s / 2, 12)
    expect(r.sd).toBeCloseTo(Math.sqrt(2) * s, 12)
  })

  it('n < 2 → inconclusive (one round, or one case)', () => {
    const r = stab(casesFrom({ c1: { a: [50], b: [60] }, c2: { a: [50], b: [70] } }))
    expect(r.decision).toMatchObject({
      verdict: 'inconclusive',
      n: 0,
      estimate: null,
      ciLow: null,
      ciHigh: null,
    })
    expect(r.reasons[0]).toMatch(/0 cases with ≥ 2 scored rounds on both sides; at least 2 are needed/)
    expect(stab(casesFrom({ c1: { a: [50, 60], b: [60, 70] } })).decision).toMatchObject({
      verdict: 'inconclusive',
      n: 1,
    })
  })
})

describe('pass^k, pass@k and flip rate per side (a round passes at score ≥ passThreshold)', () => {
  it.each([
    {
      sides: [
        [60, 70, 80],
        [40, 60, 55],
        [10, 20, 30],
        [50, 50, 50],
      ],
      hat: [2, 4],
      at: [3, 4],
      flip: [1, 4],
    },
    {
      sides: [
        [60, 70, 80],
        [40, 60],
      ],
      hat: [1, 1],
      at: [1, 1],
      flip: [1, 2],
    },
    { sides: [[49.9], [50]], hat: [0, 0], at: [0, 0], flip: [0, 0] },
  ])('$sides', ({ sides, hat, at, flip }) => {
    const r = reliability(sides, 3, 50)
    expect(r.k).toBe(3)
    expect([r.passHatK.cases, r.passHatK.n]).toEqual(hat)
    expect([r.passAtK.cases, r.passAtK.n]).toEqual(at)
    expect([r.flip.cases, r.flip.n]).toEqual(flip)
    expect(r.flip.rate).toBe(flip[1] ? (flip[0] as number) / (flip[1] as number) : null)
  })

  it('uses k = R and the policy threshold, per side, and says it in the reasons', () => {
    const r = stab(casesFrom({ c1: { a: [40, 60], b: [70, 80] }, c2: { a: [30, 35], b: [65, 75] } }), {
      passThreshold: 60,
    })
    expect(r.decision.sides.a).toMatchObject({
      k: 2,
      passHatK: { cases: 0, n: 2 },
      passAtK: { cases: 1, n: 2 },
      flip: { cases: 1, n: 2 },
    })
    expect(r.decision.sides.b).toMatchObject({
      k: 2,
      passHatK: { cases: 2, n: 2, rate: 1 },
      flip: { cases: 0, n: 2, rate: 0 },
    })
    expect(r.reasons[1]).toBe(
      'reliability (a round passes at score ≥ 60): a pass^2 0 of 2 (0%), pass@2 1 of 2 (50%), flips 1 of 2 (50%); ' +
        'b pass^2 2 of 2 (100%), pass@2 2 of 2 (100%), flips 0 of 2 (0%)',
    )
  })
})
