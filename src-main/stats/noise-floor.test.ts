import { describe, expect, it } from 'vitest'
import { noiseFloor } from './noise-floor'
import { mulberry32, normal } from './prng'
import { policy, run } from './runs.fixture'
import type { ExperimentRun } from './types'

/** Side-a runs of each case, rounds numbered from 1. */
const baseline = (spec: Record<string, number[]>): ExperimentRun[] =>
  Object.entries(spec).flatMap(([id, scores]) => scores.map((s, i) => run(id, 'a', i + 1, s)))

/** `cases` cases of 2R baseline rounds: a case level 30–80 plus round noise of sd `sd`. */
function pureNoise(cases: number, rounds: number, sd: number, seed: number): ExperimentRun[] {
  const rng = mulberry32(seed)
  return Array.from({ length: cases }, (_, i) => {
    const level = 30 + 50 * rng()
    return Array.from({ length: 2 * rounds }, (_, r) =>
      run(`c${i + 1}`, 'a', r + 1, Math.min(100, Math.max(0, level + sd * normal(rng)))),
    )
  }).flat()
}

describe('noise floor (A/A calibration)', () => {
  it('the fixed split takes rounds 1..R against R+1..2R: its floor is the sd of those differences', () => {
    const floor = noiseFloor(baseline({ c1: [50, 60], c2: [70, 60], c3: [40, 40] }), 1, policy(), {
      splits: 20,
    })
    // d = +10, −10, 0: mean 0, sd 10
    expect(floor).toMatchObject({ cases: 3, rounds: 1, mean: 0, splits: 20, alpha: 0.05 })
    expect(floor.sd).toBeCloseTo(10, 9)
    expect(floor.ciLow).toBeLessThan(0)
    expect(floor.ciHigh).toBeGreaterThan(0)
  })

  it('with R = 2 each arm averages its two rounds; side-b runs and rounds past 2R are left out', () => {
    const runs = [...baseline({ c1: [50, 70, 60, 80, 0], c2: [40, 40, 50, 50, 100] }), run('c1', 'b', 1, 100)]
    const floor = noiseFloor(runs, 2, policy(), { splits: 10 })
    // c1: arm a 60, arm b 70 → +10; c2: 40 vs 50 → +10
    expect(floor).toMatchObject({ cases: 2, mean: 10, sd: 0 })
  })

  it('on pure round noise the policy rarely passes: the false-pass rate stays near α, and the calls add up', () => {
    const floor = noiseFloor(pureNoise(30, 2, 15, 7), 2, policy({ alpha: 0.05, minLift: 0 }))
    expect(floor.splits).toBe(200)
    expect(floor.calls.pass + floor.calls.reject + floor.calls.inconclusive).toBe(200)
    expect(floor.falsePassRate).toBeLessThanOrEqual(0.1)
    expect(floor.falsePassRate).toBe(floor.calls.pass / 200)
    // Round noise of sd 15 over 2 rounds per arm: sd(d) ≈ 15·√(2/2) = 15.
    expect(floor.sd).toBeGreaterThan(10)
    expect(floor.sd).toBeLessThan(20)
  })

  it('is reproducible from the runs, and a drift between the first and the last rounds shows as a floor that passes', () => {
    const runs = pureNoise(20, 2, 10, 3)
    expect(noiseFloor(runs, 2, policy(), { splits: 50 })).toEqual(
      noiseFloor(runs, 2, policy(), { splits: 50 }),
    )
    // The later rounds score 20 points higher (e.g. the provider changed mid-way): the fixed split sees it.
    const drifted = runs.map((r) => (r.round > 2 ? { ...r, score: (r.score as number) + 20 } : r))
    const floor = noiseFloor(drifted, 2, policy({ minLift: 0 }), { splits: 50 })
    expect(floor.mean).toBeGreaterThan(15)
    expect(floor.ciLow).toBeGreaterThan(0)
  })
})
