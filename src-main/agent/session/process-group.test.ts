// process-group: `within`, a race against a timer that never outlives it (a pending timer kept the CLI
// alive for the whole grace period after its task was done); the reaper's kill of a dead owner's run.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { groupMembers, killOrphanGroup, processStartTime, within } from './process-group'

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

describe.runIf(process.platform !== 'win32')('killOrphanGroup', () => {
  it("kills what a dead run's leader left in its group, known by its recorded start time", async () => {
    const leader = spawn('sh', ['-c', 'sleep 30 & sleep 0.3'], { detached: true, stdio: 'ignore' })
    const pid = leader.pid as number
    const started = processStartTime(pid)
    expect(started).not.toBeNull()
    await once(leader, 'exit')
    try {
      expect(groupMembers(pid)).toHaveLength(1)
      expect(killOrphanGroup(pid, null)).toBe(false)
      expect(groupMembers(pid)).toHaveLength(1)
      expect(killOrphanGroup(pid, started)).toBe(true)
      const deadline = Date.now() + 2000
      while (groupMembers(pid).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20))
      expect(groupMembers(pid)).toEqual([])
    } finally {
      for (const left of groupMembers(pid)) process.kill(left, 'SIGKILL')
    }
  })
})
