// Skills: read and check SKILL.md, hash a skill folder (no `evals/`, nothing `.skillabignore` lists); its
// immutable, sealed snapshot is stored by skill-snapshot.ts.
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { displayPath, InputError, ProblemList, reasonOf } from './errors'
import type { GitVersion } from './git-version'
import { readLikeOpencode } from './opencode-front-matter'
import { parseFrontMatter } from './front-matter'
import { checkSkillFiles, readSkillMd } from './skill-checks'
import {
  HASH_RECIPE,
  IGNORE_FILE,
  selectSkillFiles,
  unreadableFolder,
  type HashRecipe,
  type SkillFileSelection,
} from './skill-files'
import { hashFiles, holdsUnreadableGiant } from './skill-hash'
import { plural } from '../../src-shared/plural'

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
  /** A version read from git: its commit (the label defaults to its short sha). */
  git?: GitVersion
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
  } catch (err) {
    const code = reasonOf(err)
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw unreadableFolder(abs, err, '')
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
  if (!lstatExists(mdPath, abs)) {
    const names = listFolder(abs)
    const near = names.find((n) => n.toLowerCase() === 'skill.md')
    // A folder of skills (e.g. a repo's skills/): name them, so the user picks one.
    const skills = near ? [] : names.filter((n) => existsSync(join(abs, n, 'SKILL.md'))).sort()
    const listed = skills.length > 5 ? `${skills.slice(0, 5).join(', ')}, …` : skills.join(', ')
    throw new InputError({
      file: shown,
      message: skills.length
        ? `holds ${plural(skills.length, 'skill')} (${listed}), not one`
        : 'no SKILL.md in the skill folder',
      fix: near
        ? `rename ${near} to SKILL.md (opencode looks for that exact name)`
        : skills.length
          ? `pick one: give the folder of the skill to test, e.g. ${join(shown, skills[0] ?? '')}`
          : `add a SKILL.md that starts with the lines ${FRONT_MATTER_EXAMPLE}`,
    })
  }
  const text = readSkillMd(abs, mdPath)
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
  opencodeProblem(text, name, md)
  return { name, description, dir: abs }
}

/**
 * Refuses a front matter opencode would read otherwise than this check did (it would hide the skill, and the
 * task would stop at its isolation proof after writing it): lines ending in a lone CR, a key given twice,
 * YAML its fallback cannot mend.
 */
function opencodeProblem(text: string, name: string, md: string): void {
  const read = readLikeOpencode(text)
  const loneCr = /\r(?!\n)/.test(text)
  const fix = loneCr
    ? 'save SKILL.md with LF (or CRLF) line ends: its lines end in a lone CR'
    : 'give "name" and "description" once each, on a line of their own (quote a value that holds ": ")'
  if (!read.ok)
    throw new InputError({ file: md, message: `opencode cannot read the front matter: ${read.error}`, fix })
  const said = read.data.name
  if (said !== name || typeof read.data.description !== 'string' || !read.data.description.trim())
    throw new InputError({
      file: md,
      message: `opencode reads this front matter otherwise (name ${JSON.stringify(said ?? null)}, description ${
        typeof read.data.description === 'string' ? 'given' : 'missing'
      }) and would hide the skill`,
      fix,
    })
}

/**
 * The content hash: per file, path 0x00 byte-length 0x00 content, in byte order of the paths; `sha256:<hex>`.
 * `recipe` picks the files (skill-files.ts): 2, the current one, leaves out `evals/` and what
 * `.skillabignore` lists; 1 counts every file (what snapshots made before that change recorded).
 */
export function contentHash(dir: string, recipe: HashRecipe = HASH_RECIPE): string {
  return hashFiles(selectSkillFiles(dir, recipe).files)
}

/** A skill folder that passed every check, with its hashes: what a snapshot of it will hold. */
export interface CheckedSkill extends SkillInfo {
  selection: SkillFileSelection
  /** `sha256:<hex>` by the current recipe. */
  contentHash: string
  /** By recipe 1 (every file): see SkillSnapshot.recipe1Hash. */
  recipe1Hash: string
  /** A version read from git (skill-source.ts): its commit. */
  git?: GitVersion
  /** The temp folder a git version's files were read to (`dir` is inside it), removed by `releaseSource`. */
  copyRoot?: string
}

/**
 * Reads and checks a skill folder without writing anything: SKILL.md (front matter, UTF-8, size), and
 * every file the snapshot would hold (regular files only, size limits). Throws an InputError naming each
 * problem; `run`, `doctor` and the app's previews all check a skill through here.
 */
export function inspectSkill(dir: string): CheckedSkill {
  const skill = readSkill(dir)
  const selection = selectSkillFiles(skill.dir)
  if (!selection.files.some((f) => f.rel === 'SKILL.md'))
    throw new InputError({
      file: displayPath(join(skill.dir, IGNORE_FILE)),
      message: 'it leaves out SKILL.md, so the snapshot would hold no skill',
      fix: 'remove the line that matches SKILL.md',
    })
  checkSkillFiles(skill.dir, selection)
  const hash = hashFiles(selection.files)
  return { ...skill, selection, contentHash: hash, recipe1Hash: recipe1HashOf(skill.dir, selection, hash) }
}

/**
 * Recipe 1's hash of the live folder, for matching tasks made before recipe 2. Equal to `hash` when
 * nothing is left out, or when a file is too large for the old reader or a left-out folder cannot be read
 * (no such task can exist).
 */
function recipe1HashOf(dir: string, selection: SkillFileSelection, hash: string): string {
  let every
  try {
    every = selectSkillFiles(dir, 1).files
  } catch (err) {
    if (err instanceof InputError) return hash
    throw err
  }
  if (every.length === selection.files.length || holdsUnreadableGiant(every)) return hash
  return hashFiles(every)
}

/** Whether `path` exists in the skill folder `dir`; a folder that cannot be entered is refused, by name. */
function lstatExists(path: string, dir: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch (err) {
    const code = reasonOf(err)
    if (code === 'ENOENT' || code === 'ENOTDIR') return false
    throw unreadableFolder(dir, err, '')
  }
}

function listFolder(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch (err) {
    throw unreadableFolder(dir, err, '')
  }
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SKILL_NAME)
}
