import { describe, expect, it } from 'vitest'
import { decisionFixture, PAIRWISE } from '../src-renderer/src/testing/decision.fixture'
import type { Decision } from './decision'
import { verdictHeadline } from './verdict-headline'

const base = decisionFixture()
const pass = (d: Partial<Decision> = {}): Decision => ({
  ...base,
  verdict: 'pass',
  capability: { ...base.capability, verdict: 'pass', estimate: 12.3, ciLow: 4.1, ciHigh: 20.5, minLift: 5 },
  cost: { ...base.cost, verdict: 'pass' },
  stability: { ...base.stability, verdict: 'pass' },
  failures: { ...base.failures, verdict: 'pass' },
  ...d,
})

describe('verdict headline', () => {
  it('pass: the lift in points, and the limits held', () => {
    expect(verdictHeadline(pass())).toBe(
      'Passes: b lifts the score by 12 points (CI +4.1 to +20.5), and cost, stability and failures stay within their limits.',
    )
  })

  it('pass on the pairwise judge: who was preferred how often', () => {
    const d = pass({
      primary: 'pairwise',
      pairwise: { ...PAIRWISE, verdict: 'pass', wins: 7, losses: 1, n: 8 },
    })
    expect(verdictHeadline(d)).toBe(
      "Passes: the judge preferred b's answer in 7 of 8 cases and a's in 1, and cost, stability and failures stay within their limits.",
    )
  })

  it('reject by cost: the lift first, then how much more it costs than the budget allows', () => {
    const d = pass({
      verdict: 'reject',
      capability: { ...pass().capability, estimate: 53.2, ciLow: 40.1, ciHigh: 66.3 },
      cost: { ...base.cost, verdict: 'reject', metric: 'tokens', ratio: 1.59, limit: 1.2 },
    })
    expect(verdictHeadline(d)).toBe(
      'Rejected: b lifts the score by 53 points (CI +40.1 to +66.3), but b uses 59% more tokens than a, more than the 20% the budget allows.',
    )
  })

  it('reject by capability: short of the minimum even at its best, or a lower score', () => {
    const short = pass({
      verdict: 'reject',
      capability: { ...pass().capability, verdict: 'reject', estimate: 1.2, ciLow: -1.5, ciHigh: 3.9 },
    })
    expect(verdictHeadline(short)).toBe(
      'Rejected: b lifts the score by 1.2 points (CI −1.5 to +3.9), short of the 5-point minimum.',
    )
    const worse = pass({
      verdict: 'reject',
      capability: { ...pass().capability, verdict: 'reject', estimate: -14, ciLow: -20, ciHigh: -8 },
      failures: { ...base.failures, verdict: 'reject', failuresA: 1, runsA: 16, failuresB: 9, runsB: 16 },
    })
    expect(verdictHeadline(worse)).toBe(
      "Rejected: b lowers the score by 14 points (CI −20.0 to −8.0) and b's agent failed 9 of 16 runs, a's 1 of 16.",
    )
  })

  it('reject with no change at all says so, not a lift of 0', () => {
    const flat = pass({
      verdict: 'reject',
      capability: { ...pass().capability, verdict: 'reject', estimate: 0, ciLow: 0, ciHigh: 0 },
      cost: { ...base.cost, verdict: 'reject', metric: 'tokens', ratio: 1.57, limit: 1.2 },
    })
    expect(verdictHeadline(flat)).toBe(
      'Rejected: b leaves the score as it was (CI +0.0 to +0.0) and b uses 57% more tokens than a, more than the 20% the budget allows.',
    )
  })

  it('inconclusive by coverage: how many cases count and how many are needed', () => {
    const d = pass({
      verdict: 'inconclusive',
      coverage: { counting: 3, total: 10, rounds: 2, minScoredRounds: 1, sufficient: false },
    })
    expect(verdictHeadline(d)).toBe(
      'No verdict: only 3 of 10 cases have 1 scored rounds on both sides; 8 are needed.',
    )
  })

  it('inconclusive on the lift: could be none, or real but small; and how many cases would tell', () => {
    const none = pass({
      verdict: 'inconclusive',
      capability: { ...pass().capability, verdict: 'inconclusive', estimate: 3.5, ciLow: -4.2, ciHigh: 11.2 },
      casesNeeded: { cases: 24, rounds: 2 },
    })
    expect(verdictHeadline(none)).toBe(
      'No verdict yet: b lifts the score by 3.5 points (CI −4.2 to +11.2): that could be no lift at all. About 24 cases × 2 rounds would tell.',
    )
    const small = pass({
      verdict: 'inconclusive',
      capability: { ...pass().capability, verdict: 'inconclusive', estimate: 3.5, ciLow: 1.2, ciHigh: 5.8 },
      casesNeeded: null,
    })
    expect(verdictHeadline(small)).toBe(
      'No verdict yet: b lifts the score by 3.5 points (CI +1.2 to +5.8): a real lift, but under the 5-point minimum so far.',
    )
  })
})
