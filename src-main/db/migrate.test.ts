import { rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StoreError } from './errors'
import { migrate } from './migrate'
import type { Migration } from './migrations'
import { makeTempDir } from './store.fixture'

const m1: Migration = { id: 1, name: 'one', up: 'CREATE TABLE a (x INTEGER)' }
const m2: Migration = { id: 2, name: 'two', up: 'CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1)' }
const broken: Migration = {
  id: 2,
  name: 'broken',
  up: 'CREATE TABLE c (z INTEGER); INSERT INTO nowhere VALUES (1)',
}

let dir: string
let db: Database.Database
beforeEach(() => {
  dir = makeTempDir()
  db = new Database(join(dir, 'test.db'))
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const tables = () =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string
    }[]
  ).map((t) => t.name)

describe('migrate', () => {
  it('applies pending migrations in order and records them', () => {
    expect(migrate(db, [m1], 'test.db')).toEqual([1])
    expect(migrate(db, [m1, m2], 'test.db')).toEqual([2])
    expect(migrate(db, [m1, m2], 'test.db')).toEqual([])
    expect(tables()).toEqual(['a', 'b', 'schema_migration'])
    expect(db.prepare('SELECT id, name FROM schema_migration ORDER BY id').all()).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ])
    expect(db.pragma('user_version', { simple: true })).toBe(2)
  })

  it('rolls back a failing migration entirely and keeps the earlier ones', () => {
    migrate(db, [m1], 'test.db')
    expect(() => migrate(db, [m1, broken], 'test.db')).toThrow(/nowhere/)
    expect(tables()).toEqual(['a', 'schema_migration'])
    expect(db.pragma('user_version', { simple: true })).toBe(1)
  })

  it("runs a migration's fixup after its SQL, in the same transaction (a failing fixup undoes the SQL too)", () => {
    migrate(db, [m1], 'test.db')
    const doubled: Migration = {
      ...m2,
      fixup: (d) => void d.prepare('INSERT INTO b SELECT x * 2 FROM a').run(),
    }
    const failing: Migration = {
      ...doubled,
      fixup: () => {
        throw new Error('fixup failed')
      },
    }
    expect(() => migrate(db, [m1, failing], 'test.db')).toThrow(/fixup failed/)
    expect(tables()).toEqual(['a', 'schema_migration'])
    expect(migrate(db, [m1, doubled], 'test.db')).toEqual([2])
    expect(db.prepare('SELECT y FROM b').all()).toEqual([{ y: 2 }])
  })

  it('refuses a history that is newer or diverges', () => {
    migrate(db, [m1, m2], 'test.db')
    const newer = (() => {
      try {
        migrate(db, [m1], 'test.db')
      } catch (err) {
        return err as StoreError
      }
    })()
    expect(newer?.code).toBe('newer_schema')
    expect(newer?.message).toBe(
      'test.db was written by a newer Skill A/B (schema 2 > 1): nothing was changed; upgrade Skill A/B to use it',
    )
    expect(() => migrate(db, [m1, { ...m2, name: 'renamed' }], 'test.db')).toThrow(StoreError)
  })

  describe('a migration with foreignKeysOff', () => {
    const parent: Migration = {
      id: 1,
      name: 'parent',
      up: `CREATE TABLE p (id TEXT PRIMARY KEY, n INTEGER CHECK (n < 10));
           CREATE TABLE c (pid TEXT NOT NULL REFERENCES p (id) ON DELETE CASCADE);
           INSERT INTO p VALUES ('x', 1); INSERT INTO c VALUES ('x');`,
    }
    const rebuild = (extra = ''): Migration => ({
      id: 2,
      name: 'rebuild',
      foreignKeysOff: true,
      up: `CREATE TABLE p_new (id TEXT PRIMARY KEY, n INTEGER CHECK (n < 100));
           INSERT INTO p_new SELECT id, n FROM p; DROP TABLE p; ALTER TABLE p_new RENAME TO p; ${extra}`,
    })
    const count = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n

    it('rebuilds a referenced table without cascading, and turns foreign keys back on', () => {
      db.pragma('foreign_keys = ON')
      migrate(db, [parent, rebuild()], 'test.db')
      expect(count('c')).toBe(1)
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
      expect(() => db.prepare("INSERT INTO c VALUES ('nowhere')").run()).toThrow(/FOREIGN KEY/)
    })

    it('refuses to commit a broken reference, rolls back, and turns foreign keys back on', () => {
      db.pragma('foreign_keys = ON')
      migrate(db, [parent], 'test.db')
      expect(() => migrate(db, [parent, rebuild("DELETE FROM p WHERE id = 'x';")], 'test.db')).toThrow(
        /migration 2 "rebuild" would leave 1 broken reference\(s\) \(c row 1 → p\): it was rolled back/,
      )
      expect(count('c')).toBe(1)
      expect(db.pragma('user_version', { simple: true })).toBe(1)
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    })

    it('leaves foreign keys as it found them when its SQL fails', () => {
      db.pragma('foreign_keys = ON')
      migrate(db, [parent], 'test.db')
      expect(() => migrate(db, [parent, rebuild('INSERT INTO nowhere VALUES (1);')], 'test.db')).toThrow(
        /nowhere/,
      )
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
      db.pragma('foreign_keys = OFF')
      migrate(db, [parent, rebuild()], 'test.db')
      expect(db.pragma('foreign_keys', { simple: true })).toBe(0)
    })
  })

  it('rejects a bundled list that is not numbered 1, 2, 3 …', () => {
    expect(() => migrate(db, [m2], 'test.db')).toThrow(/expected 1/)
  })
})
