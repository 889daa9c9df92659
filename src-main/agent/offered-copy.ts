// The copy of a skill opencode is given (docs/opencode.md "Every instance sees the skill"). opencode reads a
// SKILL.md with gray-matter, and when its front matter is not strict YAML (a plain value holding ": ", as in
// `description: Use when: …`) with a fallback that rewrites such values as block scalars. gray-matter caches
// every text it was given, also one whose YAML failed: in a process that already read a SKILL.md once, the
// next instance gets the cached, empty front matter without the error that starts the fallback, and hides the
// skill. So opencode is given a copy whose SKILL.md is already what its fallback would make of it: the same
// name, description and body, read the same way in every instance. Every other file is copied as it is.
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
import matter from 'gray-matter'

/** The folder `offered/` beside a snapshot `<…>/<hash>/<name>` holds its offered copy `<…>/<hash>/offered/<name>`. */
export const OFFERED_FOLDER = 'offered'

/** Where the offered copy of the snapshot folder `snapshotDir` goes. */
export function offeredDirOf(snapshotDir: string): string {
  return join(dirname(snapshotDir), OFFERED_FOLDER, basename(snapshotDir))
}

/** opencode 1.18's own fallback for front matter that is not YAML (`ConfigMarkdown.sanitize`), line for line. */
export function sanitizeFrontMatter(text: string): string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)
  if (!match) return text
  const block = match[1] as string
  const lines = block.split(/\r?\n/).flatMap((line) => {
    if (line.trim().startsWith('#') || line.trim() === '' || /^\s+/.test(line)) return [line]
    const kv = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/.exec(line)
    if (!kv) return [line]
    const value = (kv[2] as string).trim()
    if (value === '' || value === '>' || value === '|' || value.startsWith('"') || value.startsWith("'"))
      return [line]
    if (!value.includes(':')) return [line]
    return [`${kv[1]}: |-`, `  ${value}`]
  })
  return text.replace(block, () => lines.join('\n'))
}

/** Whether gray-matter reads the text without an error (options given: its cache is left out). */
function readsAsYaml(text: string): boolean {
  try {
    matter(text, {})
    return true
  } catch {
    return false
  }
}

/**
 * The SKILL.md text opencode is given: the text itself when its front matter is YAML; else what opencode's
 * fallback makes of it when that is YAML; else the text (opencode hides the skill in every instance alike,
 * and the side's proof says so).
 */
export function offeredSkillText(text: string): string {
  if (readsAsYaml(text)) return text
  const sanitized = sanitizeFrontMatter(text)
  return readsAsYaml(sanitized) ? sanitized : text
}

/** What opencode reads of a SKILL.md's front matter: its data, or why it cannot (the skill is then hidden). */
export type OpencodeReading = { ok: true; data: Record<string, unknown> } | { ok: false; error: string }

/** Reads a SKILL.md as opencode 1.18 does (gray-matter, then its fallback when that throws). */
export function readLikeOpencode(text: string): OpencodeReading {
  try {
    return { ok: true, data: matter(offeredSkillText(text), {}).data as Record<string, unknown> }
  } catch (err) {
    return { ok: false, error: (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '' }
  }
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
