// Storage faults at the store: a damaged file is refused untouched, damage found later is a StoreError
// (never a raw SQLITE_* code), a full disk rolls back and keeps what was saved, a read-only folder is named.
import { existsSync, openSync, readdirSync, rmSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../test/support/tmpfs'
import { openStore, type Store } from './connection'
import { StoreError } from './errors'
import { makeTempDir, seedTask } from './store.fixture'
import { DAMAGES, fingerprint, goodDatabaseBytes } from './damage.fixture'

const dirs: string[] = []
function tempDir(): string {
  const d = makeTempDir()
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
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

const cases = Array.from({ length: 300 }, (_, i) => ({ caseKey: `k${i}`, prompt: `${i} `.repeat(300) }))

describe('a damaged database file is refused as it is', () => {
  let good: Buffer
  beforeAll(() => {
    good = goodDatabaseBytes(makeTempDir())
  })

  it.each(DAMAGES)('$what: a StoreError naming the file and what to do; not one byte changed', (damage) => {
    const dir = tempDir()
    const file = join(dir, 'skill-ab.db')
    damage.make(file, good)
    const before = fingerprint(dir)
    const err = refusal(() => openStore(dir))
    expect(err.code).toBe(damage.code)
    expect(err.message).toMatch(damage.message)
    expect(err.message.startsWith(file)).toBe(true)
    expect(err.message).toMatch(/move it aside|upgrade Skill A\/B/)
    expect(err.message).not.toContain('\n')
    expect(fingerprint(dir)).toEqual(before)
  })

  it('damage found after opening (a table page overwritten) is a StoreError on the read', () => {
    const dir = tempDir()
    const store = openStore(dir)
    const task = seedTask(store)
    store.datasets.import('/big.jsonl', 'jsonl', cases)
    const root = store.db
      .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'dataset_case'")
      .pluck()
      .get()
    const pageSize = store.db.pragma('page_size', { simple: true }) as number
    store.close()
    const fd = openSync(join(dir, 'skill-ab.db'), 'r+')
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, ((root as number) - 1) * pageSize)
    closeSync(fd)

    const damaged = openStore(dir) // the schema and the migration history are intact
    try {
      expect(damaged.tasks.get(task.id)?.taskName).toBe(task.taskName)
      const err = refusal(() => damaged.datasets.getCases(task.datasetId))
      expect(err.code).toBe('not_a_database')
      expect(err.message).toMatch(/skill-ab\.db is (damaged \(SQLITE_CORRUPT|not a SQLite database)/)
      expect(err.cause).toMatchObject({ code: expect.stringMatching(/^SQLITE_(CORRUPT|NOTADB)/) })
    } finally {
      damaged.close()
    }
  })

  it('a new database appears complete or not at all (created under another name, then linked)', () => {
    const dir = tempDir()
    openStore(dir).close()
    expect(readdirSync(dir)).toEqual(['skill-ab.db'])
    const raw = new Database(join(dir, 'skill-ab.db'), { fileMustExist: true })
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(raw.prepare('SELECT count(*) FROM schema_migration').pluck().get()).toBeGreaterThan(0)
    raw.close()
  })
})

const noTmpfs = tmpfsUnavailable()

describe.skipIf(noTmpfs !== null)(
  `a full disk and a read-only folder (tmpfs${noTmpfs ? `; SKIPPED: ${noTmpfs}` : ''})`,
  () => {
    let fs: Tmpfs
    let store: Store | undefined
    beforeAll(() => {
      fs = mountTmpfs(2048)
    })
    afterEach(() => {
      store?.close()
      store = undefined
      fs.setReadOnly(false)
      rmSync(join(fs.dir, 'data'), { recursive: true, force: true })
      fs.unfill()
    })
    afterAll(() => fs?.unmount())

    const dataDir = (): string => join(fs.dir, 'data')
    const diskFull = (): RegExp =>
      new RegExp(
        `^disk full at ${dataDir()} \\([\\d.]+ [KM]B free, at least 64.0 MB needed\\): free at least [\\d.]+ MB, then run the same command again — nothing already saved is lost$`,
      )

    it('a write that fills the disk is rolled back: disk_full, saved data intact, the file passes integrity_check', () => {
      store = openStore(dataDir())
      const before = seedTask(store, 'saved before')
      fs.fill(16 * 1024)
      const err = refusal(() => store?.datasets.import('/big.jsonl', 'jsonl', cases))
      expect(err.code).toBe('disk_full')
      expect(err.message).toMatch(diskFull())
      expect(store.tasks.list().map((t) => t.id)).toEqual([before.id]) // the open store still reads
      store.close()
      store = undefined

      fs.fill(0) // closing removed the -wal file: fill the space it freed
      const reopenFull = refusal(() => openStore(dataDir()))
      expect(reopenFull.code).toBe('disk_full') // SQLite says SQLITE_IOERR_SHMSIZE here: still a full disk

      fs.unfill()
      store = openStore(dataDir())
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(store.tasks.list().map((t) => t.taskName)).toEqual(['saved before'])
      expect(store.datasets.import('/big.jsonl', 'jsonl', cases).dataset.id).toBeTruthy() // same write works now
    })

    it('a disk that fills while the database is first created leaves no half-made file behind', () => {
      fs.fill(48 * 1024)
      const err = refusal(() => openStore(dataDir()))
      expect(err.code).toBe('disk_full')
      expect(err.message).toMatch(diskFull())
      expect(readdirSync(dataDir())).toEqual([])
      fs.unfill()
      store = openStore(dataDir())
      expect(store.tasks.list()).toEqual([])
    })

    it('a read-only file system: not_writable naming the folder; an existing database is left as it is', () => {
      store = openStore(dataDir())
      seedTask(store)
      store.close()
      store = undefined
      const before = fingerprint(dataDir())
      fs.setReadOnly(true)
      const err = refusal(() => openStore(dataDir()))
      expect(err.code).toBe('not_writable')
      expect(err.message).toBe(
        `cannot write the Skill A/B data folder ${dataDir()}: it is on a read-only file system (EROFS): ` +
          'make it writable or set SKILL_AB_HOME to a writable folder',
      )
      expect(refusal(() => openStore(join(dataDir(), 'new'))).code).toBe('not_writable')
      expect(fingerprint(dataDir())).toEqual(before)
      expect(existsSync(join(dataDir(), 'new'))).toBe(false)
    })
  },
)
