import { describe, expect, it } from 'vitest'
import { sideQueue } from './side-queue'

const planned = (sides: string) =>
  [...sides].map((side, i) => ({ id: `${side}${i}`, side: side as 'a' | 'b' }))

describe('sideQueue', () => {
  it('two lanes over runs planned a, a, b, b keep one run of each side in flight (one warm slot a side)', () => {
    const q = sideQueue(planned('aabbaabb'))
    const first = q.take()
    const second = q.take()
    expect([first?.id, second?.id]).toEqual(['a0', 'b2'])
    // a finishes first: the next a goes, not a second b
    q.done(first!)
    expect(q.take()?.id).toBe('a1')
    q.done(second!)
    expect(q.take()?.id).toBe('b3')
  })

  it('keeps the planned order within a side and gives the earlier-planned side the tie', () => {
    const q = sideQueue(planned('bbaa'))
    const taken: string[] = []
    for (let r = q.take(); r; r = q.take()) {
      taken.push(r.id)
      q.done(r)
    }
    expect(taken).toEqual(['b0', 'b1', 'a2', 'a3'])
  })

  it('one side left: its runs fill every lane', () => {
    const q = sideQueue(planned('aaa'))
    expect([q.take()?.id, q.take()?.id, q.take()?.id, q.take()]).toEqual(['a0', 'a1', 'a2', undefined])
  })

  it('remaining lists the runs no lane took, in planned order (what a cancel marks canceled)', () => {
    const q = sideQueue(planned('abab'))
    q.take()
    expect(q.remaining().map((r) => r.id)).toEqual(['b1', 'a2', 'b3'])
  })
})
