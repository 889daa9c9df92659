import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from './connection'
import { StoreError } from './errors'
import { MIGRATIONS } from './migrations'
import { makeTempDir } from './store.fixture'

const dirs: string[] = []
const stores: Store[] = []
function tempDir(): string {
  const d = makeTempDir()
  dirs.push(d)
  return d
}
function open(dir: string): Store {
  const s = openStore(dir)
  stores.push(s)
  return s
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close()
  for (const d of dirs.splice(0)) {
    chmodSync(d, 0o700)
    rmSync(d, { recursive: true, force: true })
  }
})

function refusal(fn: () => unknown): StoreError {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(StoreError)
    return err as StoreError
  }
  throw new Error('expected a StoreError')
}

describe('openStore', () => {
  it('creates the dir and the db, applies every migration, sets the pragmas', () => {
    const dir = join(tempDir(), 'nested', 'home')
    const store = open(dir)
    expect(store.file).toBe(join(dir, 'skill-ab.db'))
    expect(statSync(store.file).isFile()).toBe(true)
    const applied = store.db.prepare('SELECT id, name FROM schema_migration ORDER BY id').all()
    expect(applied).toEqual(MIGRATIONS.map((m) => ({ id: m.id, name: m.name })))
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2) // FULL
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000)
    const tables = (
      store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((t) => t.name)
    expect(tables).toEqual(
      expect.arrayContaining(['grayscale_task', 'run', 'trajectory_eval_result', 'run_status_change']),
    )
  })

  it('reopening is a no-op', () => {
    const dir = tempDir()
    const first = open(dir)
    first.instances.register('cli')
    const before = first.db.prepare('SELECT * FROM schema_migration').all()
    first.close()
    const second = open(dir)
    expect(second.db.prepare('SELECT * FROM schema_migration').all()).toEqual(before)
    expect(second.instances.list()).toHaveLength(1)
  })

  it('refuses a database written by a newer build', () => {
    const dir = tempDir()
    open(dir).close()
    const raw = new Database(join(dir, 'skill-ab.db'))
    const next = MIGRATIONS.length + 1
    raw
      .prepare('INSERT INTO schema_migration (id, name, applied_at) VALUES (?, ?, ?)')
      .run(next, 'future', 'x')
    raw.pragma(`user_version = ${next}`)
    raw.close()
    const err = refusal(() => openStore(dir))
    expect(err.code).toBe('newer_schema')
    expect(err.message).toContain(
      `was written by a newer Skill A/B (schema ${next} > ${MIGRATIONS.length}): nothing was changed; upgrade Skill A/B to use it`,
    )
  })

  it('refuses a newer schema recorded only in the history table', () => {
    const dir = tempDir()
    open(dir).close()
    const raw = new Database(join(dir, 'skill-ab.db'))
    raw.prepare('INSERT INTO schema_migration (id, name, applied_at) VALUES (?, ?, ?)').run(99, 'future', 'x')
    raw.close()
    expect(refusal(() => openStore(dir)).code).toBe('newer_schema')
  })

  it('refuses a database whose migration history diverges from the bundled list', () => {
    const dir = tempDir()
    open(dir).close()
    const raw = new Database(join(dir, 'skill-ab.db'))
    raw.prepare("UPDATE schema_migration SET name = 'something-else' WHERE id = 1").run()
    raw.close()
    const err = refusal(() => openStore(dir))
    expect(err.code).toBe('migration_diverged')
    expect(err.message).toContain('something-else')
  })

  it('refuses a corrupted file (not SQLite)', () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, 'skill-ab.db'),
      Buffer.from('this is not a database, just garbage bytes '.repeat(200)),
    )
    const err = refusal(() => openStore(dir))
    expect(err.code).toBe('not_a_database')
    expect(err.message).toBe(
      `${join(dir, 'skill-ab.db')} is not a SQLite database (damaged, or another kind of file): ` +
        'nothing was changed: move it aside (or restore it from a backup), or set SKILL_AB_HOME to another folder',
    )
  })

  it("refuses another program's SQLite database", () => {
    const dir = tempDir()
    const raw = new Database(join(dir, 'skill-ab.db'))
    raw.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)')
    raw.close()
    const err = refusal(() => openStore(dir))
    expect(err.code).toBe('not_a_database')
    expect(err.message).toContain('"notes"')
  })

  it('refuses a data dir under a regular file (fails even for root)', () => {
    const file = join(tempDir(), 'plain-file')
    writeFileSync(file, 'x')
    const err = refusal(() => openStore(join(file, 'skill-ab')))
    expect(err.code).toBe('not_writable')
    expect(err.message).toContain('SKILL_AB_HOME')
  })

  it.skipIf(process.getuid?.() === 0)('refuses a data dir without write permission', () => {
    const dir = tempDir()
    chmodSync(dir, 0o500)
    expect(refusal(() => openStore(join(dir, 'home'))).code).toBe('not_writable')
    expect(refusal(() => openStore(dir)).code).toBe('not_writable')
  })

  it('dataVersion changes when another connection commits', () => {
    const dir = tempDir()
    const a = open(dir)
    const b = open(dir)
    const before = a.dataVersion()
    a.instances.register('app')
    expect(a.dataVersion()).toBe(before) // own writes do not count
    b.instances.register('cli')
    expect(a.dataVersion()).not.toBe(before)
  })

  it('refuses a transaction function returning a promise (no await inside a transaction)', () => {
    const store = open(tempDir())
    expect(() => store.transaction(() => Promise.resolve(1))).toThrow(/promise/)
  })

  it('a second dir in the same parent is independent', () => {
    const parent = tempDir()
    mkdirSync(join(parent, 'a'))
    const a = open(join(parent, 'a'))
    const b = open(join(parent, 'b'))
    a.instances.register('cli')
    expect(b.instances.list()).toEqual([])
  })
})
