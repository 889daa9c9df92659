// A short, offline opencode CLI query in a side's env (`debug skill`, `models`, `db`, `export`): sandboxed where
// the side's runs are, with a time limit; the skill proof, the model check, prices and trace import ask it.
import { execa } from 'execa'
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

/** A short, offline opencode query (`debug skill`, `models`) in a side's env; never rejects. */
export async function queryOpencode(input: OpencodeQueryInput, args: string[]) {
  const program = await sandboxed(input.sandbox ?? null, { ...input, args })
  return execa(program.bin, program.args, {
    cwd: input.cwd,
    env: program.env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: input.timeoutMs ?? 60_000,
    killSignal: 'SIGKILL',
    detached: true,
    maxBuffer: 64 * 1024 * 1024,
  }).finally(program.release)
}
