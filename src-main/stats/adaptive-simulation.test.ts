// Adaptive rounds (min 1, max 5) against fixed 3 rounds on the same seeded tasks: 20 cases whose lifts mix
// large (30), small (10) and no effect, round sd 10–25 per case (docs/decision.md, "Adaptive rounds").
import { describe, expect, it } from 'vitest'
import { policySchema } from '../../src-shared/task-config'
import { ADAPTIVE_SCENARIOS, compareDesigns } from './simulate-adaptive.fixture'

const policy = policySchema.parse({})
const TASKS = 300
const design = { tasks: TASKS, rounds: 3, adaptive: { min: 1, max: 5 } }

describe('adaptive rounds under simulation', { timeout: 120_000 }, () => {
  it('no effect in any case: false-pass rate ≤ α with ≥ 30% fewer runs', () => {
    const r = compareDesigns(ADAPTIVE_SCENARIOS.noEffect, policy, { ...design, seed: 20_261_201 })
    console.log(`no effect: ${JSON.stringify(r)}`)
    expect(r.adaptive.passRate).toBeLessThanOrEqual(policy.alpha)
    expect(r.runsSaved).toBeGreaterThanOrEqual(0.3)
  })

  it('large, small and no effect mixed: ≥ 30% fewer runs, power within 2 points of fixed 3 rounds', () => {
    const r = compareDesigns(ADAPTIVE_SCENARIOS.mixed, policy, { ...design, seed: 20_261_202 })
    console.log(`mixed effects: ${JSON.stringify(r)}`)
    expect(r.fixed.passRate).toBeGreaterThan(0.8)
    expect(r.adaptive.passRate).toBeGreaterThanOrEqual(r.fixed.passRate - 0.02)
    expect(r.runsSaved).toBeGreaterThanOrEqual(0.3)
  })
})
