// The sandbox's proof, per side, before its first run (docs/sandbox.md): a probe inside the side's sandbox
// tries one forbidden read, write and connection of each kind (a host port directly and through the proxy, a
// unix socket in the temp folder), and each must fail — while a write in its own
// dir must work, so a probe that could do nothing proves nothing.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { databasePath } from '../../db/data-dir'
import { wrapInSandbox, shellQuote, type SandboxPolicy } from './sandbox'

export interface SandboxProbeInput {
  policy: SandboxPolicy
  /** The probe's own dir (a private dir of the side): it must be able to write there. */
  cwd: string
  env: Record<string, string>
  /** Files and folders the agent must not read: the answer key, the data dir, a secret place. */
  forbiddenReads: string[]
  /** A folder it must not write in (the data dir's parent). */
  forbiddenWriteIn: string
}

export type SandboxProbeResult =
  | { ok: true }
  /** `ran: false`: the sandbox itself could not start (bubblewrap refused); `message` says what it said. */
  | { ok: false; ran: boolean; message: string }

/** A service on a free port of 127.0.0.1, or on a unix socket at `socket` (as an ssh-agent's in the temp folder). */
const listen = (socket?: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer((c) => c.end('HTTP/1.0 200 OK\r\n\r\nOPEN\n'))
    server.once('error', reject)
    if (socket) server.listen(socket, () => resolve(server))
    else server.listen(0, '127.0.0.1', () => resolve(server))
  })

/** The probe's bash script: one `ESCAPED <what>` line per forbidden access that worked, `OWN-WRITE` if its own did. */
function probeScript(input: SandboxProbeInput, port: number, socket: string, planted: string): string {
  const q = shellQuote
  return [
    ...input.forbiddenReads.map(
      (p) =>
        `if [ -d ${q(p)} ]; then [ -z "$(ls -A ${q(p)} 2>/dev/null)" ] || echo ${q(`ESCAPED read ${p}`)}; elif [ -e ${q(p)} ]; then cat ${q(p)} >/dev/null 2>&1 && echo ${q(`ESCAPED read ${p}`)}; fi`,
    ),
    // Whether it reached the disk is checked outside (a denied folder is an in-memory one inside).
    `(echo x > ${q(planted)}) 2>/dev/null`,
    `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null && echo ${q(`ESCAPED connect 127.0.0.1:${port} directly`)}`,
    `curl -sf -m 5 http://127.0.0.1:${port}/ >/dev/null 2>&1 && echo ${q(`ESCAPED connect 127.0.0.1:${port} through the proxy`)}`,
    `curl -sf -m 5 --unix-socket ${q(socket)} http://probe/ >/dev/null 2>&1 && echo ${q(`ESCAPED connect ${socket}`)}`,
    `(echo x > probe-own.txt) 2>/dev/null && echo OWN-WRITE`,
    'exit 0',
  ].join('\n')
}

/** Runs the probe in the sandbox; never throws. */
export async function probeSandbox(input: SandboxProbeInput): Promise<SandboxProbeResult> {
  const planted = join(input.forbiddenWriteIn, `.skill-ab-sandbox-probe-${randomBytes(6).toString('hex')}`)
  const socket = join(tmpdir(), `skill-ab-probe-${randomBytes(6).toString('hex')}.sock`)
  const servers: Server[] = []
  let release = (): void => {}
  try {
    const server = await listen()
    servers.push(server, await listen(socket))
    const port = (server.address() as { port: number }).port
    const wrapped = await wrapInSandbox(input.policy, {
      command: `bash -c ${shellQuote(probeScript(input, port, socket, planted))}`,
      env: input.env,
      cwd: input.cwd,
    })
    release = wrapped.release
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        wrapped.bin,
        wrapped.args,
        { cwd: input.cwd, env: wrapped.env, timeout: 30_000 },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      )
    })
    const escaped = out.stdout.split('\n').filter((l) => l.startsWith('ESCAPED '))
    if (existsSync(planted)) escaped.push(`ESCAPED write ${planted}`)
    if (escaped.length)
      return {
        ok: false,
        ran: true,
        message: `the sandbox let a probe ${[...new Set(escaped.map((l) => l.slice('ESCAPED '.length)))].join('; ')}`,
      }
    if (!out.stdout.includes('OWN-WRITE'))
      return {
        ok: false,
        ran: false,
        message: `the sandbox did not run a probe (exit ${out.code}): ${out.stderr.trim().slice(-500) || 'no output'}`,
      }
    return { ok: true }
  } catch (err) {
    return {
      ok: false,
      ran: false,
      message: `the sandbox could not start a probe: ${(err as Error).message}`,
    }
  } finally {
    release()
    for (const server of servers) server.close()
    rmSync(planted, { force: true })
    rmSync(join(input.cwd, 'probe-own.txt'), { force: true })
  }
}

/** What a side's probe must find closed: its answer key, the database, the user's SSH keys. */
export function forbiddenFor(dataDir: string, answerKey: readonly string[], home: string): string[] {
  return [...answerKey, databasePath(dataDir), join(home, '.ssh')]
}
