// The paths a config file names (task or trigger config): resolved against the config's folder (`~` is the
// home folder), each checked to exist with the right type, and the opencode config the agents will read.
import { statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadUserConfig } from '../agent/user-config'
import { InputError, type ProblemList } from './errors'
import { notRegularFile } from './text-file'

export interface ConfigPaths {
  /** The absolute path of `raw`; a problem naming `field` is added when it is not a `want`. */
  check(field: string, raw: string, want: 'file' | 'folder'): string
  /** `agent.opencodeConfig`, else `OPENCODE_CONFIG` from `env` (checked to parse); undefined when neither is set. */
  opencodeConfig(given: string | undefined, env: NodeJS.ProcessEnv): string | undefined
}

export function configPaths(file: string | undefined, configDir: string, problems: ProblemList): ConfigPaths {
  const checkAgainst = (
    field: string,
    raw: string,
    want: 'file' | 'folder',
    base: string,
    baseName: string,
  ) => {
    const abs = resolvePath(base, raw)
    const problem = pathProblem(abs, want)
    if (problem)
      problems.add({
        file,
        field,
        code: 'path',
        message: `${field}: ${want} ${problem}: ${abs}`,
        fix: `fix the path ("${raw}" is resolved against ${baseName} ${base})`,
      })
    return abs
  }
  return {
    check: (field, raw, want) => checkAgainst(field, raw, want, configDir, "the config file's folder"),
    opencodeConfig(given, env) {
      const path = given
        ? checkAgainst('agent.opencodeConfig', given, 'file', configDir, "the config file's folder")
        : env.OPENCODE_CONFIG
          ? checkAgainst('OPENCODE_CONFIG', env.OPENCODE_CONFIG, 'file', process.cwd(), 'the current folder')
          : undefined
      // A malformed opencode config is refused now, with its position, not when the first run starts.
      if (!problems.items.some((p) => p.field === 'agent.opencodeConfig' || p.field === 'OPENCODE_CONFIG'))
        checkOpencodeConfig(path, env, problems)
      return path
    },
  }
}

/** The opencode config(s) the runs will read (the given one, else the global ones) must parse. */
function checkOpencodeConfig(path: string | undefined, env: NodeJS.ProcessEnv, problems: ProblemList): void {
  try {
    loadUserConfig(path, env)
  } catch (err) {
    if (!(err instanceof InputError)) throw err
    for (const p of err.details) problems.add(p)
  }
}

/** `raw` against `base`; `~` is the home folder. */
export function resolvePath(base: string, raw: string): string {
  if (raw === '~' || raw.startsWith('~/')) return join(homedir(), raw.slice(1))
  return resolve(base, raw)
}

/** Why `abs` is not a usable file/folder, or null when it is. */
function pathProblem(abs: string, want: 'file' | 'folder'): string | null {
  try {
    const st = statSync(abs)
    if (want === 'folder' && !st.isDirectory()) return 'is not a folder'
    const odd = want === 'file' ? notRegularFile(st) : null
    if (odd) return odd === 'is a folder' ? 'is a folder, not a file' : odd
    return null
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'not found' : `cannot be read (${code ?? String(err)})`
  }
}
