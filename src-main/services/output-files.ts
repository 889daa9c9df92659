// Where a command may write its files (README "CI reports"): never the store — the database, its WAL and SHM,
// anything in the data dir — never one of the command's own inputs (its config, dataset, shards), never a file
// twice, never a folder or a device; all checked before anything is read, run or written. A file is written
// to a temp file beside it and renamed into place, so a failed write never leaves half a file (or none
// where there was one).
import {
  accessSync,
  constants,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs'
import { basename, dirname, join, relative, isAbsolute } from 'node:path'
import { randomBytes } from 'node:crypto'
import { UserError } from '../../src-shared/user-error'
import { dataDirFiles, isDataDirInternal } from '../db/data-dir'

/** A file a command writes, and what it is called in messages ("the export", "the JUnit report"). */
export interface OutputFile {
  path: string
  what: string
}

/** A file a command cannot write: where, why, and what to do. */
function writeError(message: string): UserError {
  return new UserError('storage', message)
}

/** The path with its folder's links resolved (the file itself may not exist yet). */
function canonical(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path))
    } catch {
      return path
    }
  }
}

const statOf = (path: string): Stats | null => {
  try {
    return statSync(path)
  } catch {
    return null
  }
}

/** `path` relative to `dir` when inside it, else null. */
const below = (dir: string, path: string): string | null => {
  const rel = relative(dir, path)
  return !rel.startsWith('..') && !isAbsolute(rel) ? rel : null
}

/**
 * Why `out` may not be written, or null. `inputs`: the command's own input files and folders; `others`: the
 * outputs named before it.
 */
function problemOf(
  out: OutputFile,
  dataDir: string,
  inputs: readonly string[],
  others: readonly string[],
): string | null {
  const path = canonical(out.path)
  const st = statOf(out.path)
  // The same file by path, or by inode (a hard link).
  const same = (other: string): boolean => {
    if (canonical(other) === path) return true
    const o = statOf(other)
    return !!st && !!o && o.ino === st.ino && o.dev === st.dev
  }
  const rel = below(canonical(dataDir), path)
  if ((rel !== null && (rel === '' || isDataDirInternal(rel))) || dataDirFiles(dataDir).some(same))
    return `it is part of skill-ab's store in ${dataDir} (its database, snapshots or work dirs): write it elsewhere`
  const input = inputs.find(same)
  if (input) return `it is ${input}, an input of this command: write it to another file`
  const folder = inputs.find((i) => statOf(i)?.isDirectory() && below(canonical(i), path) !== null)
  if (folder)
    return `it is inside ${folder}, an input of this command (writing there changes it): write it elsewhere`
  const twice = others.find(same)
  if (twice) return `it is named twice (also for ${twice}): give each report its own file`
  if (st?.isDirectory()) return 'it is a folder: name a file in it'
  if (st && !st.isFile()) return 'it is not a regular file (a device, a pipe or a socket): name a file'
  const parent = dirname(out.path)
  if (!statOf(parent)?.isDirectory()) return `its folder ${parent} does not exist: create it first`
  try {
    accessSync(parent, constants.W_OK)
  } catch {
    return `its folder ${parent} is not writable`
  }
  return null
}

/**
 * Refuses, before anything is written or run, every output that would overwrite the store, an input of the
 * same command or another output, or that cannot be written at all; the message names each and what to do.
 */
export function checkOutputs(
  outputs: readonly OutputFile[],
  dataDir: string,
  inputs: readonly string[],
): void {
  const problems: string[] = []
  outputs.forEach((out, i) => {
    const earlier = outputs.slice(0, i).map((o) => o.path)
    const problem = problemOf(out, dataDir, inputs, earlier)
    if (problem) problems.push(`cannot write ${out.what} to ${out.path}: ${problem}`)
  })
  if (problems.length) throw writeError(`${problems.join('\n')}\n(nothing was run or written)`)
}

/**
 * Writes `text` to `file` through a temp file beside it, renamed into place; a file that cannot be written is
 * a `storage` error naming `what` and why (a full disk said as such).
 */
export function writeTextFile(file: string, text: string, what: string): void {
  const tmp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    writeFileSync(tmp, text, { flag: 'wx' })
    renameSync(tmp, file)
  } catch (err) {
    rmSync(tmp, { force: true })
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message
    if (why === 'ENOSPC' || why === 'EDQUOT')
      throw writeError(
        `cannot write ${what} to ${file}: the disk is full (${why}): free space and export again`,
      )
    throw writeError(`cannot write ${what} to ${file} (${why}): check the folder exists and is writable`)
  }
}
