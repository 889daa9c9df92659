// The decision on screen is fetched again whenever something it is computed from changed — not only scores.
import { describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '../testing/fake-api.fixture'
import { detail, run, summary } from '../testing/views.fixture'
import { decisionBasis, REFRESH_MS, useDecision } from './decision-store'

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

describe('the noise floor while a calibration started here runs', () => {
  it("refreshes from the calibration's patches only, at most once a second", async () => {
    vi.useFakeTimers()
    try {
      const fake = installFakeApi({ 'tasks.noiseFloor': () => ({ calibrationTaskId: 'cal' }) })
      useDecision.setState({ taskId: 't1', floor: null, calibrating: null })
      const floorCalls = () => fake.calls.filter((c) => c.channel === 'tasks.noiseFloor')
      useDecision.getState().applyPatch({ tasks: [{ taskId: 'cal' }] })
      await vi.advanceTimersByTimeAsync(REFRESH_MS)
      expect(floorCalls()).toHaveLength(0) // not watching yet

      useDecision.getState().watchCalibration('cal')
      useDecision.getState().applyPatch({ tasks: [{ taskId: 'other' }] })
      await vi.advanceTimersByTimeAsync(REFRESH_MS)
      expect(floorCalls()).toHaveLength(0)
      useDecision.getState().applyPatch({ tasks: [{ taskId: 'cal' }] })
      useDecision.getState().applyPatch({ tasks: [{ taskId: 'cal' }] })
      await vi.advanceTimersByTimeAsync(REFRESH_MS)
      expect(floorCalls()).toEqual([{ channel: 'tasks.noiseFloor', payload: { taskId: 't1' } }])
      expect(useDecision.getState().floor).toEqual({ calibrationTaskId: 'cal' })
    } finally {
      vi.useRealTimers()
    }
  })
})
