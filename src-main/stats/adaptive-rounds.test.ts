// The adaptive-rounds stopping rule: who gets another round, when looking stops, and the verdict at the look's level.
import { describe, expect, it } from 'vitest'
import {
  decideAdaptive,
  informationTime,
  planRuns,
  startPlan,
  takeLook,
  uncertainCases,
  type AdaptivePlan,
} from './adaptive-rounds'
import { tabulate } from './cases'
import { casesFrom, policy } from './runs.fixture'
import type { ExperimentRun } from './types'

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`)

/** Looks until the plan stops, each case's runs being the first rounds of `scores(case, side, round)`. */
function runPlan(plan: AdaptivePlan, score: (i: number, side: 'a' | 'b', r: number) => number) {
  const runs: ExperimentRun[] = Object.keys(plan.rounds).flatMap((id, i) =>
    (['a', 'b'] as const).flatMap((side) =>
      Array.from({ length: plan.max }, (_, r) => ({
        caseId: id,
        side,
        round: r + 1,
        score: score(i, side, r),
        tokens: 1000,
        costUsd: null,
        durationMs: 1000,
        executed: true,
      })),
    ),
  )
  while (!plan.stop) plan = takeLook(plan, runs, policy())
  return { plan, runs }
}

describe('adaptive rounds', () => {
  it('a clear effect stops at the first look, every case at min rounds, and passes', () => {
    const { plan, runs } = runPlan(startPlan(ids(8), { min: 1, max: 5 }), (i, side) =>
      side === 'b' ? 80 + i : 30 + i,
    )
    expect(plan.stop).toBe('pass')
    expect(plan.looks).toHaveLength(1)
    expect(Object.values(plan.rounds)).toEqual(Array(8).fill(1))
    expect(planRuns(plan).now).toBe(16)
    expect(decideAdaptive(runs, plan, policy()).verdict).toBe('pass')
  })

  it('no effect with noisy rounds does not pass, and stops before every case reaches max', () => {
    const noise = (i: number, side: string, r: number) => ((i * 7 + r * 13 + (side === 'a' ? 5 : 0)) % 11) * 4
    const { plan, runs } = runPlan(
      startPlan(ids(12), { min: 1, max: 5 }),
      (i, side, r) => 40 + noise(i, side, r),
    )
    expect(decideAdaptive(runs, plan, policy()).verdict).not.toBe('pass')
    expect(planRuns(plan).now).toBeLessThan(planRuns(plan).most)
  })

  it('the next round goes to the cases whose rounds spread more, not to the quiet ones', () => {
    const t = tabulate(
      casesFrom({
        quiet: { a: [50, 51], b: [60, 61] },
        loud: { a: [20, 80], b: [30, 90] },
        middle: { a: [40, 60], b: [50, 70] },
      }),
    )
    expect(uncertainCases(t.all)).toEqual(['loud'])
  })

  it('before any case has two rounds, every case is uncertain; a case with no spread never is', () => {
    expect(
      uncertainCases(tabulate(casesFrom({ x: { a: [50], b: [60] }, y: { a: [40], b: [70] } })).all),
    ).toEqual(['x', 'y'])
    const flat = casesFrom({ x: { a: [50, 50], b: [60, 60] }, y: { a: [40, 40], b: [70, 70] } })
    expect(uncertainCases(tabulate(flat).all)).toEqual([])
  })

  it('information time is at least the share of runs made and at most 1', () => {
    const plan: AdaptivePlan = { ...startPlan(['x', 'y', 'z'], { min: 2, max: 4 }) }
    const t = tabulate(
      casesFrom({
        x: { a: [50, 60], b: [70, 60] },
        y: { a: [40, 45], b: [80, 70] },
        z: { a: [55, 65], b: [50, 75] },
      }),
    )
    const time = informationTime(t.counting, plan)
    expect(time).toBeGreaterThanOrEqual(0.5)
    expect(time).toBeLessThanOrEqual(1)
  })

  it('the verdict is decide() at the look level: the interval is wider than the fixed design’s', () => {
    const { plan, runs } = runPlan(startPlan(ids(8), { min: 1, max: 5 }), (i, side) =>
      side === 'b' ? 80 + i : 30 + i,
    )
    const d = decideAdaptive(runs, plan, policy())
    expect(d.capability.alpha).toBeLessThan(0.05)
    expect(d.coverage.rounds).toBe(1)
    expect(d.reasons[2]).toMatch(
      /^adaptive rounds \(min 1, max 5\): 1 look, stopped \(pass\); 8 cases at 1 round; 16 of at most 80 runs; verdict at α = 0\.0\d{3}/,
    )
  })
})
