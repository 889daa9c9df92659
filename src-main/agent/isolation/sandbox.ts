// The OS sandbox every agent process runs in (docs/sandbox.md): @anthropic-ai/sandbox-runtime — bubblewrap and
// a filtering proxy on Linux — started once per app, each command wrapped with its own filesystem policy and
// its own network allow list (the model provider's host:port, nothing else).
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { SandboxManager } from '@anthropic-ai/sandbox-runtime'

/** `agent.sandbox`: on wherever it can be (`auto`), refuse to run without it (`required`), or the user's `off`. */
export type SandboxMode = 'auto' | 'required' | 'off'

/** What one process may touch; every path absolute. */
export interface SandboxPolicy {
  /** Nothing under these can be read (nor listed)… */
  denyRead: string[]
  /** …except under these (the side's own dirs inside a denied folder). */
  allowRead: string[]
  /** The only places it can write. */
  allowWrite: string[]
  /** `host:port` it may connect to (through the proxy); nothing else. */
  allowedHosts: string[]
}

/** A process started in the sandbox: the id its denials are filed under, and its policy. */
export interface RunningSandbox {
  id: string
  policy: SandboxPolicy
}

export interface SandboxSupport {
  ok: boolean
  /** On: "bubblewrap 0.8.0"; off: why, and what to install. */
  detail: string
}

const INSTALL_HINT =
  'install bubblewrap and socat (Debian/Ubuntu: sudo apt install bubblewrap socat; Fedora: sudo dnf install bubblewrap socat)'

/**
 * Why a platform has no sandbox here. macOS: the library's sandbox-exec backend reaches the network through
 * the host's loopback, where a sandboxed `opencode serve` needs its own relay; that and its proof are not built
 * or tested yet, so macOS runs unsandboxed, with the warning, rather than on an unproved sandbox.
 */
const NOT_HERE: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'the OS sandbox is built for Linux so far (macOS: not yet)',
}

function bwrapVersion(): string | null {
  try {
    return execFileSync('bwrap', ['--version'], { encoding: 'utf8', timeout: 5000 }).trim()
  } catch {
    return null
  }
}

let support: SandboxSupport | null = null

/** Whether this machine can sandbox agents, and with what (asked once per app; `platform`: another OS's answer). */
export function sandboxSupport(platform = process.platform): SandboxSupport {
  if (platform !== 'linux' || platform !== process.platform || !SandboxManager.isSupportedPlatform())
    return { ok: false, detail: NOT_HERE[platform] ?? `no OS sandbox for ${platform} yet (Linux has one)` }
  if (support) return support
  const check = SandboxManager.checkDependencies()
  if (check.errors.length)
    return (support = { ok: false, detail: `${check.errors.join('; ')}: ${INSTALL_HINT}` })
  return (support = { ok: true, detail: bwrapVersion() ?? 'bubblewrap' })
}

let started: Promise<void> | null = null

/**
 * Starts the sandbox's proxies once per app. No host is allowed globally: each command registers its own list.
 * Unix sockets can be created (a sandboxed `opencode serve` is reached through one); the system's socket
 * folders are unreadable to every command.
 */
export function startSandbox(): Promise<void> {
  started ??= SandboxManager.initialize({
    network: { allowedDomains: [], deniedDomains: [], allowAllUnixSockets: true },
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
  }).catch((err: unknown) => {
    started = null
    throw err
  })
  return started
}

/** Stops the proxies (they keep a process alive); the next sandboxed command starts them again. */
export async function stopSandbox(): Promise<void> {
  if (!started) return
  const was = started
  started = null
  await was.catch(() => {})
  await SandboxManager.reset()
}

/** `'a b'` → `'a b'` quoted for bash. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`
}

export interface SandboxedCommand {
  bin: string
  args: string[]
  env: Record<string, string>
  /** Drops the command's network allow list: call once it has exited (or never started). */
  release(): void
  /** The key the sandbox filed this command's denials under. */
  commandId: string
}

export interface CommandToWrap {
  /** A bash command line (quote each argument with shellQuote). */
  command: string
  env: Record<string, string>
  cwd: string
}

/**
 * The argv and env that run `cmd.command` in the sandbox under `policy` (plus its cwd, readable and
 * writable). The env is `cmd.env` with the sandbox's proxy variables laid over it.
 */
export async function wrapInSandbox(policy: SandboxPolicy, cmd: CommandToWrap): Promise<SandboxedCommand> {
  await startSandbox()
  const commandId = randomBytes(18).toString('base64url')
  SandboxManager.registerCommandNetworkLists(commandId, { allowedDomains: policy.allowedHosts })
  const release = (): void => SandboxManager.unregisterCommandNetworkLists(commandId)
  try {
    // The sandbox keeps loopback out of the proxy; the provider may be on 127.0.0.1 (a local model), and
    // there is no loopback inside: everything goes through the proxy, which allows only `allowedHosts`.
    const { argv, env } = await SandboxManager.wrapWithSandboxArgv(
      `unset NO_PROXY no_proxy;${cmd.env.TMPDIR ? ` export TMPDIR=${shellQuote(cmd.env.TMPDIR)};` : ''} ${cmd.command}`,
      '/bin/bash',
      {
        filesystem: {
          denyRead: policy.denyRead,
          // The proxies' own sockets (in the app's TMPDIR) stay reachable inside a hidden folder.
          allowRead: [...policy.allowRead, cmd.cwd, ...proxySockets()],
          allowWrite: [...policy.allowWrite, cmd.cwd],
          // Inside, a denied folder is an empty in-memory folder: a write there never reaches the disk.
          denyWrite: [],
        },
      },
      undefined,
      cmd.cwd,
      { commandId },
    )
    // The sandbox's proxy variables over the command's env; its TMPDIR never (the command keeps its private one).
    const merged: Record<string, string> = { ...cmd.env }
    for (const [name, value] of Object.entries(env))
      if (value !== undefined && value !== process.env[name] && name !== 'TMPDIR') merged[name] = value
    const [bin, ...args] = argv
    if (!bin) throw new Error('the sandbox gave no command to run')
    return { bin, args, env: merged, release, commandId }
  } catch (err) {
    release()
    throw err
  }
}

/** The unix sockets the sandbox's network bridge connects to (Linux; none elsewhere). */
function proxySockets(): string[] {
  return [SandboxManager.getLinuxHttpSocketPath(), SandboxManager.getLinuxSocksSocketPath()].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  )
}

export interface ProgramToRun {
  bin: string
  args: string[]
  env: Record<string, string>
  cwd: string
}

/** The program as it runs: inside the sandbox under `policy`, or as given when `policy` is null. */
export async function sandboxed(
  policy: SandboxPolicy | null,
  program: ProgramToRun,
): Promise<Omit<SandboxedCommand, 'commandId'> & { commandId: string | null }> {
  if (!policy) return { ...program, release: () => {}, commandId: null }
  const command = [program.bin, ...program.args].map(shellQuote).join(' ')
  return wrapInSandbox(policy, { command: `exec ${command}`, env: program.env, cwd: program.cwd })
}
