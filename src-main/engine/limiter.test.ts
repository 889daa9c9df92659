import { describe, expect, it } from 'vitest'
import { createLimiter } from './limiter'

const tick = (ms = 5): Promise<void> => new Promise((r) => setTimeout(r, ms))

describe('createLimiter', () => {
  it('never runs more than `size` tasks at once and runs them in order', async () => {
    const limiter = createLimiter(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        limiter.run(async () => {
          running += 1
          peak = Math.max(peak, running)
          order.push(i)
          await tick()
          running -= 1
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([1, 2, 3, 4, 5])
  })

  it('drops queued work when its signal aborts, without running it', async () => {
    const limiter = createLimiter(1)
    const ac = new AbortController()
    const ran: string[] = []
    const first = limiter.run(async () => {
      await tick(20)
      ran.push('first')
    })
    const second = limiter.run(async () => void ran.push('second'), ac.signal)
    ac.abort()
    await expect(second).rejects.toThrow(/cancel|abort/i)
    await first
    expect(ran).toEqual(['first'])
    expect(limiter.active).toBe(0)
    expect(limiter.queued).toBe(0)
  })

  it('refuses a size that is not a positive integer', () => {
    expect(() => createLimiter(0)).toThrow(/positive integer/)
  })
})
