// What a skill folder may hold before it is snapshotted: regular files only (no links, pipes, sockets or
// devices), each and all together within a size limit, and a SKILL.md that is UTF-8 text. The checks
// work from lstat: a link is never followed, a pipe never opened and an oversized file never read.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  type Stats,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { isInside } from './case-files'
import { displayPath, formatBytes, InputError, reasonOf, type Problem } from './errors'
import { IGNORE_FILE, type SkillFileSelection } from './skill-files'
import { invalidUtf8Offset } from './utf8'

/** The most one skill file may hold: a skill is instructions and small scripts an agent reads. */
export const MAX_SKILL_FILE_BYTES = 5 * 1024 * 1024
/** The most a skill's snapshot may hold, all files together (what is left out does not count). */
export const MAX_SKILL_BYTES = 20 * 1024 * 1024

/** `5 MiB`, or `5 MiB (5242881 bytes)` when the rounded size would read the same as `limit`. */
function sizeText(size: number, limit: number): string {
  const shown = formatBytes(size)
  return shown === formatBytes(limit) ? `${shown} (${size} bytes)` : shown
}

const leaveOut = (root: string, rel: string): string =>
  `list "${rel}" in ${displayPath(join(root, IGNORE_FILE))} to leave it out of the snapshot`

/** "a named pipe (FIFO)" and the like for what is neither a folder, a regular file nor a link. */
function specialKind(st: Stats): string {
  if (st.isDirectory()) return 'a folder'
  if (st.isFIFO()) return 'a named pipe (FIFO)'
  if (st.isSocket()) return 'a socket'
  if (st.isCharacterDevice()) return 'a character device'
  if (st.isBlockDevice()) return 'a block device'
  return 'not a regular file'
}

/** The problem with a symlink at `rel`: where it points, and whether that is outside the skill. */
function linkProblem(root: string, rel: string): Problem {
  const abs = join(root, rel)
  let target: string
  try {
    target = readlinkSync(abs)
  } catch {
    target = '(unreadable)'
  }
  const lands = resolve(dirname(abs), target)
  const where = isInside(root, lands) ? 'inside the skill folder' : 'outside the skill folder'
  const to = lands === target ? target : `${target} (${lands})`
  return {
    file: displayPath(abs),
    message: `is a symbolic link to ${to}, ${where}; a skill snapshot holds regular files only`,
    fix: `replace the link with a copy of the file, or ${leaveOut(root, rel)}`,
  }
}

function specialProblem(root: string, rel: string, st: Stats): Problem {
  return {
    file: displayPath(join(root, rel)),
    message: `is ${specialKind(st)}; a skill snapshot holds regular files only`,
    fix: `remove it from the skill folder, or ${leaveOut(root, rel)}`,
  }
}

function tooLarge(root: string, rel: string, size: number): Problem {
  return {
    file: displayPath(join(root, rel)),
    message: `is ${sizeText(size, MAX_SKILL_FILE_BYTES)}, over the ${formatBytes(MAX_SKILL_FILE_BYTES)} limit for one skill file`,
    fix: `${leaveOut(root, rel)}, or make it smaller`,
  }
}

/**
 * Checks every file the snapshot would hold, from lstat alone: symlinks, pipes, sockets and devices are
 * refused, as is a file over MAX_SKILL_FILE_BYTES or a skill over MAX_SKILL_BYTES. Throws one InputError
 * listing every problem; files left out of the snapshot (`evals/`, `.skillabignore`) are not checked.
 */
export function checkSkillFiles(root: string, selection: SkillFileSelection): void {
  const problems: Problem[] = []
  const sizes: { rel: string; size: number }[] = []
  for (const f of selection.files) {
    if (f.link) {
      problems.push(linkProblem(root, f.rel))
      continue
    }
    let st: Stats
    try {
      st = lstatSync(f.abs)
    } catch (err) {
      problems.push({
        file: displayPath(f.abs),
        message: `cannot be read (${reasonOf(err)})`,
        fix: 'try again once nothing writes to the skill folder',
      })
      continue
    }
    if (st.isSymbolicLink()) problems.push(linkProblem(root, f.rel))
    else if (!st.isFile()) problems.push(specialProblem(root, f.rel, st))
    else if (st.size > MAX_SKILL_FILE_BYTES) problems.push(tooLarge(root, f.rel, st.size))
    else sizes.push({ rel: f.rel, size: st.size })
  }
  for (const rel of selection.special) {
    const st = statIfThere(join(root, rel))
    if (st) problems.push(specialProblem(root, rel, st))
  }
  const total = sizes.reduce((sum, f) => sum + f.size, 0)
  if (total > MAX_SKILL_BYTES) {
    const largest = [...sizes]
      .sort((a, b) => b.size - a.size)
      .slice(0, 3)
      .map((f) => `${f.rel} ${formatBytes(f.size)}`)
    problems.push({
      file: displayPath(root),
      message: `the skill's files add up to ${sizeText(total, MAX_SKILL_BYTES)} (${sizes.length} files), over the ${formatBytes(MAX_SKILL_BYTES)} limit for one skill`,
      fix: `list large files in ${displayPath(join(root, IGNORE_FILE))} to leave them out of the snapshot (largest: ${largest.join(', ')})`,
    })
  }
  if (problems.length) throw new InputError(problems)
}

function statIfThere(path: string): Stats | null {
  try {
    return lstatSync(path)
  } catch {
    return null
  }
}

/**
 * Opens `path` for reading only if it is a regular file: a link is not followed (O_NOFOLLOW) and a pipe
 * does not block the open (O_NONBLOCK). Returns the descriptor and its stat, or the stat of what it is.
 */
export function openRegularFile(path: string): { fd: number; st: Stats } | { fd: null; st: Stats } {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') return { fd: null, st: lstatSync(path) }
    throw err
  }
  const st = fstatSync(fd)
  if (st.isFile()) return { fd, st }
  closeSync(fd)
  return { fd: null, st }
}

/** Reads an open file to its end in chunks, feeding `onChunk`; returns the number of bytes read. */
export function readChunks(fd: number, onChunk: (chunk: Buffer) => void): number {
  const buf = Buffer.allocUnsafe(1024 * 1024)
  let total = 0
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, null)
    if (n === 0) return total
    total += n
    onChunk(buf.subarray(0, n))
  }
}

/**
 * The text of a skill's `SKILL.md` (`mdPath`), refused unless it is a regular file (not a link, pipe or
 * device) within MAX_SKILL_FILE_BYTES, holding valid UTF-8: the error names the first bad byte's offset.
 */
export function readSkillMd(root: string, mdPath: string): string {
  const rel = 'SKILL.md'
  let opened: ReturnType<typeof openRegularFile>
  try {
    opened = openRegularFile(mdPath)
  } catch (err) {
    throw new InputError({
      file: displayPath(mdPath),
      message: `SKILL.md cannot be read (${reasonOf(err)})`,
      fix: 'make it a readable text file',
    })
  }
  if (opened.fd === null)
    throw new InputError(
      opened.st.isSymbolicLink() ? linkProblem(root, rel) : specialProblem(root, rel, opened.st),
    )
  const chunks: Buffer[] = []
  try {
    if (opened.st.size > MAX_SKILL_FILE_BYTES) throw new InputError(tooLarge(root, rel, opened.st.size))
    let read = 0
    readChunks(opened.fd, (chunk) => {
      read += chunk.length
      if (read > MAX_SKILL_FILE_BYTES) throw new InputError(tooLarge(root, rel, read))
      chunks.push(Buffer.from(chunk))
    })
  } finally {
    closeSync(opened.fd)
  }
  const bytes = Buffer.concat(chunks)
  const bad = invalidUtf8Offset(bytes)
  if (bad >= 0) {
    const line = bytes.subarray(0, bad).filter((b) => b === 0x0a).length + 1
    throw new InputError({
      file: displayPath(mdPath),
      line,
      message: `is not UTF-8 text: the byte at offset ${bad} (0x${(bytes[bad] as number).toString(16).padStart(2, '0')}) is not valid UTF-8`,
      fix: 'save SKILL.md as UTF-8 (opencode reads it as UTF-8), e.g. `iconv -f latin1 -t utf-8`',
    })
  }
  return bytes.toString('utf8')
}
