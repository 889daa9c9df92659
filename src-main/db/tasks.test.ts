import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from './connection'
import { StoreError } from './errors'
import { openTempStore, seedTask, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

describe('tasks', () => {
  it('creates a task and finds it by identity', () => {
    const task = seedTask(store)
    expect(task).toMatchObject({
      taskName: 'pirate v2 vs none',
      skillVersion: 'v2',
      status: 'idle',
      evaluationBatchId: null,
    })
    expect(store.tasks.get(task.id)).toEqual(task)
    expect(
      store.tasks.findByIdentity({
        skillName: 'pirate-speak',
        skillVersion: 'v2',
        taskName: 'pirate v2 vs none',
      }),
    ).toEqual(task)
    expect(
      store.tasks.findByIdentity({
        skillName: 'pirate-speak',
        skillVersion: 'v3',
        taskName: 'pirate v2 vs none',
      }),
    ).toBeNull()
  })

  it('invariant 5: refuses a duplicate identity with a duplicate_task error naming it', () => {
    const task = seedTask(store)
    let err: unknown
    try {
      seedTask(store)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(StoreError)
    const dup = err as StoreError
    expect([dup.code, dup.kind]).toEqual(['duplicate_task', 'conflict'])
    expect(dup.message).toBe(
      'an A/B task named "pirate v2 vs none" already exists for skill "pirate-speak" version "v2": ' +
        'resume it, or choose another task name or version label',
    )
    expect(store.tasks.list().map((row) => row.id)).toEqual([task.id])
  })

  it('a second task with another name for the same version works; the unique key is in the schema', () => {
    const a = seedTask(store, 'first')
    const b = seedTask(store, 'second')
    const c = seedTask(store, 'first', 'v3')
    expect(new Set([a.id, b.id, c.id]).size).toBe(3)
    expect(
      store.tasks
        .list()
        .map((x) => x.taskName)
        .sort(),
    ).toEqual(['first', 'first', 'second'])
    // Even a writer that skips the repository cannot create a duplicate.
    expect(() =>
      store.db
        .prepare(
          `INSERT INTO grayscale_task (id, task_name, skill_name, skill_version, config_json, skill_version_b_id,
           dataset_id, created_at, updated_at) SELECT 'x', task_name, skill_name, skill_version, config_json,
           skill_version_b_id, dataset_id, created_at, updated_at FROM grayscale_task WHERE id = ?`,
        )
        .run(a.id),
    ).toThrow(/UNIQUE/)
  })

  it('setStatus and updateConfig touch updatedAt', () => {
    const task = seedTask(store)
    const running = store.tasks.setStatus(task.id, 'running')
    expect(running.status).toBe('running')
    expect(running.updatedAt >= task.updatedAt).toBe(true)
    const updated = store.tasks.updateConfig(task.id, '{"name":"changed"}')
    expect(updated).toMatchObject({
      configJson: '{"name":"changed"}',
      datasetId: task.datasetId,
      status: 'running',
    })
    expect(() => store.tasks.setStatus('nope', 'done')).toThrow(/no A\/B task/)
  })

  it('claimOwner is a compare-and-set that yields only to a dead owner', () => {
    const task = seedTask(store)
    const me = store.instances.register('cli')
    const other = store.instances.register('app')
    expect(store.tasks.claimOwner(task.id, me.id, () => false)).toMatchObject({ claimed: true })
    expect(store.tasks.claimOwner(task.id, me.id, () => false).claimed).toBe(true) // re-entrant
    const refused = store.tasks.claimOwner(task.id, other.id, () => false)
    expect(refused).toMatchObject({ claimed: false, ownerInstanceId: me.id })
    const asked: string[] = []
    const taken = store.tasks.claimOwner(task.id, other.id, (id) => (asked.push(id), id === me.id))
    expect(asked).toEqual([me.id])
    expect(taken.claimed && taken.task.ownerInstanceId).toBe(other.id)
    expect(store.tasks.releaseOwner(task.id, me.id)).toBe(false)
    expect(store.tasks.releaseOwner(task.id, other.id)).toBe(true)
    expect(store.tasks.get(task.id)?.ownerInstanceId).toBeNull()
  })

  it('invariant 1: ensureBatchId keeps the first batch across two connections', () => {
    const task = seedTask(store)
    const second = openStore(t.dir)
    try {
      // Both evaluators read "no batch yet" before either writes …
      expect(store.tasks.get(task.id)?.evaluationBatchId).toBeNull()
      expect(second.tasks.get(task.id)?.evaluationBatchId).toBeNull()
      // … and each proposes its own id: the second one gets the first one's.
      expect(second.tasks.ensureBatchId(task.id, 'batch_from_second')).toBe('batch_from_second')
      expect(store.tasks.ensureBatchId(task.id, 'batch_from_first')).toBe('batch_from_second')
      expect(store.tasks.ensureBatchId(task.id, 'batch_later')).toBe('batch_from_second')
      expect(store.tasks.get(task.id)?.evaluationBatchId).toBe('batch_from_second')
    } finally {
      second.close()
    }
  })

  it('ensureBatchId waits for a concurrent writer instead of racing it', () => {
    const task = seedTask(store)
    const second = openStore(t.dir)
    try {
      second.db.pragma('busy_timeout = 0')
      // While the first connection holds the write lock, the second cannot slip a batch in …
      store.transaction(() => {
        expect(store.tasks.ensureBatchId(task.id, 'batch_a')).toBe('batch_a')
        expect(() => second.tasks.ensureBatchId(task.id, 'batch_b')).toThrow(/locked|busy/i)
      })
      // … and afterwards it sees the committed one.
      expect(second.tasks.ensureBatchId(task.id, 'batch_b')).toBe('batch_a')
    } finally {
      second.close()
    }
  })

  it('delete removes the task with its runs', () => {
    const task = seedTask(store)
    store.runs.insertPending(task.id, [{ caseKey: 'c1', round: 1, side: 'a', caseHash: 'h' }])
    expect(store.tasks.delete(task.id)).toBe(true)
    expect(store.tasks.get(task.id)).toBeNull()
    expect(store.runs.listByTask(task.id)).toEqual([])
    expect(store.tasks.delete(task.id)).toBe(false)
  })
})
