import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from './connection'
import { openTempStore, seedTask, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
let runId: string
beforeEach(() => {
  t = openTempStore()
  store = t.store
  const task = seedTask(store)
  runId =
    store.runs.insertPending(task.id, [{ caseKey: 'c1', round: 1, side: 'b', caseHash: 'h' }])[0]?.id ?? ''
})
afterEach(() => t.cleanup())

describe('trajectories', () => {
  it('appends events in order across calls; a crash before finish keeps them', () => {
    expect(store.trajectories.get(runId)).toBeNull()
    store.trajectories.appendEvents(runId, [
      { type: 'step_start', n: 1 },
      { type: 'text', n: 2 },
    ])
    store.trajectories.appendEvents(runId, [])
    store.trajectories.appendEvents(runId, [{ type: 'tool_use', n: 3 }])
    const partial = store.trajectories.get(runId)
    expect(partial?.events.map((e) => e.n)).toEqual([1, 2, 3])
    expect(partial).toMatchObject({ sessionId: null, updatedAt: null })
    const seqs = store.db.prepare('SELECT seq FROM trajectory_event WHERE run_id = ? ORDER BY seq').all(runId)
    expect(seqs).toEqual([{ seq: 1 }, { seq: 2 }, { seq: 3 }])
  })

  it('finish stores the summary (and replaces it when called again)', () => {
    store.trajectories.appendEvents(runId, [{ type: 'step_finish', sessionID: 'ses_1' }])
    const summary = { sessionId: 'ses_1', prompt: 'p', finalOutput: 'done', diff: '+x', stderrTail: '' }
    store.trajectories.finish(runId, summary)
    expect(store.trajectories.get(runId)).toMatchObject({
      ...summary,
      runId,
      events: [{ type: 'step_finish', sessionID: 'ses_1' }],
    })
    store.trajectories.finish(runId, { ...summary, finalOutput: 'done again' })
    expect(store.trajectories.get(runId)?.finalOutput).toBe('done again')
  })

  it('clear forgets events and summary (before a deliberate re-execution)', () => {
    store.trajectories.appendEvents(runId, [{ type: 'text' }])
    store.trajectories.finish(runId, {
      sessionId: 's',
      prompt: null,
      finalOutput: null,
      diff: null,
      stderrTail: null,
    })
    store.trajectories.clear(runId)
    expect(store.trajectories.get(runId)).toBeNull()
    store.trajectories.appendEvents(runId, [{ type: 'again' }])
    expect(store.db.prepare('SELECT seq FROM trajectory_event WHERE run_id = ?').all(runId)).toEqual([
      { seq: 1 },
    ])
  })

  it('refuses events of an unknown run (foreign keys are on)', () => {
    expect(() => store.trajectories.appendEvents('run_nope', [{ type: 'x' }])).toThrow(/FOREIGN KEY/)
  })
})
