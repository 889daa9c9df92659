// Opens the one SQLite file of a data dir: pragmas, migrations, and the repositories as one `Store`.
import { accessSync, constants, mkdirSync } from 'node:fs'
import Database from 'better-sqlite3'
import type BetterSqlite3 from 'better-sqlite3'
import { databasePath } from './data-dir'
import { DatasetsRepo } from './datasets'
import { StoreError } from './errors'
import { EvalResultsRepo } from './eval-results'
import { InstancesRepo } from './instances'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'
import { RunsRepo } from './runs'
import { SkillVersionsRepo } from './skill-versions'
import { createQueryBuilder, Sql, type QueryBuilder } from './sql'
import { TasksRepo } from './tasks'
import { TrajectoriesRepo } from './trajectories'

export interface Store {
  readonly dataDir: string
  /** `<dataDir>/skill-ab.db`. */
  readonly file: string
  readonly db: BetterSqlite3.Database
  readonly qb: QueryBuilder
  /** Compile-and-run helper over `db` (statement cache). */
  readonly sql: Sql
  /** One write transaction (BEGIN IMMEDIATE); synchronous `fn` only; nested calls are savepoints. */
  transaction<T>(fn: () => T): T
  /** PRAGMA data_version: changes when ANOTHER connection committed (the one allowed poll, §3). */
  dataVersion(): number
  close(): void
  readonly instances: InstancesRepo
  readonly skillVersions: SkillVersionsRepo
  readonly datasets: DatasetsRepo
  readonly tasks: TasksRepo
  readonly runs: RunsRepo
  readonly trajectories: TrajectoriesRepo
  readonly evalResults: EvalResultsRepo
}

const MOVE_AWAY = 'move it away or set SKILL_AB_HOME to another folder'

function sqliteCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined
}

function notWritable(dir: string, err: unknown): StoreError {
  const why = sqliteCode(err) ?? (err instanceof Error ? err.message : String(err))
  return new StoreError(
    'not_writable',
    `cannot write the Skill A/B data folder ${dir} (${why}): fix its permissions or set SKILL_AB_HOME to a writable folder`,
    { cause: err },
  )
}

function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK | constants.X_OK)
  } catch (err) {
    throw notWritable(dir, err)
  }
}

/** Maps SQLite's open/read failures to the typed errors a user can act on. */
function translate(err: unknown, dir: string, file: string): unknown {
  if (err instanceof StoreError) return err
  const code = sqliteCode(err) ?? ''
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new StoreError(
      'not_a_database',
      `${file} is not a Skill A/B database (file is corrupted or not SQLite): ${MOVE_AWAY}`,
      { cause: err },
    )
  }
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_PERM')
  ) {
    return notWritable(dir, err)
  }
  return err
}

function configure(db: BetterSqlite3.Database): void {
  db.pragma('busy_timeout = 5000')
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  // FULL: a paid-for result (agent + judge tokens) must survive a power loss; at our write rate
  // (a few commits per run) the extra fsync costs nothing noticeable.
  db.pragma('synchronous = FULL')
}

/** Opens (creating if needed) and migrates the data dir's database. Throws `StoreError` a user can act on. */
export function openStore(dataDir: string): Store {
  ensureWritableDir(dataDir)
  const file = databasePath(dataDir)
  let db: BetterSqlite3.Database
  try {
    db = new Database(file)
  } catch (err) {
    throw translate(err, dataDir, file)
  }
  try {
    configure(db)
    migrate(db, MIGRATIONS, file)
  } catch (err) {
    db.close()
    throw translate(err, dataDir, file)
  }
  const qb = createQueryBuilder()
  const sql = new Sql(db, qb)
  return {
    dataDir,
    file,
    db,
    qb,
    sql,
    transaction: (fn) => sql.transaction(fn),
    dataVersion: () => db.pragma('data_version', { simple: true }) as number,
    close: () => {
      sql.clearCache()
      if (db.open) db.close()
    },
    instances: new InstancesRepo(sql),
    skillVersions: new SkillVersionsRepo(sql),
    datasets: new DatasetsRepo(sql),
    tasks: new TasksRepo(sql),
    runs: new RunsRepo(sql),
    trajectories: new TrajectoriesRepo(sql),
    evalResults: new EvalResultsRepo(sql),
  }
}
