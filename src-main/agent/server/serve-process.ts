// Starts one `opencode serve` on 127.0.0.1 in its own process group: a free port, the "listening on" line
// (with a timeout and stderr in the error), its exit watched, stderr kept; stopped SIGTERM → SIGKILL.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { sep } from 'node:path'
import { processes } from '../../os-processes/probe'
import { wrapInSandbox, type RunningSandbox, type SandboxPolicy } from '../isolation/sandbox'
import { relayedServeCommand, relaySocketPath, startServeRelay, type ServeRelay } from './serve-relay'
import { LineSplitter } from '../session/run-events'
import { killLeftovers, processesWithEnv, processStartTime, stopGroup } from '../session/process-group'
import { stderrSummary } from '../session/outcome-kind'
import { STDERR_TAIL_BYTES, Tail } from '../session/run-process'

export interface ServeInput {
  bin: string
  env: Record<string, string>
  cwd: string
  /** The env marker every process of this server inherits (its tool subprocesses too). */
  marker: { name: string; value: string }
  startTimeoutMs: number
  /** The server's sandbox policy (null or absent: it runs unsandboxed), and its private dirs' root (the relay's socket). */
  sandbox?: { policy: SandboxPolicy; privateRoot: string } | null
}

interface ServeProgram {
  bin: string
  args: string[]
  env: Record<string, string>
  /** Drops what the program was given: its sandbox's allow list, its relay. */
  release(): void
  /** The host's way in to a sandboxed server (null: its own "listening on" url). */
  relay: ServeRelay | null
  sandbox: RunningSandbox | null
}

/** `opencode serve` on `port`, as it is started: as given, or in the sandbox behind a relay. */
async function serveProgram(input: ServeInput, port: number): Promise<ServeProgram> {
  const serve = ['serve', '--hostname=127.0.0.1', `--port=${port}`, '--print-logs', '--log-level=INFO']
  if (!input.sandbox)
    return { bin: input.bin, args: serve, env: input.env, release: () => {}, relay: null, sandbox: null }
  const socket = relaySocketPath(input.sandbox.privateRoot)
  const wrapped = await wrapInSandbox(input.sandbox.policy, {
    command: relayedServeCommand(socket, port, [input.bin, ...serve]),
    env: input.env,
    cwd: input.cwd,
  })
  try {
    const relay = await startServeRelay(socket)
    const release = (): void => {
      relay.close()
      wrapped.release()
    }
    return { ...wrapped, release, relay, sandbox: { id: wrapped.commandId, policy: input.sandbox.policy } }
  } catch (err) {
    wrapped.release()
    throw err
  }
}

export interface ServeProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string
  pid: number
  startTime: string
  /** The OS sandbox it was started in (reached through a relay): its command id and policy; null: none. */
  sandbox: RunningSandbox | null
  /** Resolves when the server process has exited. */
  exited: Promise<void>
  /** null while it runs; how it ended once it has. */
  exit(): { code: number | null; signal: string | null } | null
  stderrTail(): string
  /** Calls `listener` with every complete stderr line from now on; returns the unsubscribe. */
  onStderrLine(listener: (line: string) => void): () => void
  /** SIGTERM to its group (and marked strays), SIGKILL after `graceMs`. */
  stop(graceMs: number): Promise<void>
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port on 127.0.0.1'))))
    })
  })
}

/** `opencode server listening on http://127.0.0.1:4096` → the url. */
export function listeningUrl(line: string): string | null {
  return /listening on (https?:\/\/[^\s]+)/.exec(line)?.[1]?.replace(/\/+$/, '') ?? null
}

class ServeStartError extends Error {
  constructor(
    message: string,
    readonly portTaken: boolean,
  ) {
    super(message)
  }
}

async function startOnce(input: ServeInput, port: number): Promise<ServeProcess> {
  const program = await serveProgram(input, port)
  const child = spawn(program.bin, program.args, {
    cwd: input.cwd,
    env: program.env,
    detached: true,
    windowsHide: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stderr = new Tail(STDERR_TAIL_BYTES)
  const errLines = new LineSplitter()
  const outLines = new LineSplitter()
  const listeners = new Set<(line: string) => void>()
  let exitInfo: { code: number | null; signal: string | null } | null = null
  let spawnError: Error | null = null
  const exited = new Promise<void>((resolve) => {
    child.once('error', (err) => {
      spawnError = err
      exitInfo ??= { code: null, signal: null }
      resolve()
    })
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal }
      resolve()
    })
  })
  void exited.then(program.release)
  child.stderr.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString('utf8'))
    for (const line of errLines.push(chunk))
      for (const l of listeners) {
        try {
          l(line)
        } catch {
          // a failing listener must not stop the server's output
        }
      }
  })
  const pid = child.pid ?? null
  const leaderStarted = pid === null ? null : processStartTime(pid)
  const marker = input.marker
  const stop = async (graceMs: number): Promise<void> => {
    if (pid === null) return
    // A server that already died may have left tool subprocesses behind (same group or marker).
    if (exitInfo) killLeftovers(pid, marker, leaderStarted)
    else await stopGroup(pid, { exited, graceMs, marker, leaderStarted })
  }
  return new Promise<ServeProcess>((resolve, reject) => {
    let settled = false
    const fail = (why: string): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const tail = stderrSummary(stderr.toString())
      const portTaken = /EADDRINUSE|address already in use|port .* in use/i.test(tail)
      void stop(1000).then(() =>
        reject(new ServeStartError(`opencode serve ${why}${tail ? `; stderr: ${tail}` : ''}`, portTaken)),
      )
    }
    const timer = setTimeout(
      () => fail(`did not say "listening on" within ${Math.round(input.startTimeoutMs / 1000)} s`),
      input.startTimeoutMs,
    )
    void exited.then(() => {
      const e = exitInfo
      fail(
        spawnError
          ? `could not start (${input.bin}): ${spawnError.message}`
          : `exited before listening (code ${e?.code ?? 'none'}, signal ${e?.signal ?? 'none'})`,
      )
    })
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of outLines.push(chunk)) {
        const said = listeningUrl(line)
        if (!said || settled || pid === null) continue
        const url = program.relay?.url ?? said
        settled = true
        clearTimeout(timer)
        resolve({
          url,
          pid,
          startTime: leaderStarted ?? '',
          sandbox: program.sandbox,
          exited,
          exit: () => exitInfo,
          stderrTail: () => stderr.toString(),
          onStderrLine: (l) => {
            listeners.add(l)
            return () => listeners.delete(l)
          },
          stop,
        })
      }
    })
  })
}

/** Starts the server on a free port (a port taken in between is retried twice); throws with stderr. */
export async function startServe(input: ServeInput): Promise<ServeProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(input, await freePort())
    } catch (err) {
      if (!(err instanceof ServeStartError && err.portTaken && attempt < 3)) throw err
    }
  }
}

/**
 * SIGKILLs processes of this server (by its env marker) working inside `dir`: what a run's tools left
 * behind (a daemon, a backgrounded sleep). The server itself is spared, and so are its own helpers whose
 * command line names `ownDir` (opencode's snapshot `git --git-dir <data>/opencode/snapshot/…` still
 * diffing the session). Returns how many were killed.
 */
export function killStraysIn(
  marker: { name: string; value: string },
  dir: string,
  server: { pid: number; ownDir: string },
): number {
  let killed = 0
  for (const pid of processesWithEnv(marker.name, marker.value)) {
    if (pid === server.pid) continue
    const cwd = processes.cwd(pid)
    if (cwd === null || (cwd !== dir && !cwd.startsWith(`${dir}${sep}`))) continue
    if (processes.commandLine(pid).includes(server.ownDir)) continue
    try {
      process.kill(pid, 'SIGKILL')
      killed += 1
    } catch {
      // already gone
    }
  }
  return killed
}
