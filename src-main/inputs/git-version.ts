// A skill version kept in git (`skill.git` / `baseline.git`: {repo, ref, path}): the ref resolved to a
// commit, the skill folder found in that commit's tree, and its files read from git's object database into
// a private temp folder (never a checkout: the working copy and the index are never touched).
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, posix, resolve } from 'node:path'
import type { GitRef } from '../../src-shared/task-config'
import { relativePathProblem, resolvePath } from './config-paths'
import type { Problem, ProblemList } from './errors'
import { makeGitTemp, sweepStaleGitTempsOnce } from './git-temp'
import {
  git,
  GIT_MISSING,
  gitText,
  isLfsPointer,
  isSafeRef,
  isUnsafeTreePath,
  parseCatFileBatch,
  parseLsTree,
  type TreeEntry,
} from './git'

/** One commit's skill folder: what a `git` skill source resolved to. */
export interface GitVersion {
  /** The repository's top folder, absolute. */
  repo: string
  /** The ref as written (a branch, tag or commit). */
  ref: string
  /** The skill folder inside the repository, POSIX, relative to its top ('' = the top itself). */
  path: string
  /** The commit's full id. */
  sha: string
  /** The commit's subject line. */
  subject: string
}

/** The label a git version gets when none is given: its short sha. */
export const shortSha = (sha: string): string => sha.slice(0, 7)

/** `abc1234 "Shorter greetings"`: how a git version is named to the user. */
export const describeGitVersion = (v: Pick<GitVersion, 'sha' | 'subject'>): string =>
  `${shortSha(v.sha)} "${v.subject}"`

/** `skill.git.ref: "main" moved from abc1234 "…" to def5678 "…"` when `live` is not the commit a task stored. */
export function movedRef(
  field: string,
  stored: GitRef | undefined,
  live: GitVersion | undefined,
): string | null {
  const commit = stored?.commit
  if (!commit || !live || commit.sha === live.sha) return null
  return `${field}.git.ref: "${live.ref}" moved from ${describeGitVersion(commit)} to ${describeGitVersion(live)}`
}

/**
 * Resolves `given` (paths against `baseDir`) to a commit and a folder in it; adds a problem naming
 * `<field>.repo`, `.ref` or `.path` and returns null when one does not hold. A `commit` (written into a
 * task's stored config) pins the version: its sha is read, whatever the ref names now.
 */
export function resolveGitVersion(
  field: string,
  given: GitRef,
  baseDir: string | null,
  problems: ProblemList,
  file?: string,
): GitVersion | null {
  const add = (key: string, message: string, fix: string): null => {
    const p: Problem = {
      file,
      field: `${field}.${key}`,
      code: 'path',
      message: `${field}.${key}: ${message}`,
      fix,
    }
    problems.add(p)
    return null
  }
  const dir = resolvePath(baseDir, given.repo)
  if (dir === null) {
    const { message, fix } = relativePathProblem(given.repo)
    return add('repo', message, fix)
  }
  const found = git(dir, ['rev-parse', '--show-toplevel'])
  if (!found.ok)
    return found.stderr === GIT_MISSING
      ? add('repo', GIT_MISSING, 'install git')
      : add('repo', `not a git repository: ${dir}`, 'give the folder of a git repository (one holding .git)')
  const top = found.stdout.toString('utf8').trim()
  const repo = resolve(top)
  const prefix = gitText(dir, ['rev-parse', '--show-prefix']) ?? ''
  const joined = posix.normalize(posix.join(prefix, given.path.split('\\').join('/'))).replace(/\/$/, '')
  const path = joined === '.' ? '' : joined
  const wanted = given.commit?.sha ?? given.ref
  const sha = isSafeRef(wanted)
    ? gitText(repo, ['rev-parse', '--verify', '--quiet', `${wanted}^{commit}`])
    : null
  if (!sha)
    return add(
      given.commit ? 'commit' : 'ref',
      `no commit "${wanted}" in ${repo}`,
      'give a branch, tag or commit of that repository (`git log --oneline` lists commits)',
    )
  const subject = gitText(repo, ['log', '-1', '--format=%s', sha]) ?? ''
  if (path.startsWith('../') || path === '..')
    return add('path', `"${given.path}" leads out of the repository ${repo}`, 'give a folder inside it')
  if (gitText(repo, ['cat-file', '-t', `${sha}:${path}`]) !== 'tree')
    return add(
      'path',
      `no folder "${path}" in commit ${describeGitVersion({ sha, subject })} of ${repo}`,
      'give the skill folder\'s path inside the repository, e.g. "skills/my-skill"',
    )
  return { repo, ref: given.ref, path, sha, subject }
}

/**
 * A file tracked by Git LFS is only a pointer in git's objects: the agent would get the pointer instead of
 * the file. Refused, naming the files (README "Skill versions from git").
 */
function refuseLfsPointers(v: GitVersion, blobs: readonly TreeEntry[], objects: Map<string, Buffer>): void {
  const pointers = blobs.filter((e) => {
    const content = objects.get(e.oid)
    return e.mode !== '120000' && content !== undefined && isLfsPointer(content)
  })
  if (!pointers.length) return
  const names = pointers.slice(0, 3).map((e) => `${v.path || '.'}/${e.path}`)
  throw new Error(
    `${names.join(', ')}${pointers.length > 3 ? ` and ${pointers.length - 3} more` : ''} in ${v.repo} at ` +
      `${describeGitVersion(v)} ${pointers.length > 1 ? 'are Git LFS pointers' : 'is a Git LFS pointer'}, ` +
      `not the file: Git LFS files cannot be read from a commit. Use the working copy (\`path\` in place ` +
      `of \`git\`, after \`git lfs pull\`), or keep the skill's files out of Git LFS`,
  )
}

/** Where a git version's files were read to: `dir` holds the skill folder; remove `root` when done. */
export interface GitCopy {
  root: string
  dir: string
}

/**
 * Reads the skill folder of `v` from git's object database (`git ls-tree -r` + `git cat-file --batch`)
 * into a new private temp folder: files with their executable bit, symlinks as links (the skill checks
 * refuse them as they do in a folder), no `.git`. A submodule cannot be read and is refused. Folders a
 * crashed process left are swept first (git-temp.ts).
 */
export function readGitVersion(v: GitVersion): GitCopy {
  const tree = `${v.sha}:${v.path}`
  const listed = git(v.repo, ['ls-tree', '-r', '-z', tree])
  if (!listed.ok) throw new Error(`git ls-tree ${tree} failed in ${v.repo}: ${listed.stderr}`)
  const entries = parseLsTree(listed.stdout)
  const submodule = entries.find((e) => e.type === 'commit')
  if (submodule)
    throw new Error(
      `${v.path || '.'}/${submodule.path} in ${v.repo} is a git submodule: a skill cannot hold one`,
    )
  const unsafe = entries.find((e) => isUnsafeTreePath(e.path))
  if (unsafe) throw new Error(`"${unsafe.path}" in ${v.repo} at ${v.sha} is not a path a skill can hold`)
  // Links last: a crafted tree cannot make a file be written through one of its own links.
  const blobs = entries
    .filter((e) => e.type === 'blob')
    .sort((x, y) => Number(x.mode === '120000') - Number(y.mode === '120000'))
  const read = git(v.repo, ['cat-file', '--batch'], blobs.map((e) => `${e.oid}\n`).join(''))
  if (!read.ok) throw new Error(`git cat-file failed in ${v.repo}: ${read.stderr}`)
  const objects = parseCatFileBatch(read.stdout)
  refuseLfsPointers(v, blobs, objects)
  sweepStaleGitTempsOnce()
  const root = makeGitTemp()
  const dir = join(root, basename(v.path) || basename(v.repo))
  try {
    mkdirSync(dir)
    for (const e of blobs) {
      const content = objects.get(e.oid)
      if (!content) throw new Error(`git cat-file gave no object ${e.oid} (${e.path}) in ${v.repo}`)
      const target = join(dir, ...e.path.split('/'))
      mkdirSync(dirname(target), { recursive: true })
      if (e.mode === '120000') symlinkSync(content.toString('utf8'), target)
      else {
        writeFileSync(target, content)
        chmodSync(target, e.mode === '100755' ? 0o755 : 0o644)
      }
    }
  } catch (err) {
    rmSync(root, { recursive: true, force: true })
    throw err
  }
  return { root, dir }
}
