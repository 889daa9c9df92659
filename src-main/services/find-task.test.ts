// findTask: by id, by unique name; an ambiguous name lists every candidate; an unknown one lists ≤ 10 tasks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../db'
import { openTempStore, seedTask, type TempStore } from '../db/store.fixture'
import { UserError } from '../../src-shared/user-error'
import { findTask } from './find-task'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

/** The error a user sees for `ref`: kind not_found, its message listing the candidates. */
function lookupError(ref: string): UserError {
  try {
    findTask(store, ref)
  } catch (err) {
    expect(err).toBeInstanceOf(UserError)
    expect((err as UserError).kind).toBe('not_found')
    return err as UserError
  }
  throw new Error(`findTask(${ref}) did not throw`)
}

describe('findTask', () => {
  it('finds a task by id, and by name when the name is unique', () => {
    const one = seedTask(store, 'alpha', 'v1')
    const two = seedTask(store, 'beta', 'v1')
    expect(findTask(store, one.id).id).toBe(one.id)
    expect(findTask(store, 'beta').id).toBe(two.id)
  })

  it('an id wins over a task named like another task’s id', () => {
    const one = seedTask(store, 'alpha', 'v1')
    seedTask(store, one.id, 'v2')
    expect(findTask(store, one.id).id).toBe(one.id)
  })

  it('a name shared by tasks of different skill versions is ambiguous: every candidate with its id', () => {
    const v1 = seedTask(store, 'same name', 'v1')
    const v2 = seedTask(store, 'same name', 'v2')
    const other = seedTask(store, 'other', 'v1')
    const err = lookupError('same name')
    expect(err.message).toMatch(/^task name "same name" is ambiguous: 2 tasks have it/)
    expect(err.message).toContain(v1.id)
    expect(err.message).toContain(v2.id)
    expect(err.message).not.toContain(other.id)
    expect(err.message).toContain('pirate-speak v2')
  })

  it('an unknown task lists up to 10 known tasks and says how many more', () => {
    for (let i = 0; i < 12; i++) seedTask(store, `task ${i}`, 'v1')
    const err = lookupError('nope')
    expect(err.message).toMatch(/^no task "nope" \(neither a task id nor a task name\); known tasks:/)
    expect(err.message).toContain('… and 2 more')
    expect(err.message.split('\n').filter((l) => l.includes('task_'))).toHaveLength(10)
  })

  it('with no tasks at all, says how to start one', () => {
    expect(lookupError('x').message).toMatch(/no task "x": there are no tasks yet/)
  })
})
