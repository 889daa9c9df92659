// Skills: read and check SKILL.md, hash a skill folder, store an immutable, sealed snapshot of it (no
// `evals/`, nothing `.skillabignore` lists).
import { createHash } from 'node:crypto'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { displayPath, InputError, ProblemList, reasonOf } from './errors'
import { parseFrontMatter } from './front-matter'
import {
  HASH_RECIPE,
  IGNORE_FILE,
  selectSkillFiles,
  type HashRecipe,
  type SkillFile,
  type SkillFileSelection,
} from './skill-files'

export interface SkillInfo {
  name: string
  description: string
  /** The skill folder, absolute. */
  dir: string
}

export interface SkillSnapshot {
  name: string
  description: string
  /** `sha256:<hex>` by the current recipe (`hashRecipe`). */
  contentHash: string
  /** The recipe `contentHash` was computed with: always the current one for a new snapshot. */
  hashRecipe: HashRecipe
  /**
   * The live folder's hash by recipe 1 (every file): what a snapshot stored before recipe 2 recorded, so
   * a task made then can still be matched. Equal to `contentHash` when nothing is left out.
   */
  recipe1Hash: string
  /** `<dataDir>/skills/<name>/<hex>/<name>`: the copy; its files are read-only. */
  snapshotDir: string
  /** The given label, else the first 8 hex digits of the hash. */
  label: string
  /** Files in the snapshot. */
  files: number
  /** What was left out of the snapshot (`evals/` files; what `.skillabignore` lists). */
  leftOut: Pick<SkillFileSelection, 'evalsFiles' | 'ignored'>
}

/** What opencode's docs ask of a skill name (and what keeps it a safe folder name). */
export const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const MAX_SKILL_NAME = 64
const FRONT_MATTER_EXAMPLE = '"---", "name: my-skill", "description: what it does and when to use it", "---"'

/** Reads `<dir>/SKILL.md` and checks its front matter; throws InputError naming every problem. */
export function readSkill(dir: string): SkillInfo {
  const abs = resolve(dir)
  const shown = displayPath(abs)
  let st
  try {
    st = statSync(abs)
  } catch {
    throw new InputError({
      file: shown,
      message: 'skill folder not found',
      fix: 'check skill.path (a folder holding SKILL.md)',
    })
  }
  if (!st.isDirectory())
    throw new InputError({
      file: shown,
      message: 'is a file, not a skill folder',
      fix: 'give the folder that holds SKILL.md',
    })
  const mdPath = join(abs, 'SKILL.md')
  const md = displayPath(mdPath)
  if (!existsSync(mdPath)) {
    const near = readdirSync(abs).find((n) => n.toLowerCase() === 'skill.md')
    throw new InputError({
      file: shown,
      message: 'no SKILL.md in the skill folder',
      fix: near
        ? `rename ${near} to SKILL.md (opencode looks for that exact name)`
        : `add a SKILL.md that starts with the lines ${FRONT_MATTER_EXAMPLE}`,
    })
  }
  let text: string
  try {
    text = readFileSync(mdPath, 'utf8')
  } catch (err) {
    throw new InputError({
      file: md,
      message: `SKILL.md cannot be read (${reasonOf(err)})`,
      fix: 'make it a readable text file',
    })
  }
  const fm = parseFrontMatter(text)
  if (!fm.ok)
    throw new InputError({
      file: md,
      line: 1,
      message:
        fm.reason === 'missing'
          ? 'no YAML front matter (the file must start with a "---" line)'
          : 'the front matter is not closed by a "---" line',
      fix: `start SKILL.md with the lines ${FRONT_MATTER_EXAMPLE}`,
    })
  const lineOf = (key: string) => {
    const k = text.split(/\r?\n/).findIndex((l) => l.startsWith(`${key}:`) || l.startsWith(`${key} :`))
    return k < 0 ? 1 : k + 1
  }
  const problems = new ProblemList()
  const scalar = (key: string): string => {
    const v = fm.fields.get(key)
    return v?.kind === 'scalar' ? v.value.trim() : ''
  }
  const name = scalar('name')
  const folderName = basename(abs)
  if (!name)
    problems.add({
      file: md,
      line: lineOf('name'),
      field: 'name',
      message: 'the front matter has no "name"',
      fix: `add "name: ${SKILL_NAME.test(folderName) ? folderName : 'my-skill'}" (lowercase letters, digits and hyphens)`,
    })
  else if (!SKILL_NAME.test(name) || name.length > MAX_SKILL_NAME)
    problems.add({
      file: md,
      line: lineOf('name'),
      field: 'name',
      message: `name "${name}" is not a valid skill name`,
      fix: `use at most ${MAX_SKILL_NAME} lowercase letters, digits and single hyphens, e.g. "${slug(name) || 'my-skill'}"`,
    })
  const description = scalar('description')
  if (!description)
    problems.add({
      file: md,
      line: lineOf('description'),
      field: 'description',
      message: 'the front matter has no "description"',
      fix: 'add "description: what the skill does and when to use it" (opencode hides skills without one)',
    })
  problems.throwIfAny()
  return { name, description, dir: abs }
}

/**
 * The content hash: per file, path 0x00 byte-length 0x00 content, in byte order of the paths; `sha256:<hex>`.
 * `recipe` picks the files (skill-files.ts): 2, the current one, leaves out `evals/` and what
 * `.skillabignore` lists; 1 counts every file (what snapshots made before that change recorded).
 */
export function contentHash(dir: string, recipe: HashRecipe = HASH_RECIPE): string {
  return hashFiles(selectSkillFiles(dir, recipe).files)
}

function hashFiles(files: SkillFile[]): string {
  const hash = createHash('sha256')
  for (const f of files) {
    const content = f.link ? readlinkSync(f.abs, { encoding: 'buffer' }) : readFileSync(f.abs)
    hash.update(Buffer.from(f.rel, 'utf8'))
    hash.update(Buffer.from([0]))
    hash.update(String(content.length), 'ascii')
    hash.update(Buffer.from([0]))
    hash.update(content)
  }
  return `sha256:${hash.digest('hex')}`
}

/**
 * Copies the skill to `<dataDir>/skills/<name>/<hex>/<name>` unless an intact copy is there already. The
 * copy is built in a temp folder and renamed into place, so a crash never leaves a half-written snapshot
 * where one is expected; a damaged one (its hash differs) is replaced.
 */
export function snapshotSkill(
  dir: string,
  dataDir: string,
  opts: { label?: string; write?: boolean } = {},
): SkillSnapshot {
  const skill = readSkill(dir)
  const selection = selectSkillFiles(skill.dir)
  if (!selection.files.some((f) => f.rel === 'SKILL.md'))
    throw new InputError({
      file: displayPath(join(skill.dir, IGNORE_FILE)),
      message: 'it leaves out SKILL.md, so the snapshot would hold no skill',
      fix: 'remove the line that matches SKILL.md',
    })
  const hash = hashFiles(selection.files)
  const hex = hash.slice('sha256:'.length)
  const base = join(resolve(dataDir), 'skills', skill.name)
  const final = join(base, hex)
  const snapshotDir = join(final, skill.name)
  const { evalsFiles, ignored } = selection
  const result: SkillSnapshot = {
    name: skill.name,
    description: skill.description,
    contentHash: hash,
    hashRecipe: HASH_RECIPE,
    recipe1Hash: leavesOut(skill.dir, selection) ? contentHash(skill.dir, 1) : hash,
    snapshotDir,
    label: opts.label ?? hex.slice(0, 8),
    files: selection.files.length,
    leftOut: { evalsFiles, ignored },
  }
  // `write: false`: read and check only, so a caller can refuse its other inputs before anything is copied.
  if (opts.write === false || isIntact(snapshotDir, hash)) return result

  mkdirSync(base, { recursive: true })
  cleanLeftovers(base)
  const tmp = mkdtempSync(join(base, `.tmp-${hex.slice(0, 8)}-`))
  try {
    copyFiles(selection.files, join(tmp, skill.name))
    if (!isIntact(join(tmp, skill.name), hash))
      throw new InputError({
        file: displayPath(skill.dir),
        message: 'the skill folder changed while it was being copied',
        fix: 'try again once nothing writes to it',
      })
    if (existsSync(final)) {
      if (isIntact(snapshotDir, hash)) return result // another process finished first
      renameSync(final, join(base, `.trash-${hex.slice(0, 8)}-${process.pid}-${Date.now()}`))
    }
    try {
      renameSync(tmp, final)
    } catch (err) {
      // Another process put an intact copy there first: use it.
      if (!isIntact(snapshotDir, hash)) throw err
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
    cleanLeftovers(base)
  }
  return result
}

/** Whether recipe 2 left anything out (else both recipes give the same hash). */
function leavesOut(dir: string, selection: SkillFileSelection): boolean {
  return selectSkillFiles(dir, 1).files.length !== selection.files.length
}

/**
 * A snapshot is intact when every file in it is one the hash covers: recipe 1 over the copy (every file)
 * equals the source's recipe-2 hash, so a copy that still holds `evals/` or an ignored file never passes.
 */
function isIntact(snapshotDir: string, hash: string): boolean {
  try {
    return statSync(snapshotDir).isDirectory() && contentHash(snapshotDir, 1) === hash
  } catch {
    return false
  }
}

/** Copies the selected files: regular files (mode kept, made read-only) and symlinks (as links). */
function copyFiles(files: SkillFile[], dst: string): void {
  mkdirSync(dst, { recursive: true })
  for (const f of files) {
    const target = join(dst, f.rel)
    mkdirSync(join(target, '..'), { recursive: true })
    if (f.link) symlinkSync(readlinkSync(f.abs), target)
    else {
      copyFileSync(f.abs, target)
      chmodSync(target, lstatSync(f.abs).mode & 0o111 ? 0o555 : 0o444)
    }
  }
}

/** Removes `.trash-*` folders and `.tmp-*` folders older than an hour (left by a crash). */
function cleanLeftovers(base: string): void {
  for (const name of readdirSync(base)) {
    const path = join(base, name)
    try {
      const stale = name.startsWith('.tmp-') && Date.now() - statSync(path).mtimeMs > 3_600_000
      if (name.startsWith('.trash-') || stale) rmSync(path, { recursive: true, force: true })
    } catch {
      // Another process is cleaning up too.
    }
  }
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SKILL_NAME)
}
