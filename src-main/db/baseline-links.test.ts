import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from './connection'
import type { RunRow } from './run-rows'
import { openTempStore, seedTask, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
const KEY = 'sha256:key'
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

/** An a-run of a new task that executed (session `session`), with its trajectory. */
function executedRun(taskName: string, session: string, opts: { fail?: boolean } = {}): RunRow {
  const task = seedTask(store, taskName)
  const [run] = store.runs.insertPending(task.id, [{ caseKey: 'c1', round: 1, side: 'a', caseHash: 'h1' }])
  if (!run) throw new Error('no run')
  store.baselineLinks.setReuseKey([run.id], KEY)
  store.runs.transition(run.id, { from: ['pending'], to: 'running' })
  store.trajectories.appendEvents(run.id, [{ type: 'text', text: `said by ${session}` } as never])
  store.trajectories.finish(run.id, {
    sessionId: session,
    prompt: 'say hi',
    finalOutput: 'hi',
    diff: '',
    stderrTail: '',
  })
  const done = store.runs.transition(run.id, {
    from: ['running'],
    to: opts.fail ? 'failed' : 'executed',
    patch: {
      sessionId: session,
      costUsd: 0.01,
      ...(opts.fail ? { failureType: 'interrupted' as const } : {}),
    },
  })
  if (!done) throw new Error('no transition')
  return done
}

function pendingA(taskName: string): RunRow {
  const task = seedTask(store, taskName)
  const [run] = store.runs.insertPending(task.id, [{ caseKey: 'c1', round: 1, side: 'a', caseHash: 'h1' }])
  if (!run) throw new Error('no run')
  return run
}

describe('baseline links', () => {
  it('invariant 12: offers only completed executions of other tasks with the same key and case hash, never an interrupted one', () => {
    const good = executedRun('first', 'ses_1')
    executedRun('broken', 'ses_2', { fail: true })
    const next = pendingA('second')
    expect(store.baselineLinks.donors(KEY, 'h1', next.taskId).map((r) => r.id)).toEqual([good.id])
    expect(store.baselineLinks.donors('sha256:other', 'h1', next.taskId)).toEqual([])
    expect(store.baselineLinks.donors(KEY, 'h2', next.taskId)).toEqual([])
    expect(store.baselineLinks.donors(KEY, 'h1', good.taskId)).toEqual([])
  })

  it('a linked run shows the execution and its trajectory, and is linkable only once', () => {
    const donor = executedRun('first', 'ses_1')
    const next = pendingA('second')
    const linked = store.baselineLinks.link(next.id, donor)
    expect(linked).toMatchObject({ status: 'executed', sessionId: 'ses_1', costUsd: 0.01, attempt: 0 })
    expect(linked?.reusedFrom).toEqual({ runId: donor.id, taskId: donor.taskId })
    expect(store.trajectories.get(next.id)?.events).toEqual([{ type: 'text', text: 'said by ses_1' }])
    expect(store.baselineLinks.link(next.id, donor)).toBeNull()
    expect(store.runs.history(next.id).map((h) => h.to)).toEqual(['pending', 'executed'])
  })

  it('invariant 12: a run the user re-ran is never linked again: it executes', () => {
    const donor = executedRun('first', 'ses_1')
    const next = pendingA('second')
    store.baselineLinks.link(next.id, donor)
    const reset = store.runs.transition(next.id, { from: ['executed'], to: 'pending' })
    expect(reset?.reusedFrom).toBeNull()
    expect(reset?.sessionId).toBeNull()
    expect(store.baselineLinks.linkable(next.taskId)).toEqual([])
    // The first task's run is untouched.
    expect(store.runs.get(donor.id)).toEqual(donor)
  })

  it('invariant 12: re-executing the run that executed it, or deleting its task, hands the trajectory to the linked run', () => {
    const donor = executedRun('first', 'ses_1')
    const next = pendingA('second')
    store.baselineLinks.link(next.id, donor)
    store.transaction(() => {
      store.runs.transition(donor.id, { from: ['executed'], to: 'pending' })
      store.trajectories.clear(donor.id)
    })
    expect(store.trajectories.get(donor.id)).toBeNull()
    expect(store.trajectories.get(next.id)?.sessionId).toBe('ses_1')

    const other = executedRun('third', 'ses_3')
    const last = pendingA('fourth')
    store.baselineLinks.link(last.id, other)
    expect(store.tasks.delete(other.taskId)).toBe(true)
    expect(store.runs.get(other.id)).toBeNull()
    expect(store.trajectories.get(last.id)?.events).toEqual([{ type: 'text', text: 'said by ses_3' }])
    expect(store.runs.get(last.id)?.reusedFrom).toEqual({ runId: other.id, taskId: other.taskId })
  })
})
