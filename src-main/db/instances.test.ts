import { hostname, userInfo } from 'node:os'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from './connection'
import { instanceAlive, processAlive, processStartTime } from '../os-processes/process-info'
import { openTempStore, seedTask, type TempStore } from './store.fixture'
import { localUser } from './user'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

describe('instances', () => {
  it('registers this process with its OS start time', () => {
    const me = store.instances.register('serve')
    expect(me).toMatchObject({ pid: process.pid, hostname: hostname(), kind: 'serve' })
    if (process.platform === 'linux') expect(me.startTime).toMatch(/^\d+$/)
    expect(me.startTime).toBe(processStartTime(process.pid))
    expect(store.instances.get(me.id)).toEqual(me)
    expect(store.instances.list()).toEqual([me])
    expect(instanceAlive(me)).toBe(true)
  })

  it('an instance that owns nothing leaves no row; one a task refers to stays', () => {
    const idle = store.instances.register('cli')
    expect(store.instances.removeIfUnreferenced(idle.id)).toBe(true)
    expect(store.instances.get(idle.id)).toBeNull()
    const owner = store.instances.register('cli')
    const task = seedTask(store)
    store.tasks.claimOwner(task.id, owner.id, () => false)
    expect(store.instances.removeIfUnreferenced(owner.id)).toBe(false)
    expect(store.instances.get(owner.id)).toEqual(owner)
  })

  it('refuses an unknown kind (CHECK constraint)', () => {
    expect(() =>
      store.db
        .prepare(
          "INSERT INTO instance (id, pid, hostname, kind, started_at) VALUES ('x', 1, 'h', 'daemon', 'now')",
        )
        .run(),
    ).toThrow(/CHECK/)
  })
})

describe('process identity', () => {
  it('a pid with another start time is another process (pid reuse)', () => {
    const start = processStartTime(process.pid)
    expect(processAlive(process.pid, start)).toBe(true)
    if (start !== null) expect(processAlive(process.pid, `${start}9`)).toBe(false)
  })

  it('a pid that does not exist is dead', () => {
    expect(processAlive(2 ** 22 + 1, null)).toBe(false)
    expect(processStartTime(2 ** 22 + 1)).toBeNull()
  })

  it('another host cannot be checked: counted alive', () => {
    expect(instanceAlive({ pid: 2 ** 22 + 1, startTime: '1', hostname: `${hostname()}-elsewhere` })).toBe(
      true,
    )
    expect(instanceAlive({ pid: 2 ** 22 + 1, startTime: '1', hostname: hostname() })).toBe(false)
  })
})

describe('localUser', () => {
  it('is the OS user, never a service identity', () => {
    expect(localUser()).toBe(userInfo().username)
  })
})
