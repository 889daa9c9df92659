// A `command` evaluator: a shell command in the run's finished work dir; exit 0 → 100, else 0; output kept.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { zeroTokens } from '../agent/session/run-events'
import { OWNER_MARKER_VAR, RUN_MARKER_VAR } from '../agent/isolation/run-env'
import { runProcess, Tail } from '../agent/session/run-process'
import { sandboxed, type SandboxPolicy } from '../agent/isolation/sandbox'
import type { EvaluatorSpec } from './evaluators'
import type { JudgeAttempt } from './judge-types'

/** The command's output kept with the result: its last 16 KB (stdout and stderr as they came). */
export const COMMAND_OUTPUT_BYTES = 16 * 1024
const GRACE_MS = 2000

export interface CommandOptions {
  /** Wall-clock limit, seconds (a command that prints nothing for long is not stopped before it). */
  timeoutSec: number
  /** The parent env: PATH, LANG and the app's owner marker are taken from it (nothing else). */
  env?: NodeJS.ProcessEnv
  /** Where the command's private HOME goes (the app's data dir); default the OS temp dir. */
  runRoot?: string
  /** The OS sandbox it runs in (the work dir and its HOME added: readable and writable); null: none. */
  sandbox?: SandboxPolicy | null
}

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
 * minimal env (PATH, LANG, a private HOME/TMPDIR and the app's markers: none of the app's credentials).
 * Supervised like an agent process: the owner marker lets the next start of the app kill it when the app
 * died, the run marker lets a stop reach what left its group. Deterministic, so never retryable; a timeout
 * counts as a failed check (score 0), a cancel is a failed attempt.
 */
export async function runCommandEvaluator(
  evaluator: EvaluatorSpec,
  workDir: string | null,
  signal: AbortSignal,
  opts: CommandOptions,
): Promise<JudgeAttempt> {
  const started = Date.now()
  const command = evaluator.command ?? ''
  const { timeoutSec } = opts
  const parent = opts.env ?? process.env
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
  const root = opts.runRoot ?? tmpdir()
  mkdirSync(root, { recursive: true })
  const home = mkdtempSync(join(root, 'skill-ab-cmd-'))
  const output = new Tail(COMMAND_OUTPUT_BYTES)
  const owner = parent[OWNER_MARKER_VAR]
  const policy = opts.sandbox && {
    ...opts.sandbox,
    allowRead: [...opts.sandbox.allowRead, where.dir, home],
    allowWrite: [where.dir, home],
  }
  let release = (): void => {}
  try {
    const program = await sandboxed(policy ?? null, {
      bin: 'sh',
      args: ['-c', command],
      cwd: where.dir,
      env: {
        PATH: parent.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        LANG: parent.LANG ?? 'C.UTF-8',
        HOME: home,
        TMPDIR: home,
        NO_COLOR: '1',
        CI: '1',
        [RUN_MARKER_VAR]: home,
        ...(owner ? { [OWNER_MARKER_VAR]: owner } : {}),
      },
    })
    release = program.release
    const res = await runProcess({
      ...program,
      cwd: where.dir,
      stdin: '',
      timeoutMs: timeoutSec * 1000,
      graceMs: GRACE_MS,
      signal,
      marker: { name: RUN_MARKER_VAR, value: home },
      onOutput: (text) => output.push(text),
    })
    if (res.spawnError)
      return attempt({ condensedInput, error: `could not start sh: ${res.spawnMessage ?? res.spawnError}` })
    const rawOutput = output.toString()
    if (res.stopReason === 'canceled') return attempt({ rawOutput, condensedInput, error: 'canceled' })
    const timedOut = res.stopReason !== null
    const code = res.exitCode
    const reason = timedOut
      ? `the command did not finish within ${timeoutSec} s (stopped; counted as a failure)`
      : code === 0
        ? 'the command exited with code 0'
        : code !== null
          ? `the command exited with code ${code}`
          : `the command was killed by ${res.signal ?? 'a signal'}`
    return attempt({
      status: 'done',
      score: code === 0 && !timedOut ? 100 : 0,
      reason,
      rawOutput,
      condensedInput,
    })
  } finally {
    release()
    rmSync(home, { recursive: true, force: true })
  }
}
