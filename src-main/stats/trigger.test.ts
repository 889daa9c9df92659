// Trigger rate: per-side rates with a Wilson interval, the lift split by whether b invoked the skill, the warning.
import { describe, expect, it } from 'vitest'
import { tabulate } from './cases'
import { policy, run } from './runs.fixture'
import { wilson } from './proportions'
import { LOW_TRIGGER_RATE, lowTriggerRate, trigger } from './trigger'
import type { ExperimentRun } from './types'

function decideTrigger(runs: ExperimentRun[], baselineHasSkill = false, over = {}) {
  const t = tabulate(runs)
  return trigger(t.all, t.counting, policy(over), { baselineHasSkill })
}

describe('wilson', () => {
  it.each([
    // Reference values (Wilson score interval, z = 1.959964).
    { k: 0, n: 10, low: 0, high: 0.2775 },
    { k: 5, n: 10, low: 0.2366, high: 0.7634 },
    { k: 10, n: 10, low: 0.7225, high: 1 },
    { k: 1, n: 1, low: 0.2065, high: 1 },
  ])('$k of $n → [$low, $high]', ({ k, n, low, high }) => {
    const ci = wilson(k, n, 0.05)
    expect(ci.low).toBeCloseTo(low, 4)
    expect(ci.high).toBeCloseTo(high, 4)
  })

  it('n = 0 → no interval', () => {
    expect(wilson(0, 0, 0.05)).toEqual({ low: null, high: null })
  })
})

describe('trigger', () => {
  it('a skill listed but never invoked → b rate 0 and the low-trigger-rate warning naming the rate', () => {
    const runs = [1, 2, 3].flatMap((i) => [
      run(`c${i}`, 'a', 1, 50, { skillLoaded: false }),
      run(`c${i}`, 'b', 1, 50, { skillLoaded: false }),
    ])
    const d = decideTrigger(runs)
    expect(d.decision.a).toBeNull()
    expect(d.decision.b).toMatchObject({ runs: 3, invoked: 0, rate: 0, ciLow: 0 })
    expect(d.warnings).toEqual([
      {
        code: LOW_TRIGGER_RATE,
        message:
          'side b invoked the skill in 0 of 3 runs (0%), below minTriggerRate 50%: the skill was not used in most runs, ' +
          "so the measured lift is mostly not its effect; check the skill's description (it is what tells the agent when to use the skill)",
      },
    ])
    expect(d.reasons[0]).toMatch(
      /^trigger: b invoked the skill in 0 of 3 runs \(0%\), 95% Wilson CI \[0%, 56%\]; a has no skill$/,
    )
  })

  it('only executed runs whose invocation is known count; a is reported when it has a skill', () => {
    const runs = [
      run('c1', 'b', 1, 60, { skillLoaded: true }),
      run('c1', 'b', 2, 60, { skillLoaded: null }),
      run('c1', 'b', 3, null, { executed: false, skillLoaded: true, failureType: 'timeout' }),
      run('c1', 'a', 1, 40, { skillLoaded: false }),
      run('c1', 'a', 2, 40, { skillLoaded: true }),
    ]
    const d = decideTrigger(runs, true)
    expect(d.decision.b).toMatchObject({ runs: 1, invoked: 1, rate: 1 })
    expect(d.decision.a).toMatchObject({ runs: 2, invoked: 1, rate: 0.5 })
    expect(d.warnings).toEqual([])
    expect(d.reasons[0]).toMatch(
      /; a invoked the skill in 1 of 2 runs \(50%\), 95% Wilson CI \[\d+%, \d+%\]$/,
    )
  })

  it('unknown everywhere → rate null, no warning, a reason saying so', () => {
    const d = decideTrigger([run('c1', 'a', 1, 50), run('c1', 'b', 1, 50)])
    expect(d.decision.b).toEqual({ runs: 0, invoked: 0, rate: null, ciLow: null, ciHigh: null })
    expect(d.warnings).toEqual([])
    expect(d.reasons).toEqual([
      'trigger: b: not known (no executed run reports whether the skill was invoked); a has no skill',
    ])
    expect(d.decision.liftInvoked).toEqual({ estimate: null, n: 0 })
  })

  it('splits the lift: cases where b invoked the skill in every scored round vs cases where it missed one', () => {
    const spec: [string, number, (boolean | null)[]][] = [
      ['all1', 20, [true, true]],
      ['all2', 30, [true, true]],
      ['miss1', 0, [true, false]],
      ['miss2', 4, [false, false]],
      ['unknown', 50, [true, null]],
    ]
    const runs = spec.flatMap(([c, lift, loaded]) =>
      loaded.flatMap((l, r) => [
        run(c, 'a', r + 1, 40, { skillLoaded: false }),
        run(c, 'b', r + 1, 40 + lift, { skillLoaded: l }),
      ]),
    )
    const d = decideTrigger(runs)
    expect(d.decision.liftInvoked).toEqual({ estimate: 25, n: 2 })
    expect(d.decision.liftNotInvoked).toEqual({ estimate: 2, n: 2 })
    expect(d.decision.b).toMatchObject({ runs: 9, invoked: 6 })
    expect(d.reasons[1]).toBe(
      'trigger, lift split (descriptive): on cases where b invoked the skill in every scored round +25.0 points (n = 2); on the others +2.0 points (n = 2)',
    )
  })

  it('the warning follows policy.minTriggerRate and says how many runs went without the skill', () => {
    const b = { runs: 10, invoked: 7, rate: 0.7, ciLow: 0.4, ciHigh: 0.9 }
    expect(lowTriggerRate(b, 0.5)).toEqual([])
    expect(lowTriggerRate(b, 0.8)[0]?.message).toMatch(
      /^side b invoked the skill in 7 of 10 runs \(70%\), below minTriggerRate 80%: the skill was not used in 3 runs, so part of the measured lift is not its effect;/,
    )
    expect(lowTriggerRate({ ...b, rate: null, runs: 0, invoked: 0 }, 0.5)).toEqual([])
  })
})
