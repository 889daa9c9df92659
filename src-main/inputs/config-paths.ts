// The paths a config file names (task or trigger config): resolved against the config's folder (`~` is the
// home folder), each checked to exist with the right type, and the opencode config the agents will read. A
// config set up in the app has no file: its relative paths are refused, never guessed against some folder.
import { statSync } from 'node:fs'
import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { InputError, type ProblemList } from './errors'
import { readOpencodeConfig, userConfigFiles } from './opencode-config'
import { notRegularFile } from './text-file'

export interface ConfigPaths {
  /** The absolute path of `raw`; a problem naming `field` is added when it is not a `want`. */
  check(field: string, raw: string, want: 'file' | 'folder'): string
  /** `agent.opencodeConfig`, else `OPENCODE_CONFIG` from `env` (checked to parse); undefined when neither is set. */
  opencodeConfig(given: string | undefined, env: NodeJS.ProcessEnv): string | undefined
}

/**
 * `configDir`: the config file's folder, or null for a config that has no file (set up in the app), whose
 * paths must be absolute.
 */
export function configPaths(
  file: string | undefined,
  configDir: string | null,
  problems: ProblemList,
): ConfigPaths {
  const checkAgainst = (
    field: string,
    raw: string,
    want: 'file' | 'folder',
    base: string | null,
    baseName: string,
  ) => {
    const abs = resolvePath(base, raw)
    if (abs === null) {
      const { message, fix } = relativePathProblem(raw)
      problems.add({ file, field, code: 'path', message: `${field}: ${message}`, fix })
      return raw
    }
    const problem = pathProblem(abs, want)
    if (problem)
      problems.add({
        file,
        field,
        code: 'path',
        message: `${field}: ${problem}: ${abs}`,
        fix: isRelative(raw)
          ? `fix the path ("${raw}" is resolved against ${baseName} ${base})`
          : 'fix the path',
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
    for (const file of userConfigFiles(path, env)) readOpencodeConfig(file)
  } catch (err) {
    if (!(err instanceof InputError)) throw err
    for (const p of err.details) problems.add(p)
  }
}

/** Whether `raw` is resolved against a folder (neither absolute nor in the home folder, `~/…`). */
function isRelative(raw: string): boolean {
  return !isAbsolute(raw) && raw !== '~' && !raw.startsWith('~/')
}

/** `raw` against `base` (`~` is the home folder); null when it is relative and there is no base. */
export function resolvePath(base: string | null, raw: string): string | null {
  if (raw === '~' || raw.startsWith('~/')) return join(homedir(), raw.slice(1))
  if (base === null && !isAbsolute(raw)) return null
  return resolve(base ?? '/', raw)
}

/** What a relative path in a config without a file says (after its field's name), and what to do. */
export function relativePathProblem(raw: string): { message: string; fix: string } {
  return {
    message: `"${raw}" is a relative path, and a config set up in the app has no file for it to be relative to`,
    fix: 'give the absolute path (like "/home/me/skills/my-skill", or "~/skills/my-skill" in your home folder)',
  }
}

/** Why `abs` is not a usable file/folder ("folder not found", "is a file, not a folder"), or null when it is. */
function pathProblem(abs: string, want: 'file' | 'folder'): string | null {
  try {
    const st = statSync(abs)
    if (want === 'folder' && !st.isDirectory())
      return st.isFile() ? 'is a file, not a folder' : 'is not a folder'
    const odd = want === 'file' ? notRegularFile(st) : null
    if (odd) return odd === 'is a folder' ? 'is a folder, not a file' : odd
    return null
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? `${want} not found`
      : `${want} cannot be read (${code ?? String(err)})`
  }
}
