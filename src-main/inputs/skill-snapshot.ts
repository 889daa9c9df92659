// Storing a checked skill's snapshot: an immutable, read-only copy of exactly the files its hash covers,
// under the data dir, written so that a crash or a concurrent process never leaves a broken one in place.
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { displayPath, InputError } from './errors'
import { shortSha } from './git-version'
import { inspectSkill, type CheckedSkill, type SkillSnapshot } from './skill'
import { openRegularFile, readChunks } from './skill-checks'
import { HASH_RECIPE, selectSkillFiles, type SkillFile } from './skill-files'
import { hashFiles } from './skill-hash'

/** The label a skill gets when none is given: a git version's short sha, else the hash's first 8 hex digits. */
export function defaultLabel(skill: Pick<CheckedSkill, 'contentHash' | 'git'>): string {
  return skill.git ? shortSha(skill.git.sha) : skill.contentHash.slice('sha256:'.length, 'sha256:'.length + 8)
}

/** Where a checked skill's snapshot goes and what it will hold, without writing anything. */
export function snapshotOf(
  skill: CheckedSkill,
  dataDir: string,
  opts: { label?: string } = {},
): SkillSnapshot {
  const { selection, contentHash: hash } = skill
  const hex = hash.slice('sha256:'.length)
  const { evalsFiles, ignored } = selection
  return {
    name: skill.name,
    description: skill.description,
    contentHash: hash,
    hashRecipe: HASH_RECIPE,
    recipe1Hash: skill.recipe1Hash,
    snapshotDir: join(resolve(dataDir), 'skills', skill.name, hex, skill.name),
    label: opts.label ?? defaultLabel(skill),
    files: selection.files.length,
    leftOut: { evalsFiles, ignored },
    ...(skill.git ? { git: skill.git } : {}),
  }
}

/**
 * Copies a checked skill to `<dataDir>/skills/<name>/<hex>/<name>` unless an intact copy is there already.
 * The copy is built in a temp folder and renamed into place, so a crash never leaves a half-written
 * snapshot where one is expected; a damaged one (its hash differs) is replaced; a folder that changed
 * since it was checked is refused.
 */
export function storeSnapshot(
  skill: CheckedSkill,
  dataDir: string,
  opts: { label?: string } = {},
): SkillSnapshot {
  const result = snapshotOf(skill, dataDir, opts)
  const { selection, contentHash: hash } = skill
  const hex = hash.slice('sha256:'.length)
  const snapshotDir = result.snapshotDir
  const final = dirname(snapshotDir)
  const base = dirname(final)
  if (isIntact(snapshotDir, hash)) return result

  mkdirSync(base, { recursive: true })
  cleanLeftovers(base)
  const tmp = mkdtempSync(join(base, `.tmp-${hex.slice(0, 8)}-`))
  try {
    copyFiles(selection.files, join(tmp, skill.name), skill.dir)
    if (!isIntact(join(tmp, skill.name), hash)) throw changedWhileCopied(skill.dir)
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

/** Checks the skill folder `dir` (inspectSkill), then stores its snapshot (storeSnapshot). */
export function snapshotSkill(dir: string, dataDir: string, opts: { label?: string } = {}): SkillSnapshot {
  return storeSnapshot(inspectSkill(dir), dataDir, opts)
}

/**
 * A snapshot is intact when every file in it is one the hash covers: recipe 1 over the copy (every file)
 * equals the source's recipe-2 hash, so a copy that still holds `evals/` or an ignored file never passes.
 */
function isIntact(snapshotDir: string, hash: string): boolean {
  try {
    return statSync(snapshotDir).isDirectory() && hashFiles(selectSkillFiles(snapshotDir, 1).files) === hash
  } catch {
    return false
  }
}

/**
 * Copies the checked files, mode kept and made read-only; a file swapped for a link or a pipe since the
 * check is refused, never followed or opened for a blocking read.
 */
function copyFiles(files: readonly SkillFile[], dst: string, skillDir: string): void {
  mkdirSync(dst, { recursive: true })
  for (const f of files) {
    const target = join(dst, f.rel)
    mkdirSync(join(target, '..'), { recursive: true })
    const src = openRegularFile(f.abs)
    if (src.fd === null) throw changedWhileCopied(skillDir)
    const out = openSync(target, 'wx')
    try {
      readChunks(src.fd, (chunk) => writeChunk(out, chunk))
    } finally {
      closeSync(src.fd)
      closeSync(out)
    }
    chmodSync(target, src.st.mode & 0o111 ? 0o555 : 0o444)
  }
}

function writeChunk(fd: number, chunk: Buffer): void {
  for (let done = 0; done < chunk.length;) done += writeSync(fd, chunk, done)
}

function changedWhileCopied(skillDir: string): InputError {
  return new InputError({
    file: displayPath(skillDir),
    message: 'the skill folder changed while it was being copied',
    fix: 'try again once nothing writes to it',
  })
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
