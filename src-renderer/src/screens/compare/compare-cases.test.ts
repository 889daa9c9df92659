import { describe, expect, it } from 'vitest'
import { compareCases, type CaseDelta } from './compare-cases'

const c = (caseId: string, meanA: number | null, meanB: number | null): CaseDelta => ({
  caseId,
  meanA,
  meanB,
  delta: meanA === null || meanB === null ? null : meanB - meanA,
})

describe('compareCases', () => {
  it('matches cases by id in the left order, gives each Δ and its change, and lists the unmatched', () => {
    const out = compareCases(
      [c('hello', 50, 80), c('only-left', 10, 20), c('goodbye', 60, 55), c('unscored', null, 70)],
      [c('goodbye', 60, 75), c('hello', 40, 50), c('unscored', 50, 60), c('only-right', 1, 2)],
    )
    expect(out.matched.map((m) => [m.caseId, m.left.delta, m.right.delta, m.change])).toEqual([
      ['hello', 30, 10, -20],
      ['goodbye', -5, 15, 20],
      ['unscored', null, 10, null],
    ])
    expect(out.onlyLeft).toEqual(['only-left'])
    expect(out.onlyRight).toEqual(['only-right'])
  })
})
