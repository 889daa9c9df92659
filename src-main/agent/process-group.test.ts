// process-group: `within`, a race against a timer that never outlives it (a pending timer kept the CLI
// alive for the whole grace period after its task was done).
import { describe, expect, it } from 'vitest'
import { within } from './process-group'

const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length

describe('within', () => {
  it('answers the promise and leaves no timer behind', async () => {
    const before = timers()
    expect(await within(Promise.resolve('exited'), 60_000)).toBe('exited')
    expect(timers()).toBe(before)
  })

  it('answers null once the time is up, and the promise is left alone', async () => {
    let settle: (v: string) => void = () => {}
    const slow = new Promise<string>((resolve) => (settle = resolve))
    expect(await within(slow, 10)).toBeNull()
    settle('late')
    expect(await slow).toBe('late')
  })
})
