// The clean allow-listed env and OPENCODE_CONFIG_CONTENT of one agent process (docs/opencode.md).
import { join } from 'node:path'
import { sealedRules } from './sealed-rules'
import type { SealedPaths } from '../types'

/** The private dirs of one agent process (all under one root, deleted after the run). */
export interface PrivateDirs {
  root: string
  home: string
  config: string
  data: string
  cache: string
  state: string
  tmp: string
}

/** opencode's escape hatches, all set to 1 for every agent process (docs/opencode.md). */
export const DISABLE_FLAGS = [
  'OPENCODE_DISABLE_MODELS_FETCH',
  'OPENCODE_DISABLE_AUTOUPDATE',
  'OPENCODE_DISABLE_LSP_DOWNLOAD',
  'OPENCODE_DISABLE_SHARE',
  'OPENCODE_DISABLE_DEFAULT_PLUGINS',
  'OPENCODE_DISABLE_EXTERNAL_SKILLS',
] as const

/**
 * Tags every agent and judge process with the id of the app/CLI instance that started it: when that instance
 * dies, the reaper finds its orphans by this tag (a pid can be reused; the tag cannot).
 */
export const OWNER_MARKER_VAR = 'SKILL_AB_OWNER'

/** Taken from the parent as they are. */
const EXACT = new Set([
  OWNER_MARKER_VAR,
  'PATH',
  'LANG',
  'LANGUAGE',
  'TZ',
  'USER',
  'LOGNAME',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GITHUB_TOKEN',
  'GH_TOKEN',
])

/** Locale, and the credential/endpoint variables of the providers opencode bundles. */
const PREFIXES = [
  'LC_',
  'AWS_',
  'AZURE_',
  'ANTHROPIC_',
  'OPENAI_',
  'GOOGLE_CLOUD_',
  'GOOGLE_VERTEX_',
  'VERTEX_',
  'GEMINI_',
  'OPENROUTER_',
  'GROQ_',
  'MISTRAL_',
  'XAI_',
  'DEEPSEEK_',
  'DEEPINFRA_',
  'CEREBRAS_',
  'COHERE_',
  'TOGETHER_',
  'PERPLEXITY_',
  'FIREWORKS_',
  'CLOUDFLARE_',
  'VERCEL_',
  'AI_GATEWAY_',
  'GITLAB_',
  'OLLAMA_',
  'DASHSCOPE_',
  'MOONSHOT_',
  'ZHIPU_',
  'VENICE_',
]
const SUFFIXES = ['_API_KEY', '_API_TOKEN', '_BASE_URL', '_API_BASE', '_API_VERSION']

/** Windows: what programs need to start there, taken from the parent. */
const WINDOWS_SYSTEM = new Set([
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'SYSTEMDRIVE',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'COMMONPROGRAMFILES',
  'NUMBER_OF_PROCESSORS',
  'PROCESSOR_ARCHITECTURE',
  'OS',
])

/** Windows' own home, config, data and temp variables: private like HOME, XDG_* and TMPDIR. */
const WINDOWS_DIRS = ['USERPROFILE', 'HOMEDRIVE', 'HOMEPATH', 'APPDATA', 'LOCALAPPDATA', 'TEMP', 'TMP']

/** Never taken from the parent: we set these ourselves, or they would undo the isolation. */
function refused(name: string): boolean {
  return (
    name === 'HOME' ||
    name.startsWith('XDG_') ||
    name.startsWith('OPENCODE_') ||
    name === 'TMPDIR' ||
    WINDOWS_DIRS.includes(name)
  )
}

/** Variables the app sets for every agent process itself (a parent's value never reaches the agent). */
export function isAppSetEnvName(name: string): boolean {
  return refused(name) || name === RUN_MARKER_VAR || name === OWNER_MARKER_VAR
}

export function isAllowedEnvName(name: string): boolean {
  if (refused(name)) return false
  return EXACT.has(name) || PREFIXES.some((p) => name.startsWith(p)) || SUFFIXES.some((s) => name.endsWith(s))
}

/** Credential-looking variables whose values must never be kept in a log, the DB or an export. */
export function isSecretEnvName(name: string): boolean {
  return /(KEY|TOKEN|SECRET|PASSWORD|CREDENTIALS)/.test(name) && !/^(PATH|LANG)$/.test(name)
}

export interface RunEnvInput {
  parent: NodeJS.ProcessEnv
  dirs: PrivateDirs
  /** The reduced provider config (OPENCODE_CONFIG), if any. */
  configFile: string | null
  configContent: Record<string, unknown>
  /** Extra parent variables to pass: those the user's config reads through `{env:NAME}`. */
  envRefs: string[]
  /** Tags every process of the run (inherited by everything it starts): how leftovers are found. */
  marker: string
}

export const RUN_MARKER_VAR = 'SKILL_AB_RUN'

/**
 * A clean env built from an allow-list; never the parent's HOME/XDG/TMPDIR/OPENCODE_*. On Windows, where
 * names are case-insensitive (`Path`, `SystemRoot`), names are compared and written upper-case, the system
 * variables programs need are kept, and the home, app-data and temp variables point at the private dirs.
 */
export function buildRunEnv(input: RunEnvInput, platform = process.platform): Record<string, string> {
  const windows = platform === 'win32'
  const env: Record<string, string> = {}
  const extra = new Set(input.envRefs.filter((n) => !refused(n)))
  for (const [given, value] of Object.entries(input.parent)) {
    if (value === undefined) continue
    const name = windows ? given.toUpperCase() : given
    if (isAllowedEnvName(name) || extra.has(given) || (windows && WINDOWS_SYSTEM.has(name))) env[name] = value
  }
  env.PATH ??= windows ? `${env.SYSTEMROOT ?? 'C:\\Windows'}\\System32` : '/usr/local/bin:/usr/bin:/bin'
  env.LANG ??= 'C.UTF-8'
  const { dirs } = input
  if (windows)
    Object.assign(env, {
      USERPROFILE: dirs.home,
      APPDATA: dirs.config,
      LOCALAPPDATA: dirs.data,
      TEMP: dirs.tmp,
      TMP: dirs.tmp,
    })
  Object.assign(env, {
    HOME: dirs.home,
    XDG_CONFIG_HOME: dirs.config,
    XDG_DATA_HOME: dirs.data,
    XDG_CACHE_HOME: dirs.cache,
    XDG_STATE_HOME: dirs.state,
    TMPDIR: dirs.tmp,
    NO_COLOR: '1',
    OPENCODE_CONFIG_CONTENT: JSON.stringify(input.configContent),
    [RUN_MARKER_VAR]: input.marker,
  })
  for (const flag of DISABLE_FLAGS) env[flag] = '1'
  if (input.configFile) env.OPENCODE_CONFIG = input.configFile
  return env
}

/**
 * opencode's own per-attempt waits (default 300 s × 6 attempts ≈ 30 min). Slightly under the no-progress
 * limit, so opencode notices a stuck connection first and retries (a retry prints progress); a provider
 * that stays stuck is then stopped by the app's idle or wall-clock watchdog.
 */
export function providerTimeoutMs(idleTimeoutSec: number): number {
  const idleMs = Math.max(1, idleTimeoutSec) * 1000
  return Math.max(1000, Math.round(idleMs - Math.min(10_000, idleMs * 0.2)))
}

export interface ConfigContentInput {
  /** `<…>/<hash>`: the folder holding `<name>/SKILL.md`; null for a side without a skill. */
  skillsPath: string | null
  /** Every provider in the user's config plus the model's. */
  providers: string[]
  idleTimeoutSec: number
  tmpDir: string
  /** The answer key, denied to the agent; absent = nothing to seal. */
  sealed?: SealedPaths
  /** The folder holding every work dir, private dir and snapshot of the task (the data dir). */
  workBase?: string
}

/** OPENCODE_CONFIG_CONTENT: skills only for a side that has one, explicit permissions, no network extras. */
export function buildConfigContent(input: ConfigContentInput): Record<string, unknown> {
  const timeout = providerTimeoutMs(input.idleTimeoutSec)
  const provider = Object.fromEntries(
    [...new Set(input.providers)].map((id) => [
      id,
      { options: { headerTimeout: timeout, chunkTimeout: timeout } },
    ]),
  )
  const externalDirectory: Record<string, string> = { '*': 'deny', [join(input.tmpDir, '*')]: 'allow' }
  if (input.skillsPath) externalDirectory[join(input.skillsPath, '*')] = 'allow'
  // opencode applies the last matching rule: the answer key's denies come after every allow.
  const sealed = sealedRules(input.sealed, input.workBase ?? input.tmpDir)
  return {
    share: 'disabled',
    autoupdate: false,
    lsp: false,
    formatter: false,
    // opencode's own git snapshots of the work dir (its undo): the app diffs the work dir itself.
    snapshot: false,
    // An empty list replaces any `skills.paths` a user config might still carry.
    skills: { paths: input.skillsPath ? [input.skillsPath] : [], urls: [] },
    // `run` auto-rejects every "ask"; here nothing asks at all (a server would wait for a human).
    permission: {
      question: 'deny',
      plan_enter: 'deny',
      plan_exit: 'deny',
      doom_loop: 'deny',
      external_directory: { ...externalDirectory, ...sealed.externalDirectory },
      read: {
        '*': 'allow',
        '*.env': 'deny',
        '*.env.*': 'deny',
        '*.env.example': 'allow',
        ...sealed.read,
      },
    },
    provider,
  }
}
