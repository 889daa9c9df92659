// Which files of a skill folder count: every file (hash recipe 1), or the sealed selection that reaches the
// agents (recipe 2): `evals/` at the root, `.skillabignore` and what it lists are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ignore, { type Ignore } from 'ignore'
import { displayPath, formatBytes, InputError, reasonOf } from './errors'
import { plural } from '../../src-shared/plural'

/**
 * How a skill's content hash is computed. 1: every regular file and symlink, `.git` skipped. 2 (current):
 * the same over the files the snapshot keeps, so editing `evals/` or an ignored file keeps the skill's
 * identity. Both agree on a folder where nothing is left out.
 */
export type HashRecipe = 1 | 2
export const HASH_RECIPE: HashRecipe = 2

/** The skill-creator answer key (prompts, expected outputs, expectations), left out at the skill's root. */
export const EVALS_DIR = 'evals'
/** Lines in gitignore syntax, relative to the skill's root: what the snapshot leaves out besides `evals/`. */
export const IGNORE_FILE = '.skillabignore'
const MAX_IGNORE_FILE_BYTES = 1024 * 1024

export interface SkillFile {
  /** POSIX path relative to the skill folder. */
  rel: string
  abs: string
  link: boolean
}

export interface SkillFileSelection {
  /** What the recipe counts (and the snapshot copies), sorted by the UTF-8 bytes of the path. */
  files: SkillFile[]
  /** Files under `evals/` at the root that were left out. */
  evalsFiles: number
  /** Other files left out: what `.skillabignore` lists (the file itself is left out too, not listed here). */
  ignored: string[]
  /**
   * Entries that are neither a folder, a regular file nor a symlink (pipes, sockets, devices) and are not
   * left out: never counted nor opened, and refused by the skill checks.
   */
  special: string[]
}

const byBytes = (a: SkillFile, b: SkillFile): number =>
  Buffer.compare(Buffer.from(a.rel, 'utf8'), Buffer.from(b.rel, 'utf8'))

/** Regular files and symlinks under `dir`, recursively, `.git` skipped, sorted by UTF-8 bytes of the path. */
export function listSkillFiles(dir: string): SkillFile[] {
  return selectSkillFiles(dir, 1).files
}

/** The files `recipe` counts in `dir`, and (recipe 2) what it left out. */
export function selectSkillFiles(dir: string, recipe: HashRecipe = HASH_RECIPE): SkillFileSelection {
  const root = resolve(dir)
  const rules = recipe === 1 ? null : readIgnoreRules(root)
  const out: SkillFileSelection = { files: [], evalsFiles: 0, ignored: [], special: [] }
  type LeftOut = 'evals' | 'ignored' | 'rules' | null
  const walk = (abs: string, prefix: string, leftOut: LeftOut): void => {
    let entries
    try {
      entries = readdirSync(abs, { withFileTypes: true })
    } catch (err) {
      if (leftOut !== null) return // left out of the snapshot: nothing in it is needed
      throw unreadableFolder(abs, err, prefix)
    }
    for (const e of entries) {
      if (e.name === '.git') continue
      const rel = prefix ? `${prefix}/${e.name}` : e.name
      const path = join(abs, e.name)
      const dir = e.isDirectory() && !e.isSymbolicLink()
      const special = !dir && !e.isFile() && !e.isSymbolicLink()
      let why = leftOut
      if (why === null && rules) {
        if (!prefix && e.name === EVALS_DIR) why = 'evals'
        else if (!prefix && e.name === IGNORE_FILE) why = 'rules'
        else if (rules.ignores(dir ? `${rel}/` : rel)) why = 'ignored'
      }
      if (dir) walk(path, rel, why)
      else if (special) {
        if (why === null) out.special.push(rel)
      } else if (why === 'evals') out.evalsFiles++
      else if (why === 'ignored') out.ignored.push(rel)
      else if (why === null) out.files.push({ rel, abs: path, link: e.isSymbolicLink() })
    }
  }
  walk(root, '', null)
  out.files.sort(byBytes)
  out.ignored.sort()
  out.special.sort()
  return out
}

/**
 * A folder of a skill that cannot be listed or entered (`rel` inside the skill; '' for the skill folder
 * itself), as an InputError naming it and what to do: without read and execute permission, every file in
 * it is out of reach.
 */
export function unreadableFolder(abs: string, err: unknown, rel: string): InputError {
  const code = reasonOf(err)
  const denied = code === 'EACCES' || code === 'EPERM'
  const what = rel ? 'this folder of the skill' : 'the skill folder'
  const leaveOut = rel ? `, or list "${rel}/" in ${IGNORE_FILE} to leave it out of the snapshot` : ''
  return new InputError({
    file: `${displayPath(abs)}/`,
    message: denied
      ? `${what} cannot be read: permission denied (${code})`
      : `${what} cannot be read (${code})`,
    fix: denied
      ? `give your user read and execute permission on it (chmod u+rx ${displayPath(abs)})${leaveOut}`
      : `check the folder${leaveOut}`,
  })
}

/** The `.skillabignore` rules of a skill folder (none when it has no such file). */
export function readIgnoreRules(root: string): Ignore {
  const file = join(root, IGNORE_FILE)
  const refuse = (why: string): InputError =>
    new InputError({
      file: displayPath(file),
      message: why,
      fix: 'make it a readable text file, or remove it',
    })
  let text: string
  try {
    // Checked before it is opened: a pipe would block the read, a huge file exhaust memory.
    const st = statSync(file)
    if (!st.isFile()) throw refuse('is not a regular file')
    if (st.size > MAX_IGNORE_FILE_BYTES)
      throw refuse(`is ${formatBytes(st.size)}, over the ${formatBytes(MAX_IGNORE_FILE_BYTES)} limit`)
    text = readFileSync(file, 'utf8')
  } catch (err) {
    if (err instanceof InputError) throw err
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return ignore()
    throw refuse(`cannot be read (${reasonOf(err)})`)
  }
  return ignore().add(text)
}

/** "evals/ and 2 ignored files left out of the snapshot", or null when nothing is left out. */
export function describeLeftOut(sel: Pick<SkillFileSelection, 'evalsFiles' | 'ignored'>): string | null {
  const parts: string[] = []
  if (sel.evalsFiles) parts.push(`${EVALS_DIR}/`)
  if (sel.ignored.length) parts.push(plural(sel.ignored.length, 'ignored file'))
  return parts.length ? `${parts.join(' and ')} left out of the snapshot` : null
}
