// The sealed answer key on the agent's side: opencode permission rules that deny it to every run, and the
// isolation proof's check that a side's snapshot holds none of it.
import { createHash } from 'node:crypto'
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { isInside as within } from '../../inputs/case-files'
import { EVALS_DIR, IGNORE_FILE, listSkillFiles } from '../../inputs/skill-files'
import type { SealedPaths, SideSpec } from '../types'

/** The deepest folder holding both paths. */
function commonAncestor(a: string, b: string): string {
  let dir = a
  while (!within(dir, b)) dir = dirname(dir)
  return dir
}

const posix = (path: string): string => path.split(sep).join('/')

/**
 * Extra `read` and `external_directory` rules that deny the answer key. opencode applies the LAST rule
 * that matches (its wildcard: `*` any text, `/` included), so these go after the config's own rules.
 * `read` matches the path relative to the work dir (`../../…/evals.json` for a file outside it): the
 * pattern `*../<path below the common folder>` matches it from any work dir under `workBase`, and the
 * absolute path is denied too. `external_directory` matches `<folder>/*` of what is read; a folder that
 * holds `workBase` is never denied (the work dirs, private dirs and snapshots live there).
 */
export function sealedRules(
  sealed: SealedPaths | undefined,
  workBase: string,
): { read: Record<string, 'deny'>; externalDirectory: Record<string, 'deny'> } {
  const read: Record<string, 'deny'> = {}
  const externalDirectory: Record<string, 'deny'> = {}
  if (!sealed) return { read, externalDirectory }
  const fromWork = (path: string): string => `*../${posix(relative(commonAncestor(workBase, path), path))}`
  const denyFolder = (folder: string): void => {
    if (within(folder, workBase)) return
    externalDirectory[posix(join(folder, '*'))] = 'deny'
  }
  for (const file of sealed.files) {
    read[posix(file)] = 'deny'
    read[fromWork(file)] = 'deny'
    denyFolder(dirname(file))
  }
  for (const folder of sealed.folders) {
    if (within(folder, workBase)) continue
    for (const p of [posix(folder), fromWork(folder)]) {
      read[p] = 'deny'
      read[`${p}/*`] = 'deny'
    }
    denyFolder(folder)
  }
  return { read, externalDirectory }
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}

/**
 * Why a side's snapshot is not sealed, or null when it is: it holds `evals/`, a copy of a sealed file, or a
 * link into the answer key. Checked before the side starts, so no agent of it ever runs.
 */
export function unsealedSnapshotProblem(spec: SideSpec): string | null {
  if (!spec.skill) return null
  const dir = spec.skill.snapshotDir
  const side = `side ${spec.side}'s skill snapshot ${dir}`
  const fix = 'delete that folder and start the task again: the snapshot is rebuilt without the answer key'
  try {
    lstatSync(join(dir, EVALS_DIR))
    return `${side} holds ${EVALS_DIR}/ (prompts and expected outputs the agent could read): ${fix}`
  } catch {
    // no evals/: the usual case
  }
  const sealed = spec.sealed
  if (!sealed) return null
  const keys = sealed.files.flatMap((f) => {
    try {
      return [{ file: f, size: statSync(f).size, hash: '' }]
    } catch {
      return []
    }
  })
  const sealedTarget = (real: string): boolean =>
    sealed.files.includes(real) || sealed.folders.some((d) => within(d, real))
  let files
  try {
    files = listSkillFiles(dir)
  } catch {
    return null // no snapshot folder: the visibility check says the skill is not seen
  }
  for (const f of files) {
    let real: string
    try {
      real = realpathSync(f.abs)
    } catch {
      continue // a dangling link reaches nothing
    }
    if (f.link && sealedTarget(real))
      return `${side} links ${f.rel} to ${real}, part of the dataset's answer key: ${fix}`
    const size = statSync(real).size
    for (const key of keys) {
      if (key.size !== size) continue
      key.hash ||= sha256(key.file)
      if (sha256(real) === key.hash)
        return `${side} holds ${f.rel}, a copy of the dataset file ${key.file} (the expected outputs): add the line "/${f.rel}" to the skill folder's ${IGNORE_FILE} and start the task again`
    }
  }
  return null
}
