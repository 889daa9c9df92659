// Test-only: the ways a data folder's database file can be damaged, and a fingerprint of a folder to prove
// that refusing it changed nothing (byte for byte, no file added or removed).
import { createHash } from 'node:crypto'
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openStore } from './connection'
import type { StoreErrorCode } from './errors'
import { MIGRATIONS } from './migrations'
import { databasePath } from './data-dir'
import { seedTask } from './store.fixture'

export interface Damage {
  what: string
  /** Puts the damaged file (or folder) at `file`; `good` is a complete database's bytes. */
  make(file: string, good: Buffer): void
  code: StoreErrorCode
  message: RegExp
}

export const DAMAGES: Damage[] = [
  {
    what: 'garbage bytes',
    make: (file) => writeFileSync(file, Buffer.from('not a database, just bytes '.repeat(400))),
    code: 'not_a_database',
    message: /is not a SQLite database \(damaged, or another kind of file\)/,
  },
  {
    what: 'a truncated database (first half kept)',
    make: (file, good) => writeFileSync(file, good.subarray(0, Math.floor(good.length / 2))),
    code: 'not_a_database',
    message: /is damaged \(SQLITE_CORRUPT|is not a SQLite database/,
  },
  {
    what: 'a zero-length file',
    make: (file) => writeFileSync(file, ''),
    code: 'not_a_database',
    message: /is empty \(0 bytes\)/,
  },
  {
    what: 'a folder where the file should be',
    make: (file) => mkdirSync(join(file, 'inside'), { recursive: true }),
    code: 'not_a_database',
    message: /is a folder, not a database file/,
  },
  {
    what: "another program's SQLite database",
    make: (file) => {
      const db = new Database(file)
      db.exec(
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep')",
      )
      db.close()
    },
    code: 'not_a_database',
    message: /is not a Skill A\/B database \(it holds another program's table "notes"\)/,
  },
  {
    what: 'a database from a newer Skill A/B',
    make: (file, good) => {
      writeFileSync(file, good)
      const db = new Database(file)
      db.pragma(`user_version = ${MIGRATIONS.length + 1}`)
      db.close()
    },
    code: 'newer_schema',
    message: /was written by a newer Skill A\/B .*nothing was changed; upgrade Skill A\/B/,
  },
]

/** The bytes of a complete database holding `tasks` seeded tasks (built in a scratch folder). */
export function goodDatabaseBytes(scratchDir: string, tasks = 3): Buffer {
  const store = openStore(scratchDir)
  for (let i = 0; i < tasks; i++) seedTask(store, `task ${i}`, `v${i}`)
  store.close() // checkpoints: everything is in the main file
  return readFileSync(databasePath(scratchDir))
}

/** Every entry under `dir` (recursively) with its kind and, for files, a hash of its bytes. */
export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = join(rel, name)
      const stat = lstatSync(join(dir, path))
      if (stat.isDirectory()) {
        out[path] = 'dir'
        walk(path)
      } else
        out[path] = createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')
    }
  }
  walk('')
  return out
}
