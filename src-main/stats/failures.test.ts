// Failures: the per-case share of attributable failures, paired b − a, against failureTolerance.
import { describe, expect, it } from 'vitest'
import type { FailureType } from '../../src-shared/run-state'
import { tabulate } from './cases'
import { failureKind, failures } from './failures'
import { policy, run } from './runs.fixture'
import type { ExperimentRun } from './types'

const ok = (c: string, side: 'a' | 'b', round: number) => run(c, side, round, 50)
const failed = (c: string, side: 'a' | 'b', round: number, failureType: FailureType = 'timeout') =>
  run(c, side, round, null, { executed: false, failureType, tokens: null, durationMs: null })

/** `cases` cases × `rounds` rounds; `bFails(i, r)` / `aFails(i, r)` say which runs time out. */
function experiment(
  cases: number,
  rounds: number,
  bFails: (i: number, r: number) => boolean,
  aFails: (i: number, r: number) => boolean = () => false,
): ExperimentRun[] {
  const runs: ExperimentRun[] = []
  for (let i = 0; i < cases; i++)
    for (let r = 1; r <= rounds; r++) {
      runs.push(aFails(i, r) ? failed(`c${i}`, 'a', r) : ok(`c${i}`, 'a', r))
      runs.push(bFails(i, r) ? failed(`c${i}`, 'b', r) : ok(`c${i}`, 'b', r))
    }
  return runs
}

const decideFailures = (runs: ExperimentRun[], over = {}) => failures(tabulate(runs).all, policy(over))

describe('failures', () => {
  it.each<[string, ExperimentRun, string]>([
    ['timeout', failed('c', 'a', 1, 'timeout'), 'failed'],
    ['crash', failed('c', 'a', 1, 'crashed'), 'failed'],
    ["the agent's own error", failed('c', 'a', 1, 'agent_error'), 'failed'],
    ['a provider error', failed('c', 'a', 1, 'provider_error'), 'excluded'],
    ['a launch failure', failed('c', 'a', 1, 'spawn_failed'), 'excluded'],
    ['an interruption', failed('c', 'a', 1, 'interrupted'), 'excluded'],
    ['a cancel', failed('c', 'a', 1, 'canceled'), 'excluded'],
    ['an executed run', ok('c', 'a', 1), 'completed'],
    ['a scored run not marked executed', run('c', 'a', 1, 40, { executed: false }), 'completed'],
    ['a pending run', run('c', 'a', 1, null, { executed: false }), 'pending'],
  ])('%s counts as %s', (_, r, kind) => {
    expect(failureKind(r)).toBe(kind)
  })

  it('b times out on every case → reject, the reason naming both failure rates', () => {
    const d = decideFailures(experiment(6, 1, () => true))
    expect(d.decision).toMatchObject({
      verdict: 'reject',
      diff: 1,
      ciHigh: 1,
      failuresA: 0,
      failuresB: 6,
      runsA: 6,
      runsB: 6,
      n: 6,
      tolerance: 0.1,
      excludedA: 0,
      excludedB: 0,
    })
    // Newcombe's interval on 6 of 6 vs 0 of 6 runs is wider than the paired t-interval (a point here).
    expect(d.decision.ciLow).toBeCloseTo(0.448, 3)
    expect(d.reasons).toEqual([
      'failures: reject — b failed 6 of 6 runs (100%), a 0 of 6 (0%); per-case difference b − a +100.0 points of share, ' +
        '95% CI [44.8, 100.0] (n = 6): CI low 44.8 > failureTolerance 0.1 (10 points)',
    ])
  })

  it('every case failing alike (once in three rounds on b) is not a reject on thin evidence', () => {
    // The paired t-interval collapses to the point +33.3; 3 of 9 runs vs 0 of 9 is no proof of a rise.
    const d = decideFailures(experiment(3, 3, (_i, r) => r === 1))
    expect(d.decision.diff).toBeCloseTo(1 / 3, 9)
    expect(d.decision.ciLow as number).toBeLessThan(0)
    expect(d.decision.verdict).toBe('inconclusive')
  })

  it('no failures on either side, over enough runs to bound b at 10 points → pass', () => {
    const d = decideFailures(experiment(20, 2, () => false))
    expect(d.decision).toMatchObject({
      verdict: 'pass',
      diff: 0,
      ciLow: expect.any(Number),
      runsA: 40,
      runsB: 40,
    })
    expect(d.decision.ciHigh as number).toBeLessThanOrEqual(0.1)
    expect(d.reasons[0]).toMatch(/≤ failureTolerance 0\.1 \(10 points\)$/)
  })

  it('no failures over few runs: inconclusive, since 0 of 15 does not bound b below 10 points', () => {
    const d = decideFailures(experiment(5, 3, () => false))
    expect(d.decision).toMatchObject({ verdict: 'inconclusive', diff: 0, runsA: 15, runsB: 15 })
  })

  it('an uncertain rise in failures → inconclusive', () => {
    // b fails 1 of 3 rounds in half of 8 cases: d = 1/3 on 4 cases, 0 on 4.
    const d = decideFailures(experiment(8, 3, (i, r) => i % 2 === 0 && r === 1))
    expect(d.decision.verdict).toBe('inconclusive')
    expect(d.decision.diff).toBeCloseTo(1 / 6, 9)
    expect(d.decision.ciLow as number).toBeLessThanOrEqual(0.1)
    expect(d.decision.ciHigh as number).toBeGreaterThan(0.1)
    expect(d.reasons[0]).toMatch(/^failures: inconclusive — b failed 4 of 24 runs \(17%\), a 0 of 24 \(0%\);/)
  })

  it('a higher tolerance turns the same rise into a pass', () => {
    const runs = experiment(8, 3, (i, r) => i % 2 === 0 && r === 1)
    expect(decideFailures(runs, { failureTolerance: 0.5 }).decision.verdict).toBe('pass')
  })

  it('provider errors, launch failures, interruptions and cancels never count against a side', () => {
    const types: FailureType[] = ['provider_error', 'spawn_failed', 'interrupted', 'canceled']
    const runs = experiment(4, 2, () => false).map((r) =>
      r.side === 'b' && r.round === 2 ? failed(r.caseId, 'b', 2, types[Number(r.caseId.slice(1))]) : r,
    )
    const d = decideFailures(runs, { failureTolerance: 0.7 })
    expect(d.decision).toMatchObject({
      verdict: 'pass',
      failuresB: 0,
      runsB: 4,
      excludedB: 4,
      excludedA: 0,
      diff: 0,
    })
    expect(d.reasons[0]).toMatch(
      /left out as not the agent's failures \(provider errors, launch failures, interruptions, cancels\): a 0 runs, b 4 runs$/,
    )
  })

  it('pending runs are not counted; a case without a counted run on one side is not paired', () => {
    const runs = [
      ok('c1', 'a', 1),
      failed('c1', 'b', 1),
      ok('c2', 'a', 1),
      run('c2', 'b', 1, null, { executed: false }),
    ]
    const d = decideFailures(runs)
    expect(d.decision).toMatchObject({ verdict: 'inconclusive', n: 1, runsA: 2, runsB: 1, failuresB: 1 })
    expect(d.reasons[0]).toBe(
      'failures: inconclusive — b failed 1 of 1 run (100%), a 0 of 2 (0%); 1 case with a counted run on both sides; at least 2 are needed',
    )
  })

  it('fewer failures on b is a pass (the interval is below the tolerance)', () => {
    const d = decideFailures(
      experiment(
        6,
        2,
        () => false,
        () => true,
      ),
    )
    expect(d.decision).toMatchObject({ verdict: 'pass', diff: -1, failuresA: 12, failuresB: 0 })
  })
})
