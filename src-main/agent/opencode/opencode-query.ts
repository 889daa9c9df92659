// A short, offline opencode CLI query in a side's env (`debug skill`, `models`, `db`, `export`): sandboxed where
// the side's runs are, with a time limit; the skill proof, the model check, prices and trace import ask it.
import { spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sandboxed, type SandboxPolicy } from '../isolation/sandbox'

/** Where and how a query runs: a side's binary, work dir, env and sandbox. */
export interface OpencodeQueryInput {
  bin: string
  cwd: string
  env: Record<string, string>
  timeoutMs?: number
  /** The process's sandbox policy: the query runs where its run will (absent or null: unsandboxed). */
  sandbox?: SandboxPolicy | null
}

/** What a query printed and how it ended (`shortMessage`: why it failed, empty when it did not). */
interface OpencodeQueryResult {
  stdout: string
  stderr: string
  failed: boolean
  shortMessage: string
}

/** stderr kept: its tail says why a query failed. */
const STDERR_LIMIT = 64 * 1024

/**
 * A short, offline opencode query in a side's env; never rejects. Its stdout is a file, not a pipe: opencode
 * exits before a pipe has taken the rest of a long answer (its `models`, `db` and `export` lose all past the
 * pipe's buffer, exit code 0; seen in 10 of 16 queries at once), and a file takes every write as it comes.
 */
export async function queryOpencode(input: OpencodeQueryInput, args: string[]): Promise<OpencodeQueryResult> {
  const program = await sandboxed(input.sandbox ?? null, { ...input, args })
  const dir = mkdtempSync(join(tmpdir(), 'skill-ab-query-'))
  const out = join(dir, 'stdout')
  const fd = openSync(out, 'w', 0o600)
  try {
    const ended = await new Promise<{ shortMessage: string; stderr: string }>((resolve) => {
      let stderr = ''
      const child = spawn(program.bin, program.args, {
        cwd: input.cwd,
        env: program.env,
        stdio: ['ignore', fd, 'pipe'],
        detached: true,
      })
      const timeoutMs = input.timeoutMs ?? 60_000
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        child.kill('SIGKILL')
      }, timeoutMs)
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_LIMIT)
      })
      child.once('error', (err) => {
        clearTimeout(timer)
        resolve({ shortMessage: `${program.bin}: ${err.message}`, stderr })
      })
      child.once('close', (code, signal) => {
        clearTimeout(timer)
        const why = timedOut
          ? `timed out after ${timeoutMs / 1000} s`
          : signal
            ? `killed by ${signal}`
            : `exit code ${code}`
        resolve({ shortMessage: code === 0 ? '' : `${args.join(' ')}: ${why}`, stderr })
      })
    })
    return { stdout: readFileSync(out, 'utf8'), failed: ended.shortMessage !== '', ...ended }
  } finally {
    closeSync(fd)
    rmSync(dir, { recursive: true, force: true })
    program.release()
  }
}
