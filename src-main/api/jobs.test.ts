// One job per task: a second is refused as busy, saying what the first is doing; a failed job's error is kept.
import { describe, expect, it } from 'vitest'
import { JobRegistry } from './jobs'

describe('JobRegistry', () => {
  it.each([
    ['run', 'the task is running: wait until it ends, or cancel it first'],
    ['reevaluate', 'the task is being re-evaluated: wait until it ends, or cancel it first'],
    ['triggers', 'the task is probing its triggers: wait until it ends, or cancel it first'],
  ] as const)('refuses a second job while a %s job holds the task', async (kind, message) => {
    const jobs = new JobRegistry(() => {})
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    const first = jobs.start('t1', kind, () => held)
    expect(() => jobs.start('t1', 'run', async () => {})).toThrow(
      expect.objectContaining({ kind: 'busy', message }),
    )
    release()
    await first.done
    expect(jobs.busy('t1')).toBe(false)
  })

  it("keeps a failed job's error as the task's message until its next job starts", async () => {
    const jobs = new JobRegistry(() => {})
    await jobs.start('t1', 'run', async () => {
      throw new Error('the provider refused the key')
    }).done
    expect(jobs.message('t1')).toBe('the provider refused the key')
    await jobs.start('t1', 'run', async () => {}).done
    expect(jobs.message('t1')).toBeNull()
  })
})
