// A `command` evaluator: a shell command in the run's finished work dir; exit 0 → 100, else 0; output kept.
import { mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execa } from 'execa'
import { zeroTokens } from '../agent/events'
import { killLeftovers, stopGroup } from '../agent/process-group'
import { Tail } from '../agent/run-process'
import type { EvaluatorSpec } from './evaluators'
import type { JudgeAttempt } from './judge-types'

/** The command's output kept with the result: its last 16 KB (stdout and stderr as they came). */
export const COMMAND_OUTPUT_BYTES = 16 * 1024
const GRACE_MS = 2000

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** The finished work dir, resolved; null with the reason when it cannot be used. */
function usableWorkDir(workDir: string | null): { dir: string } | { why: string } {
  if (workDir === null) return { why: 'the run has no work dir' }
  try {
    const dir = realpathSync(workDir)
    return statSync(dir).isDirectory() ? { dir } : { why: `the work dir ${workDir} is not a folder` }
  } catch {
    return { why: `the work dir ${workDir} no longer exists` }
  }
}

/**
 * Runs `evaluator.command` with `sh -c` in `workDir` (never anywhere else) in its own process group, with a
 * minimal env (PATH, LANG and a private HOME/TMPDIR: none of the app's credentials). Deterministic, so
 * never retryable; a timeout counts as a failed check (score 0), a cancel is a failed attempt.
 */
export async function runCommandEvaluator(
  evaluator: EvaluatorSpec,
  workDir: string | null,
  signal: AbortSignal,
  timeoutSec: number,
): Promise<JudgeAttempt> {
  const started = Date.now()
  const command = evaluator.command ?? ''
  const attempt = (fields: Partial<JudgeAttempt>): JudgeAttempt => ({
    status: 'failed',
    score: null,
    reason: '',
    rawOutput: '',
    parseStrategy: null,
    condensedInput: `$ ${command}`,
    tokens: zeroTokens(),
    costUsd: null,
    sessionId: null,
    retryable: false,
    error: null,
    durationMs: Date.now() - started,
    ...fields,
  })
  if (evaluator.kind !== 'command' || command.trim() === '')
    return attempt({ error: `evaluator "${evaluator.id}" has no command` })
  const where = usableWorkDir(workDir)
  if ('why' in where) return attempt({ error: `command evaluator "${evaluator.id}" not run: ${where.why}` })
  if (signal.aborted) return attempt({ error: 'canceled' })
  const condensedInput = `$ ${command}\n(in the run's work dir ${where.dir})`
  const home = mkdtempSync(join(tmpdir(), 'skill-ab-cmd-'))
  const output = new Tail(COMMAND_OUTPUT_BYTES)
  try {
    const child = execa('sh', ['-c', command], {
      cwd: where.dir,
      env: {
        PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        LANG: process.env.LANG ?? 'C.UTF-8',
        HOME: home,
        TMPDIR: home,
        NO_COLOR: '1',
        CI: '1',
      },
      extendEnv: false,
      detached: true,
      cleanup: false,
      buffer: false,
      reject: false,
      stdin: 'ignore',
    })
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8')
      stream?.on('data', (text: string) => output.push(text))
    }
    const pid = child.pid
    if (pid === undefined) {
      const failed = await child
      return attempt({
        condensedInput,
        error: `could not start sh: ${failed.shortMessage ?? 'unknown error'}`,
      })
    }
    const node = child.nodeChildProcess
    const exited = new Promise<void>((resolve) =>
      node.exitCode !== null || node.signalCode !== null ? resolve() : node.once('exit', () => resolve()),
    )
    let stopped: 'timeout' | 'canceled' | null = null
    let stopping: Promise<void> | null = null
    const stop = (why: 'timeout' | 'canceled'): void => {
      if (stopping || node.exitCode !== null || node.signalCode !== null) return
      stopped = why
      stopping = stopGroup(pid, { exited, graceMs: GRACE_MS })
    }
    const timer = setTimeout(() => stop('timeout'), timeoutSec * 1000)
    const onAbort = (): void => stop('canceled')
    signal.addEventListener('abort', onAbort, { once: true })
    if (signal.aborted) onAbort()
    await exited
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
    if (stopping) await stopping
    // Whatever the command left running in its group (a server, a `&` job) goes with it; it may hold
    // the output pipes open, so they are not waited for long.
    killLeftovers(pid)
    if ((await Promise.race([child, sleep(2000).then(() => null)])) === null) {
      child.stdout?.destroy()
      child.stderr?.destroy()
    }
    const rawOutput = output.toString()
    if (stopped === 'canceled') return attempt({ rawOutput, condensedInput, error: 'canceled' })
    const code = node.exitCode
    const reason =
      stopped === 'timeout'
        ? `the command did not finish within ${timeoutSec} s (stopped; counted as a failure)`
        : code === 0
          ? 'the command exited with code 0'
          : code !== null
            ? `the command exited with code ${code}`
            : `the command was killed by ${node.signalCode ?? 'a signal'}`
    return attempt({
      status: 'done',
      score: code === 0 && stopped === null ? 100 : 0,
      reason,
      rawOutput,
      condensedInput,
    })
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}
