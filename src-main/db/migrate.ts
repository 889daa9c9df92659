// Migration runner: applies the bundled migrations that are pending, one transaction each, and refuses a
// database that is newer than this build or whose recorded history differs from the bundled list.
import type BetterSqlite3 from 'better-sqlite3'
import { StoreError } from './errors'
import type { Migration } from './migrations'
import { MOVE_AWAY } from './storage-faults'

interface AppliedRow {
  id: number
  name: string
}

function newerSchema(file: string, found: number, known: number): StoreError {
  return new StoreError(
    'newer_schema',
    `${file} was written by a newer Skill A/B (schema ${found} > ${known}): nothing was changed; upgrade Skill A/B to use it`,
  )
}

function checkBundled(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.id !== i + 1) throw new Error(`bundled migration #${i} has id ${m.id}, expected ${i + 1}`)
  })
}

function appliedRows(db: BetterSqlite3.Database): AppliedRow[] {
  return db.prepare('SELECT id, name FROM schema_migration ORDER BY id').all() as AppliedRow[]
}

function checkHistory(file: string, applied: AppliedRow[], migrations: readonly Migration[]): void {
  const latest = migrations.length
  const top = applied.at(-1)?.id ?? 0
  if (top > latest) throw newerSchema(file, top, latest)
  applied.forEach((row, i) => {
    const bundled = migrations[i]
    if (row.id !== i + 1 || !bundled || bundled.name !== row.name) {
      throw new StoreError(
        'migration_diverged',
        `${file}: recorded migration ${row.id} "${row.name}" does not match this build's ` +
          `migration ${i + 1} "${bundled?.name ?? '?'}": the database was changed by another build; ${MOVE_AWAY}`,
      )
    }
  })
}

/** Brings `db` up to the latest bundled migration. Returns the ids applied now (empty when current). */
export function migrate(
  db: BetterSqlite3.Database,
  migrations: readonly Migration[],
  file: string,
): number[] {
  checkBundled(migrations)
  const userVersion = db.pragma('user_version', { simple: true }) as number
  if (userVersion > migrations.length) throw newerSchema(file, userVersion, migrations.length)

  db.transaction(() => {
    const hasHistory = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'")
      .get()
    if (hasHistory) return
    const foreign = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' LIMIT 1")
      .get() as { name: string } | undefined
    if (foreign) {
      throw new StoreError(
        'not_a_database',
        `${file} is not a Skill A/B database (it holds another program's table "${foreign.name}"): ${MOVE_AWAY}`,
      )
    }
    db.exec(
      'CREATE TABLE schema_migration (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT',
    )
  }).immediate()

  checkHistory(file, appliedRows(db), migrations)

  const appliedNow: number[] = []
  for (const migration of migrations) {
    const apply = (): void =>
      db
        .transaction(() => {
          // Re-read under the write lock: another process may have applied it since we looked.
          const applied = appliedRows(db)
          checkHistory(file, applied, migrations)
          if (applied.some((row) => row.id === migration.id)) return
          db.exec(migration.up)
          migration.fixup?.(db)
          if (migration.foreignKeysOff) checkForeignKeys(db, migration)
          db.prepare('INSERT INTO schema_migration (id, name, applied_at) VALUES (?, ?, ?)').run(
            migration.id,
            migration.name,
            new Date().toISOString(),
          )
          db.pragma(`user_version = ${migration.id}`)
          appliedNow.push(migration.id)
        })
        .immediate()
    if (migration.foreignKeysOff) withForeignKeysOff(db, migration, apply)
    else apply()
  }
  return appliedNow
}

interface ForeignKeyViolation {
  table: string
  rowid: number | null
  parent: string
}

/** Inside the migration's transaction: a violation rolls it back (nothing is committed). */
function checkForeignKeys(db: BetterSqlite3.Database, migration: Migration): void {
  const violations = db.pragma('foreign_key_check') as ForeignKeyViolation[]
  if (violations.length === 0) return
  const first = violations
    .slice(0, 3)
    .map((v) => `${v.table} row ${v.rowid ?? '?'} → ${v.parent}`)
    .join(', ')
  throw new Error(
    `migration ${migration.id} "${migration.name}" would leave ${violations.length} broken reference(s) ` +
      `(${first}): it was rolled back, nothing was changed`,
  )
}

/**
 * Runs `apply` with foreign keys off (SQLite ignores the pragma inside a transaction, so this happens
 * around it) and restores the setting afterwards, also when `apply` throws.
 */
function withForeignKeysOff(db: BetterSqlite3.Database, migration: Migration, apply: () => void): void {
  const before = db.pragma('foreign_keys', { simple: true }) as number
  db.pragma('foreign_keys = OFF')
  try {
    if ((db.pragma('foreign_keys', { simple: true }) as number) !== 0)
      throw new Error(
        `migration ${migration.id} "${migration.name}" needs foreign keys off, and they could not be ` +
          'turned off (a transaction is open): nothing was changed',
      )
    apply()
  } finally {
    db.pragma(`foreign_keys = ${before ? 'ON' : 'OFF'}`)
  }
}
