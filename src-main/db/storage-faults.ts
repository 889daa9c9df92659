// Storage faults (a damaged database file, a full disk, a folder that cannot be written, an I/O error)
// as one `StoreError` a user can act on: what happened, which file or folder, what to do. Callers never
// see a raw SQLITE_* code or errno, and every message says whether something already saved is at risk.
import { statfsSync } from 'node:fs'
import { dirname } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import { StoreError } from './errors'

/** What to do with a database file this build cannot use. It is never recreated or overwritten. */
export const MOVE_AWAY =
  'nothing was changed: move it aside (or restore it from a backup), or set SKILL_AB_HOME to another folder'

const RETRY = 'then run the same command again — nothing already saved is lost'

/** Below this much free space an I/O error is taken for a full disk. */
const LOW_SPACE = 1024 * 1024

/** Free bytes for an unprivileged writer on the disk of `dir` (Infinity when it cannot be told). */
export function freeBytes(dir: string): number {
  try {
    const s = statfsSync(dir)
    return s.bavail * s.bsize
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : ''
}

/**
 * Room a start of runs needs besides its runs: both sides' private dirs while they run (opencode's database
 * and logs, a copy of ripgrep, the offered skills), with a margin. Also what a full disk's message asks for.
 */
export const ROOM_FLOOR_BYTES = 64 * 1024 * 1024

/** `room`: the free space and what is needed (default: what is free now, and the floor a start needs). */
export function diskFull(dir: string, err?: unknown, room?: { free: number; needed: number }): StoreError {
  const { free, needed } = room ?? { free: freeBytes(dir), needed: ROOM_FLOOR_BYTES }
  const figures = Number.isFinite(free) ? ` (${mib(free)} free, at least ${mib(needed)} needed)` : ''
  const what = Number.isFinite(free) ? `free at least ${mib(needed - free)}` : 'free space'
  return new StoreError('disk_full', `disk full at ${dir}${figures}: ${what}, ${RETRY}`, { cause: err })
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`
}

/** Why a folder cannot be written, in words (the code in parentheses for a search). */
function writeBlocker(code: string): string {
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY'))
    return `it is on a read-only file system (${code})`
  if (code === 'ENOTDIR' || code === 'EEXIST')
    return `a file is in the way where a folder should be (${code})`
  if (code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_PERM') return `permission denied (${code})`
  return code
}

export function notWritable(dir: string, err: unknown): StoreError {
  const code = codeOf(err)
  const why = code ? writeBlocker(code) : err instanceof Error ? err.message : String(err)
  return new StoreError(
    'not_writable',
    `cannot write the Skill A/B data folder ${dir}: ${why}: make it writable or set SKILL_AB_HOME to a writable folder`,
    { cause: err },
  )
}

export function damagedDatabase(file: string, what: string, err?: unknown): StoreError {
  return new StoreError('not_a_database', `${file} ${what}: ${MOVE_AWAY}`, { cause: err })
}

/**
 * The `StoreError` for a storage fault raised by SQLite on `file` or by the file system under its folder,
 * or null when `err` is something else (a constraint, a bug): callers rethrow those unchanged.
 */
export function storageFault(err: unknown, file: string): StoreError | null {
  if (err instanceof StoreError) return err
  const code = codeOf(err)
  const dir = dirname(file)
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return diskFull(dir, err)
  if (code === 'SQLITE_NOTADB')
    return damagedDatabase(file, 'is not a SQLite database (damaged, or another kind of file)', err)
  if (code.startsWith('SQLITE_CORRUPT'))
    return damagedDatabase(file, `is damaged (${code}); Skill A/B cannot read it`, err)
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code === 'SQLITE_PERM' ||
    code === 'EROFS' ||
    code === 'EACCES' ||
    code === 'EPERM'
  )
    return notWritable(dir, err)
  // SQLite reports a full disk as an I/O error where it cannot tell (growing the -shm file, …).
  if (code.startsWith('SQLITE_IOERR') && freeBytes(dir) < LOW_SPACE) return diskFull(dir, err)
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO')
    return new StoreError(
      'io_error',
      `cannot read or write ${file} (${code}): check the disk (space, health, a removed drive), ${RETRY}`,
      { cause: err },
    )
  return null
}

/**
 * A file-system error while writing under the data folder `dir` (copying a skill snapshot, preparing an
 * agent's folders): a full disk or a read-only file system as a `StoreError`; null for anything else.
 */
export function fileSystemFault(err: unknown, dir: string): StoreError | null {
  if (err instanceof StoreError) return err
  const code = codeOf(err)
  if (code === 'ENOSPC' || code === 'EDQUOT') return diskFull(dir, err)
  if (code === 'EROFS') return notWritable(dir, err)
  return null
}

/** SQLite's quick_check over the whole file (seconds for a large one): throws `not_a_database` on damage. */
export function quickCheck(db: BetterSqlite3.Database, file: string): void {
  let problems: string[]
  try {
    const rows = db.pragma('quick_check(5)') as Record<string, unknown>[]
    problems = rows.map((r) => String(Object.values(r)[0]))
  } catch (err) {
    throw storageFault(err, file) ?? err
  }
  if (problems.length !== 1 || problems[0] !== 'ok')
    throw damagedDatabase(file, `is damaged (SQLite quick_check: ${problems.join('; ')})`)
}
