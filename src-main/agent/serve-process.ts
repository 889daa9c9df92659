// Starts one `opencode serve` on 127.0.0.1 in its own process group: a free port, the "listening on" line
// (with a timeout and stderr in the error), its exit watched, stderr kept; stopped SIGTERM → SIGKILL.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { sep } from 'node:path'
import { processes } from '../db/processes/probe'
import { LineSplitter } from './events'
import { killLeftovers, processesWithEnv, processStartTime, stopGroup } from './process-group'
import { stderrSummary } from './outcome'
import { STDERR_TAIL_BYTES, Tail } from './run-process'

export interface ServeInput {
  bin: string
  env: Record<string, string>
  cwd: string
  /** The env marker every process of this server inherits (its tool subprocesses too). */
  marker: { name: string; value: string }
  startTimeoutMs: number
}

export interface ServeProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string
  pid: number
  startTime: string
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

function startOnce(input: ServeInput, port: number): Promise<ServeProcess> {
  const child = spawn(
    input.bin,
    ['serve', '--hostname=127.0.0.1', `--port=${port}`, '--print-logs', '--log-level=INFO'],
    { cwd: input.cwd, env: input.env, detached: true, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'] },
  )
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
        const url = listeningUrl(line)
        if (!url || settled || pid === null) continue
        settled = true
        clearTimeout(timer)
        resolve({
          url,
          pid,
          startTime: leaderStarted ?? '',
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
