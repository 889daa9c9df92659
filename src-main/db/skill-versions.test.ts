import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from './connection'
import { openTempStore, type TempStore } from './store.fixture'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

describe('skillVersions.upsert', () => {
  it('is idempotent on (name, content hash, label)', () => {
    const a = store.skillVersions.upsert('pirate', 'v2', 'sha256:aa', '/snap/1')
    const again = store.skillVersions.upsert('pirate', 'v2', 'sha256:aa', '/snap/other')
    expect(again).toEqual(a)
    expect(store.skillVersions.get(a.id)).toEqual(a)
  })

  it('a changed content under the same label is another row (resume compares them)', () => {
    const a = store.skillVersions.upsert('pirate', 'v2', 'sha256:aa', '/snap/1')
    const b = store.skillVersions.upsert('pirate', 'v2', 'sha256:bb', '/snap/2')
    expect(b.id).not.toBe(a.id)
    expect(store.skillVersions.findByLabel('pirate', 'v2').map((v) => v.contentHash)).toEqual([
      'sha256:aa',
      'sha256:bb',
    ])
  })
})
