// Runs one process of the app (an agent, a judge, a command evaluator) in its own group, tagged with its
// markers: input on stdin, events parsed live, one watchdog (wall clock, idle), cancel, leftovers swept.
import { execa } from 'execa'
import { LineSplitter, parseEventLine } from './run-events'
import { killLeftovers, processStartTime, stopGroup, within } from './process-group'
import type { AgentEvent } from '../types'
import { startWatchdog, type StopReason, type Watchdog } from './watchdog'

export type { StopReason }

export interface ProcessInput {
  bin: string
  args: string[]
  cwd: string
  env: Record<string, string>
  stdin: string
  timeoutMs: number
  /** No output for this long stops the process; absent: no idle limit (only the wall clock). */
  idleTimeoutMs?: number
  graceMs: number
  signal: AbortSignal
  /** Env marker every process of the run inherits. */
  marker: { name: string; value: string }
  onSpawn?(pid: number, startTime: string): void
  onEvent?(event: AgentEvent): void
  /** Every complete stderr line (opencode's --print-logs output). */
  onStderrLine?(line: string): void
  /** Every chunk of stdout and stderr as it comes (a command's output, kept as the user would see it). */
  onOutput?(text: string): void
  /** The watchdog stops the process now (before it is signalled): what the process said so far is why. */
  onStop?(reason: StopReason): void
}

export interface ProcessResult {
  /** Node's error code when the process could not be started (ENOENT, EACCES, …). */
  spawnError: string | null
  spawnMessage: string | null
  pid: number | null
  exitCode: number | null
  signal: string | null
  /** Why the app stopped it, if it did. */
  stopReason: StopReason | null
  events: AgentEvent[]
  stderrTail: string
  /** Lines on stdout that were not events (kept for the crash message). */
  noise: string[]
  /** Processes of the run still alive after it ended, killed then. */
  leftovers: number
}

export const STDERR_TAIL_BYTES = 16 * 1024

/** Keeps the last `max` bytes of a text stream. */
export class Tail {
  private buf = ''
  constructor(private readonly max: number) {}
  push(s: string): void {
    this.buf += s
    if (this.buf.length > this.max * 2) this.buf = this.buf.slice(-this.max)
  }
  toString(): string {
    return this.buf.length > this.max ? this.buf.slice(-this.max) : this.buf
  }
}

export async function runProcess(input: ProcessInput): Promise<ProcessResult> {
  const events: AgentEvent[] = []
  const noise: string[] = []
  const stderr = new Tail(STDERR_TAIL_BYTES)
  const lines = new LineSplitter()
  const errLines = new LineSplitter()
  const takeErrLine = (line: string): void => {
    try {
      input.onStderrLine?.(line)
    } catch {
      // a failing listener must not break the run
    }
  }
  const takeLine = (line: string): void => {
    const event = parseEventLine(line)
    if (!event) {
      if (line.trim() && noise.length < 50) noise.push(line.slice(0, 2000))
      return
    }
    events.push(event)
    try {
      input.onEvent?.(event)
    } catch {
      // a failing listener must not break the run
    }
  }

  const child = execa(input.bin, input.args, {
    cwd: input.cwd,
    env: input.env,
    extendEnv: false,
    detached: true,
    cleanup: false,
    buffer: false,
    reject: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const node = child.nodeChildProcess
  const pid = child.pid ?? null
  let stopReason: StopReason | null = null
  let stopping: Promise<void> | null = null
  let leaderStarted: string | null = null
  let hasExited = pid === null
  const exited = new Promise<void>((resolve) => {
    if (pid === null) resolve()
    else
      node.once('exit', () => {
        hasExited = true
        resolve()
      })
  })

  const stop = (reason: StopReason): void => {
    // After the exit, nothing is stopped (the pid may be reused) and the outcome stays what it was.
    if (stopping || pid === null || hasExited) return
    stopReason = reason
    try {
      input.onStop?.(reason)
    } catch {
      // a failing listener must not break the run
    }
    stopping = stopGroup(pid, { exited, graceMs: input.graceMs, marker: input.marker, leaderStarted })
  }
  let watchdog: Watchdog | null = null
  const armIdle = (): void => watchdog?.progress()
  const output = (chunk: Buffer): void => {
    try {
      input.onOutput?.(chunk.toString('utf8'))
    } catch {
      // a failing listener must not break the run
    }
  }
  if (pid !== null) {
    leaderStarted = processStartTime(pid)
    try {
      input.onSpawn?.(pid, leaderStarted ?? '')
    } catch {
      // listener errors do not stop the run
    }
    watchdog = startWatchdog({
      timeoutMs: input.timeoutMs,
      idleTimeoutMs: input.idleTimeoutMs,
      signal: input.signal,
      onStop: stop,
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      armIdle()
      output(chunk)
      for (const line of lines.push(chunk)) takeLine(line)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      armIdle()
      output(chunk)
      stderr.push(chunk.toString('utf8'))
      for (const line of errLines.push(chunk)) takeErrLine(line)
    })
    child.stdin?.on('error', () => {
      // the process may exit before reading its prompt (EPIPE)
    })
    child.stdin?.end(input.stdin)
  }

  await exited
  watchdog?.dispose()
  if (stopping) await stopping
  // Whatever the run started and left behind (own sessions, a `&` job) goes with it, before the pipes are
  // drained: a leftover may hold them open.
  const leftovers = pid === null ? 0 : killLeftovers(pid, input.marker, leaderStarted)
  // stdout may still hold the last bytes; a grandchild that kept the pipe open must not hang us.
  const result = await within(child, 2000)
  for (const line of lines.end()) takeLine(line)
  for (const line of errLines.end()) takeErrLine(line)
  if (result === null) {
    child.stdout?.destroy()
    child.stderr?.destroy()
  }

  const spawnError = pid === null ? ((result?.code as string | undefined) ?? 'ESPAWN') : null
  return {
    spawnError,
    spawnMessage: spawnError ? (result?.shortMessage ?? `could not start ${input.bin}`) : null,
    pid,
    exitCode: spawnError ? null : (node.exitCode ?? result?.exitCode ?? null),
    signal: spawnError ? null : (node.signalCode ?? result?.signal ?? null),
    stopReason,
    events,
    stderrTail: stderr.toString(),
    noise,
    leftovers,
  }
}
