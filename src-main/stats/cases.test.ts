// Tabulation: which cases count (⌈R/2⌉ scored rounds per side), missing runs, R and later attempts.
import { describe, expect, it } from 'vitest'
import type { FailureType } from '../../src-shared/run-state'
import { runScore, tabulate } from './cases'
import { casesFrom, run } from './runs.fixture'

describe('tabulate: the case is the unit', () => {
  it.each([
    { R: 1, min: 1 },
    { R: 2, min: 1 },
    { R: 3, min: 2 },
    { R: 4, min: 2 },
    { R: 5, min: 3 },
  ])('a case counts with ≥ ⌈R/2⌉ scored rounds per side: R = $R → $min', ({ R, min }) => {
    expect(tabulate([run('c', 'a', 1, 50)], R).minScored).toBe(min)
  })

  it('missing scores are missing, not zero; a case counts only when both sides have enough', () => {
    const t = tabulate(
      casesFrom({
        ok: { a: [50, null, 70], b: [80, 90, 100] },
        short: { a: [50, null, null], b: [80, 90, 100] },
        oneSided: { a: [50, 60, 70], b: [] },
      }),
    )
    expect(t.rounds).toBe(3)
    expect(t.all.map((c) => c.caseId)).toEqual(['ok', 'oneSided', 'short'])
    expect(t.counting.map((c) => c.caseId)).toEqual(['ok'])
    expect(t.counting[0]?.a.scores).toEqual([50, 70])
  })

  it('R defaults to the highest round; rounds above R are ignored; a later entry replaces an earlier one', () => {
    const runs = [run('c', 'a', 2, 10), run('c', 'a', 1, 20), run('c', 'a', 2, 30), run('c', 'a', 4, 99)]
    expect(tabulate(runs).rounds).toBe(4)
    const t = tabulate(runs, 3)
    expect(t.all[0]?.a.scores).toEqual([20, 30])
  })

  it('adaptive rounds: each case counts against its own rounds, and runs past them are ignored', () => {
    const runs = casesFrom({
      short: { a: [50], b: [60] },
      long: { a: [50, null, null, 70], b: [60, 70, 80, 90] },
    })
    const t = tabulate(runs, undefined, 'missing', { short: 1, long: 3 })
    expect(t.rounds).toBe(3)
    expect(t.counting.map((c) => c.caseId)).toEqual(['short'])
    expect(t.all.find((c) => c.caseId === 'long')?.b.scores).toEqual([60, 70, 80])
  })

  it('only executed runs carry cost', () => {
    const t = tabulate([run('c', 'a', 1, 50), run('c', 'a', 2, null, { executed: false, tokens: null })])
    expect(t.all[0]?.a.executed).toHaveLength(1)
  })

  it('a failed run: attributable failures score 0 by default, stay missing with "missing"; others always missing', () => {
    const failed = (failureType: FailureType) => run('c', 'b', 1, null, { executed: false, failureType })
    const rows: [FailureType, 0 | 'missing', number | null][] = [
      ['timeout', 0, 0],
      ['crashed', 0, 0],
      ['agent_error', 0, 0],
      ['timeout', 'missing', null],
      ['provider_error', 0, null],
      ['spawn_failed', 0, null],
      ['interrupted', 0, null],
      ['canceled', 0, null],
    ]
    for (const [type, policyScore, expected] of rows)
      expect({ type, policyScore, score: runScore(failed(type), policyScore) }).toEqual({
        type,
        policyScore,
        score: expected,
      })
    expect(runScore(run('c', 'b', 1, 70, { failureType: 'timeout' }), 0)).toBe(70)
    expect(runScore(run('c', 'b', 1, null), 0)).toBeNull()
  })

  it('a side that times out every round counts with score 0 (failedRunScore 0), and not at all with "missing"', () => {
    const runs = [
      ...[1, 2, 3].map((r) => run('c', 'a', r, 60)),
      ...[1, 2, 3].map((r) => run('c', 'b', r, null, { executed: false, failureType: 'timeout' })),
    ]
    const zero = tabulate(runs, 3, 0)
    expect(zero.counting[0]?.b.scores).toEqual([0, 0, 0])
    expect(zero.counting[0]?.b.executed).toEqual([])
    expect(zero.all[0]?.b.runs).toHaveLength(3)
    expect(tabulate(runs, 3, 'missing').counting).toEqual([])
  })
})
