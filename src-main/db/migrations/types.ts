// The shape of one bundled migration: a number, a name and the SQL that applies it.

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
}
