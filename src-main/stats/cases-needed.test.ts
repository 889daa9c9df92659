// Cases needed: the pass probability, the smallest n, and each null / recommendation branch.
import { describe, expect, it } from 'vitest'
import type { CapabilityDecision } from '../../src-shared/decision'
import { capability } from './capability'
import { casesNeeded, passProbability, smallestCases } from './cases-needed'
import { policy } from './runs.fixture'

const base = capability([], policy()).decision
const cap = (over: Partial<CapabilityDecision>): CapabilityDecision => ({
  ...base,
  verdict: 'inconclusive',
  estimate: 8,
  sd: 15,
  n: 10,
  varianceWithin: 45,
  varianceBetween: 180,
  ...over,
})

describe('pass probability (normal approximation) and the smallest n', () => {
  it('rises with n when the lift is above minLift, and stays ≤ ½ at or below it', () => {
    const p = [2, 5, 10, 20, 40, 80].map((n) => passProbability(n, 10, 15, policy()))
    expect(p).toEqual([...p].sort((x, y) => x - y))
    expect(passProbability(10_000, 5, 15, policy())).toBeLessThanOrEqual(0.5)
    expect(passProbability(1, 10, 15, policy())).toBe(0)
    expect(passProbability(2, 10, 0, policy())).toBe(1)
  })

  it.each([
    { lift: 10, sd: 15, n: 20 },
    { lift: 10, sd: 5, n: 5 },
    { lift: 6, sd: 15, n: 160 },
    { lift: 5, sd: 15, n: null },
  ])('lift $lift, sd $sd → n = $n', ({ lift, sd, n }) => {
    const found = smallestCases(lift, sd, policy())
    expect(found).toBe(n)
    if (found !== null) {
      expect(passProbability(found, lift, sd, policy())).toBeGreaterThanOrEqual(0.8)
      expect(passProbability(found - 1, lift, sd, policy())).toBeLessThan(0.8)
    }
  })
})

describe('casesNeeded', () => {
  it('is null, without a reason, when capability already passes', () => {
    expect(casesNeeded(cap({ verdict: 'pass' }), 3, policy())).toEqual({ value: null, reasons: [] })
  })

  it.each([
    { estimate: 3, text: /observed lift \+3\.0 is not above minLift 5: more cases are not expected to pass/ },
    { estimate: 5, text: /not above minLift 5/ },
    { estimate: -4, text: /not above minLift 5/ },
  ])(
    'is null when the observed lift ($estimate) is not above minLift, and says why',
    ({ estimate, text }) => {
      const r = casesNeeded(cap({ estimate }), 3, policy())
      expect(r.value).toBeNull()
      expect(r.reasons[0]).toMatch(text)
    },
  )

  it('is null when not computable (n < 2)', () => {
    const r = casesNeeded(cap({ n: 1, sd: null, estimate: 8 }), 3, policy())
    expect(r).toEqual({
      value: null,
      reasons: ['cases needed: not computable with fewer than 2 counting cases'],
    })
  })

  it.each([
    { within: 0, between: 225, more: /more rounds alone cannot reach it \(only cases help\)/ },
    {
      within: 45,
      between: 180,
      more: /more rounds alone cannot reach it \(even at 20 rounds 25 cases are needed\)/,
    },
    {
      within: 225,
      between: 0,
      more: /adding cases beats adding rounds \(20 more cases × 3 rounds = 60 more runs per side, vs 11 rounds on the 10 cases = 80 more runs per side\)/,
    },
  ])(
    'recommends cases × rounds and says when cases beat rounds (within $within, between $between)',
    ({ within, between, more }) => {
      const r = casesNeeded(cap({ varianceWithin: within, varianceBetween: between }), 3, policy())
      expect(r.value).toEqual({ cases: 30, rounds: 3 })
      expect(r.reasons[0]).toMatch(
        /^cases needed: 30 cases × 3 rounds \(now 10 × 3\) for an 80% chance to pass at the observed lift \+8\.0 and per-case sd 15\.0 \(normal approximation/,
      )
      expect(r.reasons[1]).toMatch(more)
    },
  )

  it('says rounds cannot be judged when round noise is not estimable', () => {
    const r = casesNeeded(cap({ varianceWithin: null, varianceBetween: null }), 1, policy())
    expect(r.value).toEqual({ cases: 30, rounds: 1 })
    expect(r.reasons[1]).toMatch(/round noise cannot be estimated .* so add cases/)
  })
})
