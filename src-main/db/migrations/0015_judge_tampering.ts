// Migration 15: a run may fail with `judge_tampering` (the tamper screen found text for the grader in what the
// judge reads: docs/decision.md). SQLite cannot change a CHECK constraint, so the `run` table is rebuilt as
// migration 3 did, by SQLite's documented procedure, with foreign keys off — but from the table's stored
// definition rather than a copy of it: the CHECK's list gains one name, every column and index since is kept
// as it is.
import type BetterSqlite3 from 'better-sqlite3'
import type { Migration } from './types'

const LAST_TYPE = "'provider_error')"

/** Rebuilds `run` with `judge_tampering` allowed in its failure_type CHECK. */
export function allowJudgeTampering(db: BetterSqlite3.Database): void {
  const table = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'run'").get() as
    { sql: string } | undefined
  if (!table?.sql.includes(LAST_TYPE))
    throw new Error('the run table is not as migration 14 left it: its failure_type CHECK ends elsewhere')
  const create = table.sql
    .replace(LAST_TYPE, "'provider_error', 'judge_tampering')")
    .replace(/^CREATE TABLE\s+("?)run\1/, 'CREATE TABLE run_new')
  const indexes = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'run' AND sql IS NOT NULL")
    .all() as { sql: string }[]
  const columns = (db.prepare('PRAGMA table_info(run)').all() as { name: string }[])
    .map((c) => `"${c.name}"`)
    .join(', ')
  db.exec(create)
  db.exec(`INSERT INTO run_new (${columns}) SELECT ${columns} FROM run`)
  db.exec('DROP TABLE run')
  db.exec('ALTER TABLE run_new RENAME TO run')
  for (const index of indexes) db.exec(index.sql)
}

export const migration0015: Migration = {
  id: 15,
  name: 'judge_tampering',
  up: '',
  foreignKeysOff: true,
  fixup: allowJudgeTampering,
}
