// The user's opencode config files, found as opencode finds them and read as it reads them (JSON with comments
// and trailing commas); what of them the agents get is agent/opencode/user-config.ts.
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { depthProblem } from '../../src-shared/json-depth'
import { displayPath, InputError } from './errors'
import { tryParseJsonc } from './json-text'
import { readTextFile } from './text-file'

/** The real user's home folder (`HOME`, else the OS's). */
export function realHome(env: NodeJS.ProcessEnv): string {
  return env.HOME || homedir()
}

/** The real user's global opencode config files, in opencode's load order. */
export function globalConfigFiles(env: NodeJS.ProcessEnv): string[] {
  const base = join(env.XDG_CONFIG_HOME || join(realHome(env), '.config'), 'opencode')
  return ['config.json', 'opencode.json', 'opencode.jsonc']
    .map((f) => join(base, f))
    .filter((f) => existsSync(f))
}

/** The opencode config file a task's agents and judge read: the task's own (`agent.opencodeConfig`), else OPENCODE_CONFIG. */
export function opencodeConfigPathOf(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  return explicit || env.OPENCODE_CONFIG || undefined
}

/** Which files hold the user's providers: `opencodeConfigPathOf`, else the global config. */
export function userConfigFiles(explicit: string | undefined, env: NodeJS.ProcessEnv): string[] {
  const file = opencodeConfigPathOf(explicit, env)
  return file ? [resolve(file)] : globalConfigFiles(env)
}

/** The largest opencode config file read. */
export const MAX_OPENCODE_CONFIG_BYTES = 10 * 1024 * 1024

const JSONC_FIX = 'fix the opencode config (comments and trailing commas are fine, as in opencode)'

/**
 * JSON with comments and trailing commas, as opencode accepts it. Nothing is repaired: a config opencode
 * would refuse is refused here, with its line and column, before anything is written.
 */
export function parseJsonc(text: string, file: string): Record<string, unknown> {
  const shown = displayPath(file)
  const parsed = tryParseJsonc(text)
  if (!parsed.ok)
    throw new InputError({
      file: shown,
      line: parsed.line,
      column: parsed.column,
      message: `malformed opencode config (${parsed.reason})`,
      fix: JSONC_FIX,
    })
  const value = parsed.value
  const deep = depthProblem(value)
  if (deep)
    throw new InputError({
      file: shown,
      message: deep.message,
      fix: 'an opencode config is a few levels deep: remove the extra nesting',
    })
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new InputError({
      file: shown,
      line: 1,
      message: 'an opencode config must be a JSON object',
      fix: 'write it like {"provider": {…}}',
    })
  return value as Record<string, unknown>
}

/** Reads one opencode config file (a regular UTF-8 file) and parses it; throws InputError. */
export function readOpencodeConfig(file: string): Record<string, unknown> {
  const text = readTextFile(file, {
    shown: displayPath(file),
    what: 'opencode config',
    maxBytes: MAX_OPENCODE_CONFIG_BYTES,
    fix: 'check agent.opencodeConfig or OPENCODE_CONFIG',
  })
  return parseJsonc(text, file)
}
