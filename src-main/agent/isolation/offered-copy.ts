// The copy of a skill opencode is given (docs/opencode.md "Every instance sees the skill"). gray-matter caches
// every text it was given, also one whose YAML failed: in a process that already read a SKILL.md once, the
// next instance gets the cached, empty front matter without the error that starts opencode's fallback, and
// hides the skill. So opencode is given a copy whose SKILL.md is already what its fallback would make of it
// (`offeredSkillText`, inputs/opencode-front-matter.ts): the same name, description and body, read the same way
// in every instance. Every other file is copied as it is.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { offeredSkillText } from '../../inputs/opencode-front-matter'

/** The folder `offered/` beside a snapshot `<…>/<hash>/<name>` holds its offered copy `<…>/<hash>/offered/<name>`. */
export const OFFERED_FOLDER = 'offered'

/** Where the offered copy of the snapshot folder `snapshotDir` goes. */
export function offeredDirOf(snapshotDir: string): string {
  return join(dirname(snapshotDir), OFFERED_FOLDER, basename(snapshotDir))
}

/** Every file under `dir`, as paths relative to it (folders left out), sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()
}

/** What the offered copy of `src`'s file `rel` holds. */
function offeredBytes(src: string, rel: string): Buffer {
  const bytes = readFileSync(join(src, rel))
  return rel === 'SKILL.md' ? Buffer.from(offeredSkillText(bytes.toString('utf8'))) : bytes
}

/** Writes the offered copy of the skill folder `src` into `dst` (a new folder), read-only like the snapshot. */
export function writeOfferedCopy(src: string, dst: string): void {
  for (const rel of filesUnder(src)) {
    const target = join(dst, rel)
    mkdirSync(dirname(target), { recursive: true })
    if (rel === 'SKILL.md') writeFileSync(target, offeredBytes(src, rel))
    else copyFileSync(join(src, rel), target)
    chmodSync(target, statSync(join(src, rel)).mode & 0o111 ? 0o555 : 0o444)
  }
}

/** The offered copy holds exactly the files it should, with the bytes it should. */
function isOfferedCopyOf(src: string, dst: string): boolean {
  try {
    const files = filesUnder(src)
    const have = filesUnder(dst)
    return (
      files.length === have.length &&
      files.every((rel, i) => have[i] === rel && offeredBytes(src, rel).equals(readFileSync(join(dst, rel))))
    )
  } catch {
    return false
  }
}

/**
 * The offered copy of the snapshot folder `snapshotDir` (made when missing or not what it should be, built
 * aside and renamed into place, so a concurrent side or a crash never leaves a half-written one); returns it.
 */
export function ensureOfferedCopy(snapshotDir: string): string {
  const dir = offeredDirOf(snapshotDir)
  if (isOfferedCopyOf(snapshotDir, dir)) return dir
  const parent = dirname(dir)
  mkdirSync(parent, { recursive: true })
  const tmp = mkdtempSync(join(parent, '.tmp-'))
  try {
    writeOfferedCopy(snapshotDir, join(tmp, basename(dir)))
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
    try {
      renameSync(join(tmp, basename(dir)), dir)
    } catch (err) {
      // Another side put one there first.
      if (!isOfferedCopyOf(snapshotDir, dir)) throw err
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  return dir
}
