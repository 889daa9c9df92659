// App settings: `<data dir>/settings.json`. The opencode binary and provider config reach the
// environment the services run with when the app or serve starts (a variable already set wins).
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { notExecutable } from '../agent/opencode/opencode-bin'
import { InputError } from '../inputs/errors'
import { settingsSchema } from '../../src-shared/ipc'
import type { Settings } from '../../src-shared/ipc-views'

export const DEFAULT_SETTINGS: Settings = {
  opencodeBin: null,
  providerConfig: null,
  defaultAgentModel: null,
  defaultJudgeModel: null,
  concurrency: 2,
  judgeConcurrency: 3,
}

export function settingsFile(dataDir: string): string {
  return join(dataDir, 'settings.json')
}

/** The stored settings; a missing or unreadable file gives the defaults (fields merge over them). */
export function readSettings(dataDir: string): Settings {
  try {
    const raw = JSON.parse(readFileSync(settingsFile(dataDir), 'utf8')) as unknown
    const parsed = settingsSchema.partial().safeParse(raw)
    return parsed.success ? { ...DEFAULT_SETTINGS, ...parsed.data } : DEFAULT_SETTINGS
  } catch {
    return DEFAULT_SETTINGS
  }
}

/** Settings that cannot work are refused, naming the field: an opencodeBin that cannot be started. */
export function checkSettings(settings: Settings): void {
  const bin = settings.opencodeBin
  const why = bin === null ? null : notExecutable(resolve(bin))
  if (why)
    throw new InputError({
      field: 'opencodeBin',
      code: 'path',
      message: `opencodeBin: ${bin} ${why}`,
      fix: 'give the path of the opencode binary, or leave it empty to use the bundled one',
    })
}

/** Checks the settings (`checkSettings`), then saves them. */
export function writeSettings(dataDir: string, settings: Settings): Settings {
  checkSettings(settings)
  const file = settingsFile(dataDir)
  writeFileSync(`${file}.tmp`, `${JSON.stringify(settings, null, 2)}\n`)
  renameSync(`${file}.tmp`, file)
  return settings
}

/** The environment the services run with: the settings fill in what the environment leaves unset. */
export function environmentWithSettings(env: NodeJS.ProcessEnv, settings: Settings): NodeJS.ProcessEnv {
  return {
    ...env,
    ...(settings.opencodeBin && !env.SKILL_AB_OPENCODE_BIN
      ? { SKILL_AB_OPENCODE_BIN: settings.opencodeBin }
      : {}),
    ...(settings.providerConfig && !env.OPENCODE_CONFIG ? { OPENCODE_CONFIG: settings.providerConfig } : {}),
  }
}
