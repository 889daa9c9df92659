// Integration-test fixtures: a temp world (HOME, data dir, skill, dataset, provider config) and a CLI runner.
import { execFile, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { writeProviderConfig } from './scripted-llm'

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..')
export const CLI = join(PROJECT_ROOT, 'bin', 'skill-ab.cjs')

export interface World {
  root: string
  home: string
  dataDir: string
  providerConfig: string
  /** Environment for the app under test: a temp HOME, its own data dir, the scripted provider. */
  env: NodeJS.ProcessEnv
  write(rel: string, content: string): string
  cleanup(): void
}

/** The temp folders the OS sandbox hides whole (docs/sandbox.md). */
const TEMP_FOLDERS = ['/tmp', '/var/tmp', tmpdir()]

/**
 * A folder for test worlds outside the temp folders, where a user's data dir is: the project's `.tmp`, or
 * (a checkout inside a temp folder) one in HOME's cache.
 */
export function outsideTempDir(): string {
  const inTemp = (p: string): boolean => TEMP_FOLDERS.some((t) => p === t || p.startsWith(`${t}/`))
  const candidates = [join(process.cwd(), '.tmp'), join(homedir(), '.cache', 'skill-ab-tests')]
  const dir = candidates.find((c) => !inTemp(c))
  if (!dir)
    throw new Error(`no folder outside the temp folders for test worlds (tried ${candidates.join(', ')})`)
  return dir
}

export function makeWorld(
  llmUrl: string,
  opts: {
    headerTimeoutMs?: number
    /** where the world's folder is made (the temp folder by default) */ under?: string
  } = {},
): World {
  if (opts.under) mkdirSync(opts.under, { recursive: true })
  const root = mkdtempSync(join(opts.under ?? tmpdir(), 'skill-ab-it-'))
  const home = join(root, 'home')
  const dataDir = join(root, 'data')
  mkdirSync(home, { recursive: true })
  const providerConfig = writeProviderConfig(join(root, 'provider.json'), {
    baseURL: llmUrl,
    headerTimeoutMs: opts.headerTimeoutMs ?? 20_000,
    chunkTimeoutMs: opts.headerTimeoutMs ?? 20_000,
  })
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    HOME: home,
    SKILL_AB_HOME: dataDir,
    OPENCODE_CONFIG: providerConfig,
  }
  const write = (rel: string, content: string): string => {
    const file = join(root, rel)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, content)
    return file
  }
  return {
    root,
    home,
    dataDir,
    providerConfig,
    env,
    write,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  }
}

export function writeSkill(world: World, rel: string, name: string, body = 'Talk like a pirate.'): string {
  world.write(
    `${rel}/SKILL.md`,
    `---\nname: ${name}\ndescription: Use when the user asks for pirate talk.\n---\n# ${name}\n\n${body}\n`,
  )
  return join(world.root, rel)
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

const children = new Set<ChildProcess>()

/**
 * A user without privileges to run the CLI as when the tests run as root (root reads any file, whatever
 * its permissions); null otherwise: the tests' own user already sees permissions as a user does.
 */
export const UNPRIVILEGED: { uid: number; gid: number } | null =
  process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : null

/** Lets UNPRIVILEGED reach the world's files and write its home and `dataDirs` (a data dir, say). */
export function shareWorld(world: World, dataDirs: string[] = []): void {
  if (!UNPRIVILEGED) return
  chmodSync(world.root, 0o755)
  for (const dir of [world.home, ...dataDirs]) {
    mkdirSync(dir, { recursive: true })
    chmodSync(dir, 0o777)
  }
}

/**
 * Runs the built CLI under this Node (22) with `env` (as `user` when given); never throws for a nonzero
 * exit.
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  user: { uid: number; gid: number } | null = null,
): Promise<CliResult> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env, cwd, maxBuffer: 64 * 1024 * 1024, ...user },
      (err, stdout, stderr) => {
        children.delete(child)
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0
        done({ code, stdout, stderr })
      },
    )
    children.add(child)
  })
}

/**
 * Stops CLI processes a timed-out test left behind: Ctrl-C first (the CLI cancels its agents cleanly),
 * SIGKILL after 10 s. Called after each test file, so a failure never leaves agents eating the CPU.
 */
export async function stopCliChildren(): Promise<void> {
  const alive = [...children].filter((c) => c.exitCode === null && c.signalCode === null)
  for (const c of alive) c.kill('SIGINT')
  await Promise.all(
    alive.map(
      (c) =>
        new Promise<void>((resolve) => {
          const t = setTimeout(() => (c.kill('SIGKILL'), resolve()), 10_000)
          c.once('exit', () => (clearTimeout(t), resolve()))
        }),
    ),
  )
}
