// Running read-only git commands on a user's repository. Every command reads the object database or the
// refs; none writes (`GIT_OPTIONAL_LOCKS=0` keeps even `git status` from refreshing the index), so the
// working copy and the index are never touched (README "Skill versions from git").
import { spawnSync } from 'node:child_process'

/** The largest output read from one git command: a skill is at most 20 MiB (skill-checks.ts). */
const MAX_OUTPUT = 256 * 1024 * 1024

export interface GitResult {
  ok: boolean
  stdout: Buffer
  stderr: string
}

export const GIT_MISSING = 'git is not installed (or not on PATH)'

/** `git -C <cwd> <args>`, with `input` on stdin; never throws for a failing command (see `ok`). */
export function git(cwd: string, args: readonly string[], input?: string): GitResult {
  // A repository's own config never runs a program here (`git status` would start its fsmonitor hook).
  const res = spawnSync('git', ['-C', cwd, '-c', 'core.fsmonitor=false', ...args], {
    input,
    maxBuffer: MAX_OUTPUT,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
    windowsHide: true,
  })
  if (res.error) {
    const code = (res.error as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? GIT_MISSING : res.error.message
    return { ok: false, stdout: Buffer.alloc(0), stderr: why }
  }
  return { ok: res.status === 0, stdout: res.stdout, stderr: res.stderr.toString('utf8').trim() }
}

/** The command's stdout as text without the final newline, or null when it failed. */
export function gitText(cwd: string, args: readonly string[]): string | null {
  const res = git(cwd, args)
  return res.ok ? res.stdout.toString('utf8').replace(/\n$/, '') : null
}

/** A ref a user typed, safe to pass as one argument (never an option). */
export function isSafeRef(ref: string): boolean {
  return ref.length > 0 && !ref.startsWith('-') && !/[\0\n]/.test(ref)
}

/** A tree path that could write outside the folder it is read into (a crafted tree: `..`, `.git`, empty parts). */
export function isUnsafeTreePath(path: string): boolean {
  return path
    .split('/')
    .some((part) => part === '' || part === '.' || part === '..' || part.toLowerCase() === '.git')
}

/** One entry of `git ls-tree -r -z`: mode, type, object id, path. */
export interface TreeEntry {
  mode: string
  type: string
  oid: string
  path: string
}

export function parseLsTree(out: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = []
  for (const record of out.toString('utf8').split('\0')) {
    if (!record) continue
    const tab = record.indexOf('\t')
    const [mode = '', type = '', oid = ''] = record.slice(0, tab).split(' ')
    entries.push({ mode, type, oid, path: record.slice(tab + 1) })
  }
  return entries
}

/** Splits `git cat-file --batch` output (`<oid> <type> <size>\n<bytes>\n` per object) into contents by oid. */
export function parseCatFileBatch(out: Buffer): Map<string, Buffer> {
  const objects = new Map<string, Buffer>()
  let at = 0
  while (at < out.length) {
    const eol = out.indexOf(0x0a, at)
    if (eol < 0) break
    const [oid = '', , size] = out.subarray(at, eol).toString('utf8').split(' ')
    const length = Number(size)
    if (!Number.isInteger(length)) throw new Error(`git cat-file: unexpected line "${oid}"`)
    objects.set(oid, out.subarray(eol + 1, eol + 1 + length))
    at = eol + 1 + length + 1
  }
  return objects
}

/** Git LFS pointers are under 1024 bytes (git-lfs's docs/spec.md); `hawser` is its older spec's name. */
const LFS_POINTER =
  /^version https:\/\/(git-lfs|hawser)\.github\.com\/spec\/v1\n(?:[a-z0-9.-]+ [^\n]*\n)*?oid sha256:[0-9a-f]{64}\n(?:[a-z0-9.-]+ [^\n]*\n)*?size \d+\n/

/**
 * Whether a blob is a Git LFS pointer (`version https://git-lfs.github.com/spec/v1`, `oid sha256:…`,
 * `size N`): what git's object database holds for a file tracked by Git LFS, instead of the file.
 */
export function isLfsPointer(content: Buffer): boolean {
  return content.length < 1024 && LFS_POINTER.test(content.toString('utf8'))
}
