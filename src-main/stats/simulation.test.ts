// A/A false-pass rate (also with failing runs), power, the failures verdict's false-reject rate and the
// calibration of casesNeeded, each on 1,000 seeded synthetic tasks.
import { describe, expect, it } from 'vitest'
import { policySchema } from '../../src-shared/task-config'
import { smallestCases } from './cases-needed'
import { decide } from './decide'
import { mulberry32 } from './prng'
import { simulateRuns, type SimModel } from './simulate.fixture'

const policy = policySchema.parse({})
const TASKS = 1000

interface Rates {
  /** Share of tasks whose overall verdict passes. */
  overall: number
  capability: number
  /** Share of tasks whose failures verdict rejects. */
  failuresReject: number
}

function passRate(model: SimModel, seed: number): Rates {
  const rng = mulberry32(seed)
  let overall = 0
  let capability = 0
  let failuresReject = 0
  for (let t = 0; t < TASKS; t++) {
    const d = decide(simulateRuns(model, rng), policy)
    if (d.verdict === 'pass') overall++
    if (d.capability.verdict === 'pass') capability++
    if (d.failures.verdict === 'reject') failuresReject++
  }
  return { overall: overall / TASKS, capability: capability / TASKS, failuresReject: failuresReject / TASKS }
}

// Case effects N(50, 15²), round noise N(0, 10²), clamped to 0–100; both sides identical in law.
const aa: SimModel = {
  cases: 10,
  rounds: 3,
  lift: 0,
  baseline: 50,
  caseSd: 15,
  interactionSd: 0,
  roundSd: 10,
  clamp: true,
}

// Each test decides 1,000 tasks: about a second on an idle machine, more on a busy one.
describe('decision under simulation', { timeout: 120_000 }, () => {
  it('A/A: no effect, 10 cases × 3 rounds → false-pass rate ≤ 5%', () => {
    const rate = passRate(aa, 20_260_101)
    console.log(
      `A/A false-pass rate: overall ${rate.overall}, capability ${rate.capability} (${TASKS} tasks)`,
    )
    expect(rate.overall).toBeLessThanOrEqual(0.05)
    expect(rate.capability).toBeLessThanOrEqual(0.05)
  })

  it.each([
    { fail: 0.1, seed: 20_260_104 },
    { fail: 0.3, seed: 20_260_105 },
  ])(
    'A/A with both sides timing out in $fail of runs (scored 0): false-pass rate ≤ 5%, failures false-reject ≤ 5%',
    ({ fail, seed }) => {
      const rate = passRate({ ...aa, failRate: { a: fail, b: fail } }, seed)
      console.log(
        `A/A, both sides failing ${fail * 100}% of runs: overall pass ${rate.overall}, capability pass ${rate.capability}, ` +
          `failures reject ${rate.failuresReject} (${TASKS} tasks)`,
      )
      expect(rate.overall).toBeLessThanOrEqual(0.05)
      expect(rate.capability).toBeLessThanOrEqual(0.05)
      expect(rate.failuresReject).toBeLessThanOrEqual(0.05)
    },
  )

  it('failures: b times out in 50% of runs, a in 10% (20 cases × 3 rounds) → rejected in ≥ 80% of tasks', () => {
    const rate = passRate({ ...aa, cases: 20, failRate: { a: 0.1, b: 0.5 } }, 20_260_106)
    console.log(
      `failures power (b 50% vs a 10%): failures reject ${rate.failuresReject}, overall pass ${rate.overall}`,
    )
    expect(rate.failuresReject).toBeGreaterThanOrEqual(0.8)
    expect(rate.overall).toBeLessThanOrEqual(0.05)
  })

  // Per-case difference sd exactly 15: interaction sd √(225 − 2·10²/3) ≈ 12.58 plus round noise sd 10
  // averaged over 3 rounds on each side; scores not clamped so that sd stays exact.
  const powerModel = (cases: number): SimModel => ({
    cases,
    rounds: 3,
    lift: 10,
    baseline: 50,
    caseSd: 15,
    interactionSd: Math.sqrt(225 - 200 / 3),
    roundSd: 10,
    clamp: false,
  })

  it('power: true lift 10, 30 cases, per-case sd 15 → pass rate ≥ 80%', () => {
    const rate = passRate(powerModel(30), 20_260_102)
    console.log(`power (lift 10, sd 15, 30 cases): overall ${rate.overall}, capability ${rate.capability}`)
    expect(rate.overall).toBeGreaterThanOrEqual(0.8)
  })

  it('casesNeeded is calibrated: at the n it names, about 80% of tasks pass', () => {
    const n = smallestCases(10, 15, policy) as number
    const rate = passRate(powerModel(n), 20_260_103)
    console.log(
      `calibration: casesNeeded(lift 10, sd 15) = ${n}; simulated capability pass rate ${rate.capability}`,
    )
    expect(n).toBe(20)
    expect(rate.capability).toBeGreaterThan(0.72)
    expect(rate.capability).toBeLessThan(0.88)
  })
})
