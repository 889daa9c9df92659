// Pairwise: per-case wins − losses over rounds, then an exact sign test over cases.
import { describe, expect, it } from 'vitest'
import type { FailureType } from '../../src-shared/run-state'
import { tabulate } from './cases'
import { pairwise } from './pairwise'
import { policy, run } from './runs.fixture'
import type { ExperimentRun, PairwiseOutcome } from './types'

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
      { rounds: 3 },
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

/** A run of `side` in round 1 whose execution failed with `failureType` (no score). */
const failed = (caseId: string, side: 'a' | 'b', failureType: FailureType): ExperimentRun =>
  run(caseId, side, 1, null, { executed: false, failureType })
/** A run of `side` in round 1 that completed and was scored 50. */
const done = (caseId: string, side: 'a' | 'b'): ExperimentRun => run(caseId, side, 1, 50)

describe('pairwise: failed runs and coverage', () => {
  it('a skill that makes b time out on 4 of 10 cases does not pass on the 6 survivors: each timeout is a loss for b', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `c${i}`)
    const runs = ids.flatMap((id, i) => [done(id, 'a'), i < 6 ? done(id, 'b') : failed(id, 'b', 'timeout')])
    // The judge compared only the cases where both sides answered, and preferred b on each.
    const judged = ids.slice(0, 6).map((id) => o(id, 1, 'b'))
    const d = pairwise(judged, policy(), { cases: tabulate(runs, 1).all })
    expect(d.decision).toMatchObject({
      verdict: 'inconclusive',
      wins: 6,
      losses: 4,
      n: 10,
      comparisons: 6,
      decidedByFailure: 4,
    })
    expect(d.reasons[0]).toBe(
      'pairwise: inconclusive — b won 6 cases, lost 4, tied 0 (6 comparisons; 4 rounds decided by a failure: ' +
        'a side whose run failed (timeout, crash, agent error) loses to one that completed, both failed is a tie); ' +
        'two-sided exact sign test p = 0.754 ≥ α 0.05',
    )
  })

  it.each<[string, ExperimentRun[], PairwiseOutcome['winner'] | 'none']>([
    ['b timed out, a completed → a wins', [done('x', 'a'), failed('x', 'b', 'timeout')], 'a'],
    ['a crashed, b completed → b wins', [failed('x', 'a', 'crashed'), done('x', 'b')], 'b'],
    [
      'both failed attributably → a tie',
      [failed('x', 'a', 'agent_error'), failed('x', 'b', 'timeout')],
      'tie',
    ],
    [
      'b hit a provider error (not the agent’s) → no verdict',
      [done('x', 'a'), failed('x', 'b', 'provider_error')],
      'none',
    ],
    ['b failed to launch → no verdict', [done('x', 'a'), failed('x', 'b', 'spawn_failed')], 'none'],
    ['b was interrupted → no verdict', [done('x', 'a'), failed('x', 'b', 'interrupted')], 'none'],
    ['b was canceled → no verdict', [done('x', 'a'), failed('x', 'b', 'canceled')], 'none'],
    ['b has no run → no verdict', [failed('x', 'a', 'timeout')], 'none'],
    [
      'b still pending → no verdict',
      [failed('x', 'a', 'timeout'), run('x', 'b', 1, null, { executed: false })],
      'none',
    ],
  ])('%s', (_why, runs, expected) => {
    const d = pairwise([], policy(), { cases: tabulate(runs, 1).all })
    if (expected === 'none') {
      expect(d.decision).toMatchObject({ n: 0, decidedByFailure: 0, perCase: [] })
      return
    }
    expect(d.decision.decidedByFailure).toBe(1)
    expect(d.decision.perCase).toEqual([
      {
        caseId: 'x',
        wins: expected === 'b' ? 1 : 0,
        losses: expected === 'a' ? 1 : 0,
        ties: expected === 'tie' ? 1 : 0,
        result: expected,
      },
    ])
  })

  it('policy.failedRunScore "missing": a failed run decides nothing here either', () => {
    const runs = [done('x', 'a'), failed('x', 'b', 'timeout')]
    const d = pairwise([], policy({ failedRunScore: 'missing' }), { cases: tabulate(runs, 1).all })
    expect(d.decision).toMatchObject({ n: 0, decidedByFailure: 0 })
  })

  it('verdicts on fewer than 80% of the cases → inconclusive, naming the figures, however clear the sign test', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `c${i}`)
    const runs = ids.flatMap((id) => [done(id, 'a'), done(id, 'b')])
    // The judge failed on 3 comparisons: 7 cases, all won by b (p = 2/128 alone would pass).
    const outcomes = ids.map((id, i) => o(id, 1, i < 7 ? 'b' : null))
    const d = pairwise(outcomes, policy(), { cases: tabulate(runs, 1).all })
    expect(d.decision).toMatchObject({ verdict: 'inconclusive', wins: 7, n: 7, total: 10 })
    expect(d.decision.pValue).toBeCloseTo(2 / 128, 12)
    expect(d.reasons[0]).toBe(
      'pairwise: inconclusive — only 7 of 10 cases (70%) have a verdict; at least 8 needed (80%), whatever the sign test says: ' +
        'b won 7 cases, lost 0, tied 0 (7 comparisons); two-sided exact sign test p = 0.0156 < α 0.05, b ahead',
    )
    // 8 of 10 is enough.
    const eight = ids.map((id, i) => o(id, 1, i < 8 ? 'b' : null))
    expect(pairwise(eight, policy(), { cases: tabulate(runs, 1).all }).decision.verdict).toBe('pass')
  })
})
