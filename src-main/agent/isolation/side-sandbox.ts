// Whether one side's agents run sandboxed, and under what policy: `agent.sandbox` against what this machine
// can do and what the side's provider config says (docs/sandbox.md).
import { homedir } from 'node:os'
import { dirname } from 'node:path'
import { sandboxSupport, type SandboxPolicy } from './sandbox'
import { providerHosts, sidePolicy } from './sandbox-policy'
import type { SideSpec } from '../types'
import type { UserConfig } from '../opencode/user-config'

export interface SideSandboxState {
  /** The side's policy; null: its agents run with the user's rights (`detail` says why). */
  policy: SandboxPolicy | null
  /** On: with what (`bubblewrap 0.8.0`); off: why, and what to do. */
  detail: string
  /** Set when the side must not run: `agent.sandbox` is "required" and it cannot be on. */
  refusal: string | null
}

/** What to do when bubblewrap is installed but cannot start a sandbox. */
export const SANDBOX_START_HINT =
  'bubblewrap needs unprivileged user namespaces: enable them (sudo sysctl -w kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 also kernel.apparmor_restrict_unprivileged_userns=0), or set agent.sandbox to "off"'

export interface SideSandboxInput {
  spec: SideSpec
  userConfig: UserConfig | null
  providers: string[]
  env: NodeJS.ProcessEnv
  /** What the side's processes read beside their own dirs: the offered skills, the binaries they run. */
  readable: string[]
  platform?: NodeJS.Platform
}

export function sideSandbox(input: SideSandboxInput): SideSandboxState {
  const { spec } = input
  const mode = spec.sandbox?.mode ?? 'off'
  const off = (why: string): SideSandboxState => ({
    policy: null,
    detail: why,
    refusal: mode === 'required' ? `agent.sandbox is "required", but the sandbox cannot be on: ${why}` : null,
  })
  if (mode === 'off') return { policy: null, detail: 'agent.sandbox is "off"', refusal: null }
  const support = sandboxSupport(input.platform)
  if (!support.ok) return off(support.detail)
  const { hosts, unknown } = providerHosts(input.providers, input.userConfig?.config ?? null, input.env)
  if (unknown.length)
    return off(
      `the sandbox lets the agent reach only its model provider, and skill-ab does not know where ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'}: set provider.<id>.options.baseURL in the opencode config`,
    )
  const policy = sidePolicy({
    dataDir: dirname(spec.runRoot),
    sealed: spec.sealed,
    hidden: spec.sandbox?.hidden ?? [],
    home: input.env.HOME || homedir(),
    readable: [...input.readable, ...(input.userConfig?.fileRefs ?? [])],
    hosts,
  })
  return { policy, detail: support.detail, refusal: null }
}

/** `on (bubblewrap 0.8.0)` or `off: <why>`, as the proof and doctor say it. */
export function sandboxWords(state: Pick<SideSandboxState, 'policy' | 'detail'>): string {
  return state.policy ? `on (${state.detail})` : `off: ${state.detail}`
}
