// The decision on screen is fetched again whenever something it is computed from changed — not only scores.
import { describe, expect, it } from 'vitest'
import { detail, run, summary } from '../testing/fixtures'
import { decisionBasis } from './decision-store'

const task = detail(summary('t1', 't1', { status: 'running' }))
const scored = run('t1', 'c1', 'a', 1, { status: 'scored', score: 60, skillLoaded: false })
const b = run('t1', 'c1', 'b', 1, { status: 'running' })

describe('decisionBasis', () => {
  it('changes when a run fails in a way that scores 0 (a timeout), though no score changed', () => {
    const before = decisionBasis([scored, b], task)
    const timedOut = { ...b, status: 'failed' as const, failureType: 'timeout' as const }
    expect(decisionBasis([scored, timedOut], task)).not.toBe(before)
  })

  it('tells a provider error from a timeout (one is missing, the other counts against the side)', () => {
    const failed = (failureType: 'timeout' | 'provider_error') => ({
      ...b,
      status: 'failed' as const,
      failureType,
    })
    expect(decisionBasis([scored, failed('timeout')], task)).not.toBe(
      decisionBasis([scored, failed('provider_error')], task),
    )
  })

  it('changes with skill use (the trigger rate) at the same score', () => {
    const used = { ...b, status: 'scored' as const, score: 70, skillLoaded: true }
    expect(decisionBasis([scored, used], task)).not.toBe(
      decisionBasis([scored, { ...used, skillLoaded: false }], task),
    )
  })

  it('changes when the job ends (pairwise comparisons are judged after every run is scored)', () => {
    const done = detail(summary('t1', 't1', { status: 'done', updatedAt: '2026-01-01T00:01:00Z' }))
    expect(decisionBasis([scored], done)).not.toBe(decisionBasis([scored], task))
  })

  it('stays the same for the same runs in another order', () => {
    expect(decisionBasis([scored, b], task)).toBe(decisionBasis([b, scored], task))
  })
})
