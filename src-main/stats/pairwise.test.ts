// Pairwise: per-case wins − losses over rounds, then an exact sign test over cases.
import { describe, expect, it } from 'vitest'
import { pairwise } from './pairwise'
import { policy } from './test-fixtures'
import type { PairwiseOutcome } from './types'

const o = (
  caseId: string,
  round: number,
  winner: PairwiseOutcome['winner'],
  flipped = false,
): PairwiseOutcome => ({
  caseId,
  round,
  winner,
  ...(flipped ? { flipped } : {}),
})

/** `n` cases, each with `rounds` comparisons all won by `winner`. */
const sweep = (n: number, winner: 'a' | 'b', rounds = 1) =>
  Array.from({ length: n }, (_, i) =>
    Array.from({ length: rounds }, (_, r) => o(`c${i}`, r + 1, winner)),
  ).flat()

describe('pairwise', () => {
  it('b wins 8 of 8 cases → pass (p = 2/256)', () => {
    const d = pairwise(sweep(8, 'b'), policy())
    expect(d.decision).toMatchObject({
      verdict: 'pass',
      wins: 8,
      losses: 0,
      ties: 0,
      n: 8,
      comparisons: 8,
      flipped: 0,
    })
    expect(d.decision.pValue).toBeCloseTo(2 / 256, 12)
    expect(d.reasons).toEqual([
      'pairwise: pass — b won 8 cases, lost 0, tied 0 (8 comparisons); two-sided exact sign test p = 0.00781 < α 0.05, b ahead',
    ])
  })

  it('a wins 8 of 8 cases → reject', () => {
    const d = pairwise(sweep(8, 'a'), policy())
    expect(d.decision).toMatchObject({ verdict: 'reject', wins: 0, losses: 8 })
    expect(d.reasons[0]).toMatch(/< α 0\.05, a ahead$/)
  })

  it('5 of 5 is not enough at α 0.05 (p = 0.0625) → inconclusive', () => {
    const d = pairwise(sweep(5, 'b'), policy())
    expect(d.decision.verdict).toBe('inconclusive')
    expect(d.decision.pValue).toBeCloseTo(0.0625, 12)
    expect(d.reasons[0]).toMatch(/p = 0\.0625 ≥ α 0\.05$/)
  })

  it('a judge that flips with the order produces ties, not wins: every case tied → no p-value, inconclusive', () => {
    const outcomes = Array.from({ length: 10 }, (_, i) => o(`c${i}`, 1, 'tie', true))
    const d = pairwise(outcomes, policy())
    expect(d.decision).toMatchObject({
      verdict: 'inconclusive',
      wins: 0,
      losses: 0,
      ties: 10,
      pValue: null,
      flipped: 10,
    })
    expect(d.reasons[0]).toBe(
      'pairwise: inconclusive — b won 0 cases, lost 0, tied 10 (10 comparisons, 10 flipped with the order (counted as ties)); two-sided exact sign test no p-value (every case tied)',
    )
  })

  it("a case's result is the sign of b's wins − losses over its rounds", () => {
    const d = pairwise(
      [
        o('x', 1, 'b'),
        o('x', 2, 'b'),
        o('x', 3, 'a'),
        o('y', 1, 'a'),
        o('y', 2, 'tie'),
        o('z', 1, 'b'),
        o('z', 2, 'a'),
        o('z', 3, 'tie', true),
      ],
      policy(),
    )
    expect(d.decision.perCase).toEqual([
      { caseId: 'x', wins: 2, losses: 1, ties: 0, result: 'b' },
      { caseId: 'y', wins: 0, losses: 1, ties: 1, result: 'a' },
      { caseId: 'z', wins: 1, losses: 1, ties: 1, result: 'tie' },
    ])
    expect(d.decision).toMatchObject({
      wins: 1,
      losses: 1,
      ties: 1,
      n: 3,
      comparisons: 8,
      flipped: 1,
      pValue: 1,
    })
  })

  it('no verdict (null) is ignored; a later outcome of a (case, round) replaces an earlier one; rounds above R dropped', () => {
    const d = pairwise(
      [o('x', 1, 'a'), o('x', 1, 'b'), o('x', 2, null), o('y', 1, null), o('y', 4, 'a')],
      policy(),
      3,
    )
    expect(d.decision.perCase).toEqual([{ caseId: 'x', wins: 1, losses: 0, ties: 0, result: 'b' }])
    expect(d.decision.comparisons).toBe(1)
  })

  it('no outcome with a verdict → inconclusive with n 0', () => {
    const d = pairwise([o('x', 1, null)], policy())
    expect(d.decision).toMatchObject({ verdict: 'inconclusive', n: 0, pValue: null, perCase: [] })
    expect(d.reasons).toEqual(['pairwise: inconclusive — no comparison has a verdict yet'])
  })
})
