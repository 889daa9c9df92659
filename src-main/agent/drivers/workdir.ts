// A run's work dir: fresh git repo with the case files in a first commit; the diff against it afterwards.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, normalize, sep } from 'node:path'
import { execa } from 'execa'
import type { CaseFileContent, CaseFiles } from '../../../src-shared/case-file'

/** Diffs larger than this are cut (with a note): they are stored per run and shown to the judge. */
export const MAX_DIFF_BYTES = 4 * 1024 * 1024

const IDENTITY = [
  '-c',
  'user.name=skill-ab',
  '-c',
  'user.email=skill-ab@localhost',
  '-c',
  'commit.gpgsign=false',
]

/** git with no user/system config (fresh, reproducible, no hooks or signing from the user's setup). */
function gitEnv(pathVar: string | undefined): Record<string, string> {
  return {
    PATH: pathVar ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: '/nonexistent',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
  }
}

async function git(cwd: string, args: string[], pathVar: string | undefined): Promise<string> {
  const r = await execa('git', args, {
    cwd,
    env: gitEnv(pathVar),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    maxBuffer: 256 * 1024 * 1024,
    stripFinalNewline: false,
  })
  if (r.failed) {
    const why = String(r.stderr ?? '').trim() || r.shortMessage
    const shown = args.filter((a) => a !== '-c' && !a.includes('=')).join(' ')
    throw new Error(`git ${shown} failed in ${cwd}: ${why}`)
  }
  return String(r.stdout ?? '')
}

/** A case file's content as written: text as UTF-8, a binary file's bytes exactly as imported. */
export function fileBytes(content: CaseFileContent): string | Buffer {
  return typeof content === 'string' ? content : Buffer.from(content.base64, 'base64')
}

/** Rejects absolute paths and paths leaving the work dir. */
export function safeRelative(rel: string): string {
  const norm = normalize(rel.replace(/\\/g, '/'))
  if (
    !rel ||
    isAbsolute(rel) ||
    norm === '..' ||
    norm.startsWith(`..${sep}`) ||
    norm.split(sep).includes('..')
  ) {
    throw new Error(`case file path "${rel}" must stay inside the work dir`)
  }
  if (norm.split(sep)[0] === '.git') throw new Error(`case file path "${rel}" may not write into .git`)
  return norm
}

/**
 * Creates `workDir` as a fresh git repo with `files` in a first commit; returns that commit's hash.
 * An existing work dir is replaced only when it is empty or a previous repo of ours (holds `.git`).
 */
export async function prepareWorkDir(workDir: string, files: CaseFiles, pathVar?: string): Promise<string> {
  if (existsSync(workDir)) {
    const entries = readdirSync(workDir)
    if (entries.length > 0 && !entries.includes('.git'))
      throw new Error(`work dir ${workDir} exists and is not empty`)
    rmSync(workDir, { recursive: true, force: true })
  }
  mkdirSync(workDir, { recursive: true })
  for (const [rel, content] of Object.entries(files)) {
    const file = join(workDir, safeRelative(rel))
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, fileBytes(content))
  }
  await git(workDir, ['init', '-q', '-b', 'main'], pathVar)
  await git(workDir, ['add', '-A'], pathVar)
  await git(
    workDir,
    [...IDENTITY, 'commit', '-q', '--allow-empty', '--no-verify', '-m', 'case files'],
    pathVar,
  )
  return (await git(workDir, ['rev-parse', 'HEAD'], pathVar)).trim()
}

/** `git add -A` then the diff of the index against the first commit, without `.opencode/`. */
export async function captureDiff(workDir: string, firstCommit: string, pathVar?: string): Promise<string> {
  try {
    await git(workDir, ['add', '-A', '--', '.', ':(exclude).opencode'], pathVar)
    const diff = await git(
      workDir,
      [
        'diff',
        '--cached',
        '--no-color',
        '--no-ext-diff',
        '--no-renames',
        firstCommit,
        '--',
        '.',
        ':(exclude).opencode',
      ],
      pathVar,
    )
    if (Buffer.byteLength(diff) <= MAX_DIFF_BYTES) return diff
    return `${Buffer.from(diff).subarray(0, MAX_DIFF_BYTES).toString('utf8')}\n[skill-ab: diff cut at ${MAX_DIFF_BYTES} bytes]\n`
  } catch (err) {
    return `[skill-ab: diff unavailable: ${(err as Error).message}]\n`
  }
}
