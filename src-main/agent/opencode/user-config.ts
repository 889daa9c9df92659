// The user's opencode config reduced to providers/models: its skills, agents and plugins reach neither side.
import { existsSync } from 'node:fs'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { readOpencodeConfig, realHome, userConfigFiles } from '../../inputs/opencode-config'
import { isSecretFieldName } from '../isolation/redact'

/** Top-level keys that describe providers and models; everything else is left out. */
export const KEPT_KEYS = [
  '$schema',
  'provider',
  'model',
  'small_model',
  'disabled_providers',
  'enabled_providers',
] as const

/** A literal value of the config that is a credential, and where it stands (e.g. `provider.p.options.headers.Authorization`). */
export interface ConfigLiteral {
  field: string
  value: string
}

export interface UserConfig {
  /** The file(s) read; empty when the user has no config. */
  sources: string[]
  /** The reduced config, ready to be written as OPENCODE_CONFIG; null when there is none. */
  config: Record<string, unknown> | null
  /** Provider ids defined in the config. */
  providers: string[]
  /** Variables the config reads through `{env:NAME}`: the run env must carry them. */
  envRefs: string[]
  /** Files the config reads through `{file:path}` (absolute): their contents reach opencode. */
  fileRefs: string[]
  /** Literal credentials (header values, apiKey-like fields), to be redacted from anything the app keeps. */
  literals: ConfigLiteral[]
  /** Top-level keys left out (shown by doctor / proof messages). */
  dropped: string[]
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v)
}

function mergeDeep(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a }
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k]
    out[k] = isObject(prev) && isObject(v) ? mergeDeep(prev, v) : v
  }
  return out
}

/** `{file:rel}` resolves against the config's folder and `~` against the real HOME: make both absolute. */
function absolutiseFileRefs(value: unknown, configDir: string, home: string): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{file:([^}]+)\}/g, (_m, p: string) => {
      const path = p.startsWith('~/') ? join(home, p.slice(2)) : isAbsolute(p) ? p : resolve(configDir, p)
      return `{file:${path}}`
    })
  }
  if (Array.isArray(value)) return value.map((v) => absolutiseFileRefs(v, configDir, home))
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, absolutiseFileRefs(v, configDir, home)]),
    )
  }
  return value
}

/** Visits every value with its dotted path (array items keep their parent's path). */
function collect(value: unknown, visit: (path: string[], v: unknown) => void, path: string[] = []): void {
  visit(path, value)
  if (Array.isArray(value)) value.forEach((v) => collect(v, visit, path))
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) collect(v, visit, [...path, k])
}

/** Headers that describe the request, not who sends it (redacting `application/json` everywhere would mangle runs). */
const PLAIN_HEADER = /^(content-type|accept(-.*)?|user-agent|(http-)?referer|x-title|.*-version|.*-beta)$/i

/** A value at this path is a credential when written literally: a header (but plain ones), or a key/token/secret-like field. */
function isCredentialPath(path: readonly string[]): boolean {
  const key = path[path.length - 1] ?? ''
  return (path[path.length - 2] === 'headers' && !PLAIN_HEADER.test(key)) || isSecretFieldName(key)
}

/** Reads and reduces the user's config; throws an InputError naming the file (and line) when it cannot be used. */
export function loadUserConfig(explicit: string | undefined, env: NodeJS.ProcessEnv): UserConfig {
  const sources = userConfigFiles(explicit, env)
  let merged: Record<string, unknown> = {}
  const dropped = new Set<string>()
  for (const file of sources) {
    const parsed = readOpencodeConfig(file)
    const kept: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(parsed)) {
      if ((KEPT_KEYS as readonly string[]).includes(k)) kept[k] = v
      else dropped.add(k)
    }
    merged = mergeDeep(
      merged,
      absolutiseFileRefs(kept, dirname(file), realHome(env)) as Record<string, unknown>,
    )
  }
  if (sources.length === 0)
    return { sources, config: null, providers: [], envRefs: [], fileRefs: [], literals: [], dropped: [] }

  const envRefs = new Set<string>()
  const fileRefs = new Set<string>()
  const literals: ConfigLiteral[] = []
  collect(merged, (path, v) => {
    if (typeof v !== 'string') return
    for (const m of v.matchAll(/\{env:([^}]+)\}/g)) if (m[1]) envRefs.add(m[1])
    for (const m of v.matchAll(/\{file:([^}]+)\}/g)) if (m[1]) fileRefs.add(m[1])
    // A value built from references is secret through them (their values are collected from env and files).
    if (v !== '' && isCredentialPath(path) && !/\{(env|file):/.test(v))
      literals.push({ field: path.join('.'), value: v })
  })
  return {
    sources,
    config: merged,
    providers: isObject(merged.provider) ? Object.keys(merged.provider) : [],
    envRefs: [...envRefs],
    fileRefs: [...fileRefs],
    literals,
    dropped: [...dropped],
  }
}

/** The real user's opencode auth file, when it exists. */
export function userAuthFile(env: NodeJS.ProcessEnv): string | null {
  const file = join(env.XDG_DATA_HOME || join(realHome(env), '.local', 'share'), 'opencode', 'auth.json')
  return existsSync(file) ? file : null
}
