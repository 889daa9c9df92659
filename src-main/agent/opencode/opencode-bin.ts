// Finds the opencode binary (SKILL_AB_OPENCODE_BIN → bundled platform package → PATH) and reads its version.
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { execa } from 'execa'
import { binaryIn, PACKAGE_NAME, platformPackages, thisMachine, type Machine } from './opencode-packages'

export type OpencodeBinSource = 'env' | 'bundled' | 'path'

export interface OpencodeBin {
  path: string
  source: OpencodeBinSource
  /** How it was found, for `doctor`: the variable, the package name, or the PATH entry. */
  detail: string
}

/** Why `file` cannot be started: "does not exist", "is a folder", "is not executable"…; null when it can. */
export function notExecutable(file: string): string | null {
  let st
  try {
    st = statSync(file)
  } catch {
    return 'does not exist'
  }
  if (st.isDirectory()) return 'is a folder'
  if (!st.isFile()) return 'is not a file'
  try {
    accessSync(file, constants.X_OK)
    return null
  } catch {
    return 'is not executable'
  }
}

const isExecutableFile = (file: string): boolean => notExecutable(file) === null

/**
 * In the packaged app the package resolves inside `app.asar`, but its binary is unpacked next to it
 * (electron-builder.json `asarUnpack`): a program cannot be started from inside an archive.
 */
export function unpackedPath(file: string): string {
  return file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')
}

function resolveBundled(pkg: string, fromDirs: string[], platform: NodeJS.Platform): string | null {
  for (const from of fromDirs) {
    try {
      const manifest = createRequire(join(from, 'noop.js')).resolve(`${pkg}/package.json`)
      const bin = unpackedPath(join(dirname(manifest), binaryIn(platform)))
      if (isExecutableFile(bin)) return bin
    } catch {
      // not installed as seen from this folder
    }
  }
  return null
}

/** The first executable `name` in PATH (on Windows `name.exe`). */
export function findOnPath(
  name: string,
  pathVar: string | undefined,
  platform = process.platform,
): string | null {
  const file = platform === 'win32' && !/\.exe$/i.test(name) ? `${name}.exe` : name
  for (const dir of (pathVar ?? '').split(platform === 'win32' ? ';' : delimiter)) {
    if (!dir) continue
    if (isExecutableFile(join(dir, file))) return join(dir, file)
  }
  return null
}

export interface FindBinOptions {
  env?: NodeJS.ProcessEnv
  /** The machine to find a package for; default this one. */
  machine?: Machine
  /** Folders to resolve the bundled package from; default: this module's folder and the cwd. */
  fromDirs?: string[]
}

/** SKILL_AB_OPENCODE_BIN → this machine's bundled platform package → `opencode` on PATH; null if none. */
export function findOpencodeBin(opts: FindBinOptions = {}): OpencodeBin | null {
  const env = opts.env ?? process.env
  const fromEnv = env.SKILL_AB_OPENCODE_BIN
  if (fromEnv) return { path: resolve(fromEnv), source: 'env', detail: 'SKILL_AB_OPENCODE_BIN' }
  const fromDirs = opts.fromDirs ?? [moduleDir(), process.cwd()]
  const machine = opts.machine ?? thisMachine()
  for (const pkg of platformPackages(machine)) {
    const bin = resolveBundled(pkg, fromDirs, machine.platform)
    if (bin) return { path: bin, source: 'bundled', detail: pkg }
  }
  const onPath = findOnPath('opencode', env.PATH, machine.platform)
  return onPath ? { path: onPath, source: 'path', detail: dirname(onPath) } : null
}

function moduleDir(): string {
  try {
    return dirname(fileURLToPath(import.meta.url))
  } catch {
    return process.cwd()
  }
}

const versions = new Map<string, Promise<string>>()

/**
 * The version of a bundled package's binary, read from the package (no process started: ≈1 s saved on each
 * task start); null when `bin` is not the binary of one of opencode's platform packages.
 */
export function bundledVersion(bin: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(dirname(dirname(bin)), 'package.json'), 'utf8')) as {
      name?: unknown
      version?: unknown
    }
    const bundled = typeof manifest.name === 'string' && PACKAGE_NAME.test(manifest.name)
    const version = typeof manifest.version === 'string' ? manifest.version : ''
    return bundled && /^\d+\.\d+\.\d+/.test(version) ? version : null
  } catch {
    return null
  }
}

/**
 * `opencode --version` (e.g. "1.18.33"); a bundled package's version without starting it. Even --version
 * creates dirs under HOME and XDG, so it runs in a throwaway HOME. Cached per binary path; rejects with the
 * reason when the binary does not answer.
 */
export function opencodeVersion(bin: string, pathVar = process.env.PATH): Promise<string> {
  const cached = versions.get(bin)
  if (cached) return cached
  const bundled = bundledVersion(bin)
  if (bundled) return Promise.resolve(bundled)
  const run = (async () => {
    const home = mkdtempSync(join(tmpdir(), 'skill-ab-ocver-'))
    try {
      const env = {
        PATH: pathVar ?? '/usr/bin:/bin',
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_DATA_HOME: join(home, 'data'),
        XDG_CACHE_HOME: join(home, 'cache'),
        XDG_STATE_HOME: join(home, 'state'),
        TMPDIR: home,
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_MODELS_FETCH: '1',
      }
      const r = await execa(bin, ['--version'], {
        env,
        extendEnv: false,
        reject: false,
        timeout: 30_000,
        stdin: 'ignore',
      })
      const version =
        String(r.stdout ?? '')
          .trim()
          .split(/\s+/)
          .pop() ?? ''
      if (r.failed || !/^\d+\.\d+\.\d+/.test(version)) {
        throw new Error(
          `${bin} --version failed: ${r.shortMessage ?? (String(r.stderr ?? '').trim() || 'no version printed')}`,
        )
      }
      return version
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  })()
  versions.set(bin, run)
  run.catch(() => versions.delete(bin))
  return run
}
