// The shape of one bundled migration: a number, a name, the SQL that applies it and, rarely, a data fix-up
// in TypeScript for a rule SQL cannot express.
import type BetterSqlite3 from 'better-sqlite3'

export interface Migration {
  /** 1, 2, 3 … contiguous; the bundled list is append-only. */
  readonly id: number
  readonly name: string
  /** SQL run inside one transaction (several statements allowed). */
  readonly up: string
  /**
   * Run with foreign keys off: needed to rebuild a table other tables reference (SQLite cannot alter a
   * CHECK; with them on, dropping the old table would cascade into every row that references it). The
   * runner turns them off before the transaction, refuses to commit if `PRAGMA foreign_key_check` finds a
   * violation, and turns them back on afterwards, also on error.
   */
  readonly foreignKeysOff?: boolean
  /**
   * Runs right after `up`, in the same transaction (an error rolls back both): a change of existing rows by
   * a rule the app's code defines and SQL cannot express (e.g. a regular expression). It sees the schema as
   * `up` left it, and must only read and write tables that exist at that point.
   */
  readonly fixup?: (db: BetterSqlite3.Database) => void
}
