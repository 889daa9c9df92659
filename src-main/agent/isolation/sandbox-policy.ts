// What one side's agents may read, write and reach (docs/sandbox.md), derived from the task, never listed by
// the user: no data dir (other than the side's own dirs), no answer key, no skill's own folder, none of the
// user's secret places; writes only in its own dirs; the network only to its model provider.
import { tmpdir } from 'node:os'
import { dirname, join, parse } from 'node:path'
import { fillEnv } from '../opencode/provider-ping'
import type { SandboxMode, SandboxPolicy } from './sandbox'
import type { SealedPaths } from '../../inputs/sealed-paths'
import type { UserConfig } from '../opencode/user-config'

/** `SideSpec.sandbox`: the task's `agent.sandbox`, and what of the user's the agents must not read. */
export interface SideSandbox {
  mode: SandboxMode
  /**
   * The skill's and the baseline's folders as the user keeps them (only snapshots are offered; a git version's
   * is that folder in the repo), and the task's config file (its evaluators may hold expected outputs).
   */
  hidden: string[]
}

/** Under the real HOME: credentials, keys and tokens no agent needs (its HOME is a private one). */
export const SECRET_PLACES = [
  '.ssh',
  '.aws',
  '.azure',
  '.kube',
  '.docker',
  '.gnupg',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  '.password-store',
  '.env',
  '.config/gcloud',
  '.config/gh',
  '.config/opencode',
  '.local/share/opencode',
  '.local/share/keyrings',
  '.cargo/credentials.toml',
  'Library/Keychains',
  // What the sandbox would otherwise keep writable under HOME for its own convenience.
  '.npm',
  '.claude',
]

/**
 * Where the machine's daemons keep their unix sockets (a daemon's socket is a way out of any sandbox: an
 * ssh-agent's and a tmux server's are in the temp folder), and other programs' temp files. The process's own
 * dirs inside them are re-opened; its TMPDIR is a private one.
 */
const SHARED_PLACES = ['/run', '/var/run', '/tmp', '/var/tmp', tmpdir()]

/** The endpoints of the providers opencode has built in, for a provider the user's config gives no baseURL. */
const BUILT_IN_HOSTS: Record<string, string[]> = {
  anthropic: ['api.anthropic.com:443'],
  openai: ['api.openai.com:443'],
  google: ['generativelanguage.googleapis.com:443'],
  openrouter: ['openrouter.ai:443'],
  groq: ['api.groq.com:443'],
  mistral: ['api.mistral.ai:443'],
  xai: ['api.x.ai:443'],
  deepseek: ['api.deepseek.com:443'],
  opencode: ['opencode.ai:443'],
}

/** `https://host:port/v1` → `host:port` (the scheme's port when none is given); null when it is no URL. */
export function hostOf(url: string): string | null {
  try {
    const u = new URL(url)
    const port = u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '')
    if (!port || !u.hostname) return null
    return `${u.hostname.replace(/^\[|\]$/g, '')}:${port}`
  } catch {
    return null
  }
}

/**
 * The `host:port` each provider is reached at: its `options.baseURL` in the user's config, else opencode's
 * built-in endpoint. `unknown`: providers with neither (the agent could not reach them in the sandbox).
 */
export function providerHosts(
  providers: readonly string[],
  config: UserConfig['config'],
  env: NodeJS.ProcessEnv,
): { hosts: string[]; unknown: string[] } {
  const hosts = new Set<string>()
  const unknown: string[] = []
  const entries = (config?.provider ?? {}) as Record<string, { options?: { baseURL?: unknown } } | undefined>
  for (const id of new Set(providers)) {
    const base = entries[id]?.options?.baseURL
    const host = typeof base === 'string' ? hostOf(fillEnv(base, env)) : null
    const known = host ? [host] : BUILT_IN_HOSTS[id]
    if (known) for (const h of known) hosts.add(h)
    else unknown.push(id)
  }
  return { hosts: [...hosts], unknown }
}

export interface SidePolicyInput {
  /** The data dir: every task's work dirs, private dirs, snapshots and the database. */
  dataDir: string
  sealed: SealedPaths | undefined
  hidden: readonly string[]
  /** The user's real HOME (its secret places are denied). */
  home: string
  /** What the side's processes must read inside a denied folder: its offered skills, the binaries it runs. */
  readable: readonly string[]
  hosts: readonly string[]
}

/** A folder worth denying: not the file system's root (a dataset kept at `/x.jsonl` denies the file only). */
const folder = (path: string): string[] => (parse(path).root === path ? [] : [path])

/** The side's policy, before any process adds its own private dirs and work dir. */
export function sidePolicy(input: SidePolicyInput): SandboxPolicy {
  const answerKey = [
    ...(input.sealed?.files ?? []).flatMap((f) => [f, ...folder(dirname(f))]),
    ...(input.sealed?.folders ?? []),
  ]
  return {
    denyRead: [
      ...new Set([
        input.dataDir,
        ...answerKey,
        ...input.hidden,
        ...SECRET_PLACES.map((p) => join(input.home, p)),
        ...SHARED_PLACES,
      ]),
    ],
    allowRead: [...new Set(input.readable)],
    allowWrite: [],
    allowedHosts: [...input.hosts],
  }
}

/** `policy` for one process: its private dirs (and provider config file) readable and writable. */
export function processPolicy(policy: SandboxPolicy, privateRoot: string): SandboxPolicy {
  return { ...policy, allowRead: [...policy.allowRead, privateRoot], allowWrite: [privateRoot] }
}
