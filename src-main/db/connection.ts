// Opens the one SQLite file of a data dir: pragmas, migrations, and the repositories as one `Store`.
import { accessSync, constants, existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import Database from 'better-sqlite3'
import type BetterSqlite3 from 'better-sqlite3'
import { CorrectionsRepo } from './corrections'
import { databasePath } from './data-dir'
import { DatasetsRepo } from './datasets'
import { EvalResultsRepo } from './eval-results'
import { InstancesRepo } from './instances'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'
import { PairwiseResultsRepo } from './pairwise-results'
import { AdaptivePlansRepo } from './adaptive-plans'
import { RunsRepo } from './runs'
import { SkillVersionsRepo } from './skill-versions'
import { createQueryBuilder, Sql, type QueryBuilder } from './sql'
import { damagedDatabase, fileSystemFault, notWritable, storageFault } from './storage-faults'
import { TaskPricesRepo } from './task-prices'
import { JudgeRepeatsRepo } from './judge-repeats'
import { TasksRepo } from './tasks'
import { TrajectoriesRepo } from './trajectories'
import { TriggerProbesRepo } from './trigger-probes'
import { TriggerTasksRepo } from './trigger-tasks'
import { BaselineLinksRepo } from './baseline-links'

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
  /** PRAGMA data_version: changes when ANOTHER connection committed (the one allowed poll). */
  dataVersion(): number
  /** Changes whenever anything was written to the database, by this connection or another: a cache key. */
  writeStamp(): string
  close(): void
  readonly instances: InstancesRepo
  readonly skillVersions: SkillVersionsRepo
  readonly datasets: DatasetsRepo
  readonly tasks: TasksRepo
  readonly runs: RunsRepo
  readonly trajectories: TrajectoriesRepo
  readonly evalResults: EvalResultsRepo
  /** Human corrections of a run's execution, per evaluator. */
  readonly corrections: CorrectionsRepo
  readonly pairwiseResults: PairwiseResultsRepo
  readonly adaptivePlans: AdaptivePlansRepo
  readonly triggerTasks: TriggerTasksRepo
  readonly triggerProbes: TriggerProbesRepo
  /** Baseline reuse: a-runs linked to an earlier task's execution. */
  readonly baselineLinks: BaselineLinksRepo
  readonly taskPrices: TaskPricesRepo
  readonly judgeRepeats: JudgeRepeatsRepo
}

function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK | constants.X_OK)
  } catch (err) {
    throw fileSystemFault(err, dir) ?? notWritable(dir, err)
  }
}

/** A file that exists but cannot be a database is refused as it is: never recreated, never overwritten. */
function checkExistingFile(file: string): 'missing' | 'present' {
  let stat
  try {
    stat = statSync(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing'
    throw storageFault(err, file) ?? err
  }
  if (stat.isDirectory()) throw damagedDatabase(file, 'is a folder, not a database file')
  if (!stat.isFile()) throw damagedDatabase(file, 'is not a regular file')
  // Skill A/B creates its database complete (see `createDatabase`), so an empty one was truncated or
  // replaced: initialising it would hide that the data is gone.
  if (stat.size === 0)
    throw damagedDatabase(file, 'is empty (0 bytes): it was truncated or replaced, and its data is gone')
  return 'present'
}

/** Links `tmp` to `file` unless `file` exists (EEXIST); renames where the file system has no hard links. */
function placeOnce(tmp: string, file: string): void {
  try {
    linkSync(tmp, file)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err
    if (!existsSync(file)) renameSync(tmp, file)
  }
}

/**
 * Creates the database under a temporary name, migrates it, and links it into place only when complete:
 * a crash or a full disk never leaves a half-made `skill-ab.db` behind. When another process created it
 * first, theirs is kept.
 */
function createDatabase(file: string): void {
  const tmp = `${file}.new-${process.pid}-${Date.now()}`
  try {
    const db = new Database(tmp)
    try {
      configureAndMigrate(db, file)
    } finally {
      db.close() // checkpoints: everything is in `tmp` itself, no -wal file left
    }
    placeOnce(tmp, file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw storageFault(err, file) ?? err
  } finally {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true })
  }
}

/**
 * Connection settings, then the migrations, then WAL: the migration runner refuses a newer or foreign
 * database before anything is written, so a refused file stays byte-for-byte as it was (setting WAL
 * rewrites the header). Our own databases are WAL from their creation on.
 */
function configureAndMigrate(db: BetterSqlite3.Database, file: string): void {
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  // FULL: a paid-for result (agent + judge tokens) must survive a power loss; at our write rate
  // (a few commits per run) the extra fsync costs nothing noticeable.
  db.pragma('synchronous = FULL')
  migrate(db, MIGRATIONS, file)
  db.pragma('journal_mode = WAL')
}

/** Opens (creating if needed) and migrates the data dir's database. Throws `StoreError` a user can act on. */
export function openStore(dataDir: string): Store {
  ensureWritableDir(dataDir)
  const file = databasePath(dataDir)
  if (checkExistingFile(file) === 'missing') createDatabase(file)
  let db: BetterSqlite3.Database
  try {
    db = new Database(file, { fileMustExist: true })
  } catch (err) {
    throw storageFault(err, file) ?? err
  }
  try {
    configureAndMigrate(db, file)
  } catch (err) {
    db.close()
    throw storageFault(err, file) ?? err
  }
  const qb = createQueryBuilder()
  const sql = new Sql(db, qb)
  const changes = db.prepare('SELECT total_changes()').pluck()
  return {
    dataDir,
    file,
    db,
    qb,
    sql,
    transaction: (fn) => sql.transaction(fn),
    dataVersion: () => db.pragma('data_version', { simple: true }) as number,
    writeStamp: () => `${String(db.pragma('data_version', { simple: true }))}:${String(changes.get())}`,
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
    corrections: new CorrectionsRepo(sql),
    pairwiseResults: new PairwiseResultsRepo(sql),
    adaptivePlans: new AdaptivePlansRepo(sql),
    triggerTasks: new TriggerTasksRepo(sql),
    triggerProbes: new TriggerProbesRepo(sql),
    baselineLinks: new BaselineLinksRepo(sql),
    taskPrices: new TaskPricesRepo(sql),
    judgeRepeats: new JudgeRepeatsRepo(sql),
  }
}
