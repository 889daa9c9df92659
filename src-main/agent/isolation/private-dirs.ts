// Per-run private dirs (HOME, XDG_*, TMPDIR): seeded config dir, ripgrep, auth file 0600; removed after the run.
import { copyFileSync, chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { findOnPath } from '../opencode/opencode-bin'
import type { PrivateDirs } from './run-env'

/** Where ripgrep is looked for when it is not on PATH (CI installs it with apt). */
const RG_FALLBACKS = ['/usr/bin/rg', '/usr/local/bin/rg', '/opt/homebrew/bin/rg', '/snap/bin/rg']

export interface Ripgrep {
  /** Absolute path of the rg binary, null when none was found (grep/glob tools will fail offline). */
  path: string | null
  /** Whether it is reachable through PATH (else it is linked into $XDG_CACHE_HOME/opencode/bin). */
  onPath: boolean
}

/** Finds ripgrep: on PATH, else in the usual places. */
export function findRipgrep(pathVar: string | undefined): Ripgrep {
  const onPath = findOnPath('rg', pathVar)
  if (onPath) return { path: onPath, onPath: true }
  for (const file of RG_FALLBACKS) {
    if (findOnPath('rg', dirname(file))) return { path: file, onPath: false }
  }
  return { path: null, onPath: false }
}

/**
 * Seeds an opencode config dir so its background `npm install @opencode-ai/plugin` is skipped: it only
 * runs when node_modules/ is missing or the lockfile's root lacks a dependency (docs/opencode.md).
 */
export function seedConfigDir(dir: string, opencodeVersion: string): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  const deps = { '@opencode-ai/plugin': opencodeVersion }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ dependencies: deps }, null, 2)}\n`)
  const lock = {
    name: 'opencode-config',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { dependencies: deps } },
  }
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`)
}

export interface PrivateDirsInput {
  runRoot: string
  /** Prefix of the folder name (the run id, or `proof-a`). */
  label: string
  opencodeVersion: string
  ripgrep: Ripgrep
  /** The real user's opencode auth.json, copied 0600 when set. */
  authFile: string | null
  /** The reduced provider config to write as `<root>/opencode-provider.json` (0600); null for none. */
  providerConfig: Record<string, unknown> | null
}

export interface PreparedDirs {
  dirs: PrivateDirs
  /** The written provider config (OPENCODE_CONFIG), or null. */
  configFile: string | null
}

function safeLabel(label: string): string {
  return label.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60) || 'run'
}

/** Creates `<runRoot>/<label>-XXXXXX/{home,config,data,cache,state,tmp}`, seeded. */
export function createPrivateDirs(input: PrivateDirsInput): PreparedDirs {
  mkdirSync(input.runRoot, { recursive: true })
  const root = mkdtempSync(join(input.runRoot, `${safeLabel(input.label)}-`))
  try {
    const dirs: PrivateDirs = {
      root,
      home: join(root, 'home'),
      config: join(root, 'config'),
      data: join(root, 'data'),
      cache: join(root, 'cache'),
      state: join(root, 'state'),
      tmp: join(root, 'tmp'),
    }
    for (const d of [dirs.home, dirs.data, dirs.cache, dirs.state, dirs.tmp])
      mkdirSync(d, { recursive: true, mode: 0o700 })
    seedConfigDir(join(dirs.config, 'opencode'), input.opencodeVersion)
    // A fresh HOME has no git identity: commits the agent makes in its work dir would fail.
    writeFileSync(join(dirs.home, '.gitconfig'), '[user]\n\tname = skill-ab\n\temail = skill-ab@localhost\n')
    if (input.ripgrep.path && !input.ripgrep.onPath) {
      const binDir = join(dirs.cache, 'opencode', 'bin')
      mkdirSync(binDir, { recursive: true })
      try {
        symlinkSync(input.ripgrep.path, join(binDir, 'rg'))
      } catch {
        copyFileSync(input.ripgrep.path, join(binDir, 'rg'))
        chmodSync(join(binDir, 'rg'), 0o755)
      }
    }
    if (input.authFile) {
      const target = join(dirs.data, 'opencode', 'auth.json')
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
      copyFileSync(input.authFile, target)
      chmodSync(target, 0o600)
    }
    let configFile: string | null = null
    if (input.providerConfig) {
      configFile = join(root, 'opencode-provider.json')
      writeFileSync(configFile, `${JSON.stringify(input.providerConfig, null, 2)}\n`, { mode: 0o600 })
    }
    return { dirs, configFile }
  } catch (err) {
    rmSync(root, { recursive: true, force: true })
    throw err
  }
}

/** Deletes a run's private dirs (its opencode DB, logs, copied credentials). Never throws. */
export function removePrivateDirs(dirs: PrivateDirs): void {
  try {
    rmSync(dirs.root, { recursive: true, force: true, maxRetries: 3 })
  } catch {
    // best effort: a leftover is swept with the run root
  }
}
