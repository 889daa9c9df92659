// Every value an agent or judge process gets from the user, found by where it comes from rather than by
// its name: each variable the opencode config references with {env:NAME}, each file it reads with
// {file:path}, each literal header and key in it, the provider variables taken from the environment and the
// auth file's credentials. Values the app sets itself (run tags, ports, private paths) are not among them.
import { readFileSync } from 'node:fs'
import { makeRedactor, type Redactor } from './redact'
import { isAllowedEnvName, isAppSetEnvName, isSecretEnvName, OWNER_MARKER_VAR } from './run-env'
import { loadUserConfig, userAuthFile, type UserConfig } from '../opencode/user-config'
import { plural } from '../../../src-shared/plural'

/** Shorter values are not redacted: replacing them everywhere would mangle ordinary text. */
export const MIN_SECRET_LENGTH = 8

/** One value from the user and where it came from, for the too-short warning. */
export interface SecretSource {
  /** e.g. `{env:MYCORP_LLM_AUTH} (read by the opencode config)`, `OPENAI_API_KEY`. */
  origin: string
  value: string
  /** Whether the user chose it as a credential (a reference or literal of the config, a key-named variable). */
  referenced: boolean
}

/** Provider variables that are settings, not credentials (locale, identity, certificate paths, endpoints). */
const NOT_SECRET_EXACT = new Set([
  OWNER_MARKER_VAR,
  'PATH',
  'LANG',
  'LANGUAGE',
  'TZ',
  'USER',
  'LOGNAME',
  'NO_PROXY',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
])
const NOT_SECRET_SUFFIXES = ['_BASE_URL', '_API_BASE', '_API_VERSION', '_REGION']

function isSettingName(name: string): boolean {
  return (
    NOT_SECRET_EXACT.has(name) || name.startsWith('LC_') || NOT_SECRET_SUFFIXES.some((s) => name.endsWith(s))
  )
}

/** String values of opencode's auth.json that look like credentials. */
export function authFileSecrets(file: string | null): string[] {
  if (!file) return []
  const out: string[] = []
  const walk = (v: unknown, key: string): void => {
    if (typeof v === 'string' && key !== 'type' && v.length >= 8) out.push(v)
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k)
  }
  try {
    walk(JSON.parse(readFileSync(file, 'utf8')) as unknown, '')
  } catch {
    // unreadable: opencode will say so in the run
  }
  return out
}

/** The first 64 KiB of a file the config reads, or null when it cannot be read. */
function fileText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').slice(0, 65_536)
  } catch {
    return null
  }
}

/** Every value the user gives an agent or judge process through `userConfig`, `parentEnv` and the auth file. */
export function secretSources(
  userConfig: UserConfig | null,
  parentEnv: NodeJS.ProcessEnv,
  authSecrets: readonly string[] = [],
): SecretSource[] {
  const out: SecretSource[] = []
  const add = (origin: string, value: string | null | undefined, referenced: boolean): void => {
    if (value) out.push({ origin, value, referenced })
  }
  // A reference to a variable the app sets (HOME, XDG_*, its run tags) reads the app's value, not the user's.
  for (const name of (userConfig?.envRefs ?? []).filter((n) => !isAppSetEnvName(n)))
    add(`{env:${name}} (read by the opencode config)`, parentEnv[name], true)
  for (const path of userConfig?.fileRefs ?? [])
    add(`{file:${path}} (read by the opencode config)`, fileText(path), true)
  for (const { field, value } of userConfig?.literals ?? [])
    add(`${field} of the opencode config`, value, true)
  for (const [name, value] of Object.entries(parentEnv))
    if (isAllowedEnvName(name) && !isSettingName(name)) add(name, value, isSecretEnvName(name))
  for (const value of authSecrets) add('the opencode auth file', value, true)
  return out
}

/**
 * The strings to replace, longest first (a secret containing another is replaced whole): each value, its
 * trimmed form (opencode trims what a {file:} holds), the token of a `Bearer <token>`-like value, and the
 * form the value takes inside a JSON string.
 */
export function secretStrings(sources: readonly SecretSource[]): string[] {
  const found = new Set<string>()
  const add = (s: string): void => {
    if (s.length < MIN_SECRET_LENGTH) return
    found.add(s)
    const json = JSON.stringify(s).slice(1, -1)
    if (json !== s) found.add(json)
  }
  for (const { value } of sources) {
    add(value)
    add(value.trim())
    const scheme = /^\s*[A-Za-z][\w-]*\s+(\S+)\s*$/.exec(value)
    if (scheme?.[1]) add(scheme[1])
  }
  return [...found].sort((a, b) => b.length - a.length)
}

/** The redactor for one task's agent or judge processes, and the strings it replaces. */
export function secretRedactor(sources: readonly SecretSource[]): { secrets: string[]; redact: Redactor } {
  const secrets = secretStrings(sources)
  return { secrets, redact: makeRedactor(secrets) }
}

/** One warning per referenced value too short to be redacted safely (it is stored as it is). */
export function shortSecretWarnings(sources: readonly SecretSource[]): string[] {
  const seen = new Set<string>()
  const warnings: string[] = []
  for (const { origin, value, referenced } of sources) {
    const length = value.trim().length
    if (!referenced || length >= MIN_SECRET_LENGTH || seen.has(origin)) continue
    seen.add(origin)
    warnings.push(
      `the value of ${origin} is ${plural(length, 'character')} long, too short to be redacted safely: runs, exports and logs may show it as it is; use a credential of at least ${MIN_SECRET_LENGTH} characters`,
    )
  }
  return warnings
}

/**
 * The sources for the opencode config at `configPath` (else the one `env` points at) and `env`, as a side of a
 * task would find them; a config that cannot be read adds nothing (the run reports it).
 */
export function secretSourcesFor(configPath: string | undefined, env: NodeJS.ProcessEnv): SecretSource[] {
  let userConfig: UserConfig | null = null
  try {
    userConfig = loadUserConfig(configPath, env)
  } catch {
    // the run refuses it with the file named
  }
  return secretSources(userConfig, env, authFileSecrets(userAuthFile(env)))
}

/** Variables of `env` whose names look like credentials, for text written outside the app's own runs. */
export function secretNamedSources(env: NodeJS.ProcessEnv): SecretSource[] {
  return Object.entries(env)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && isSecretEnvName(e[0]))
    .map(([name, value]) => ({ origin: name, value, referenced: false }))
}
