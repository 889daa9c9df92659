// The one watchdog: the first of wall clock, idle limit and cancel decides; progress re-arms the idle limit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startWatchdog, type StopReason } from './watchdog'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function watch(idleTimeoutMs?: number, signal = new AbortController().signal) {
  const stops: StopReason[] = []
  const dog = startWatchdog({ timeoutMs: 1000, idleTimeoutMs, signal, onStop: (r) => stops.push(r) })
  return { dog, stops }
}

describe('startWatchdog', () => {
  it('stops an idle session, unless progress keeps it going until the wall clock', () => {
    const idle = watch(300)
    vi.advanceTimersByTime(299)
    expect(idle.stops).toEqual([])
    vi.advanceTimersByTime(1)
    expect(idle.stops).toEqual(['idle'])
    const busy = watch(300)
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(200)
      busy.dog.progress()
    }
    expect(busy.stops).toEqual(['timeout'])
    expect(busy.dog.reason).toBe('timeout')
  })

  it('a cancel stops at once, also when the signal was aborted before; the first reason stays', () => {
    const ac = new AbortController()
    const w = watch(undefined, ac.signal)
    ac.abort()
    vi.advanceTimersByTime(5000)
    expect(w.stops).toEqual(['canceled'])
    const early = watch(undefined, AbortSignal.abort())
    expect(early.stops).toEqual(['canceled'])
  })

  it('after dispose nothing fires', () => {
    const ac = new AbortController()
    const w = watch(100, ac.signal)
    w.dog.dispose()
    ac.abort()
    vi.advanceTimersByTime(5000)
    expect(w.stops).toEqual([])
    expect(w.dog.reason).toBeNull()
  })
})
