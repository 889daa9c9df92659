// Kysely as a query BUILDER only: compile, then run synchronously on better-sqlite3 (no await inside a
// transaction, ever). Prepared statements are cached by SQL text.
import type BetterSqlite3 from 'better-sqlite3'
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely'
import type { Database } from './schema'
import { storageFault } from './storage-faults'

export type QueryBuilder = Kysely<Database>

export function createQueryBuilder(): QueryBuilder {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; booleans become 0/1. */
function bindable(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value
}

export class Sql {
  readonly #statements = new Map<string, BetterSqlite3.Statement>()

  constructor(
    readonly db: BetterSqlite3.Database,
    readonly qb: QueryBuilder,
  ) {}

  /** Runs `fn`; a storage fault (disk full, damaged file, I/O error) becomes a `StoreError`. */
  #guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (err) {
      throw storageFault(err, this.db.name) ?? err
    }
  }

  #prepare(query: Compilable): { stmt: BetterSqlite3.Statement; params: unknown[] } {
    const compiled = query.compile()
    let stmt = this.#statements.get(compiled.sql)
    if (!stmt) {
      stmt = this.db.prepare(compiled.sql)
      this.#statements.set(compiled.sql, stmt)
    }
    return { stmt, params: compiled.parameters.map(bindable) }
  }

  /** Every row of a SELECT (or of an INSERT/UPDATE … RETURNING). */
  all<R>(query: Compilable<R>): R[] {
    return this.#guard(() => {
      const { stmt, params } = this.#prepare(query)
      return stmt.all(...params) as R[]
    })
  }

  /** The first row, or undefined. */
  first<R>(query: Compilable<R>): R | undefined {
    return this.#guard(() => {
      const { stmt, params } = this.#prepare(query)
      return stmt.get(...params) as R | undefined
    })
  }

  /** Runs a statement without result rows; returns the number of rows changed. */
  run(query: Compilable): number {
    return this.#guard(() => {
      const { stmt, params } = this.#prepare(query)
      return stmt.run(...params).changes
    })
  }

  /**
   * Runs `fn` in one write transaction (BEGIN IMMEDIATE: takes the write lock up front, so a concurrent
   * writer waits on busy_timeout instead of failing with SQLITE_BUSY on upgrade). Nested calls become
   * savepoints. `fn` must be synchronous: better-sqlite3 refuses a promise.
   */
  transaction<T>(fn: () => T): T {
    return this.#guard(() => this.db.transaction(fn).immediate())
  }

  /** Runs several reads on one consistent snapshot (a deferred transaction: no write lock). */
  read<T>(fn: () => T): T {
    return this.#guard(() => this.db.transaction(fn).deferred())
  }

  clearCache(): void {
    this.#statements.clear()
  }
}
