// One agent run on a side's `opencode serve`: its work dir prepared, one session in it (server-session.ts),
// the instance disposed and strays killed afterwards, the diff captured.
import { existsSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import { foldEvents } from './events'
import { seedConfigDir } from './isolation'
import { emptyOutcome } from './process-driver'
import { scrubWorkDir } from './scrub-workdir'
import { outcomeOf } from './session-ending'
import { runServerSession, serverGoneMessage } from './server-session'
import type { ServeClient } from './serve-client'
import { killStraysIn, type ServeProcess } from './serve-process'
import type { ProcessSetup, SideContext } from './side-context'
import { sideSkillName, type RunHooks, type RunOutcome, type RunSpec } from './types'
import { captureDiff, prepareWorkDir } from './workdir'

export interface ServerSide {
  ctx: SideContext
  setup: ProcessSetup
  serve: ServeProcess
  client: ServeClient
  skillVisible: boolean
  graceMs: number
}

/** What `opencode run` denies for every session it creates (nothing may wait for a human). */
export const SESSION_PERMISSIONS = ['question', 'plan_enter', 'plan_exit'].map((permission) => ({
  permission,
  pattern: '*',
  action: 'deny',
}))

function canonical(dir: string): string {
  try {
    return realpathSync(dir)
  } catch {
    return dir
  }
}

export async function runOnServer(
  side: ServerSide,
  spec: RunSpec,
  hooks: RunHooks,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const { ctx, setup, serve, client } = side
  const startedAt = new Date().toISOString()
  const early = (kind: RunOutcome['kind'], message: string): RunOutcome => ({
    ...emptyOutcome(startedAt, side.skillVisible),
    kind,
    message: setup.redact(message),
    finishedAt: new Date().toISOString(),
  })
  if (signal.aborted) return early('canceled', 'canceled before the agent started')
  if (serve.exit()) return early('crashed', serverGoneMessage(serve, 'before this run'))
  const pathVar = ctx.parentEnv.PATH
  let firstCommit: string
  try {
    firstCommit = await prepareWorkDir(spec.workDir, spec.caseInput.files, pathVar)
  } catch (err) {
    return early('spawn_failed', `could not prepare the work dir: ${(err as Error).message}`)
  }
  const dir = spec.workDir
  const realDir = canonical(dir)
  // A case that ships `.opencode/` makes it a config dir: a server (unlike `run`, which exits first) would
  // npm-install its plugin package into it. Seeded like the private config dir (left out of the diff).
  const caseConfigDir = join(dir, '.opencode')
  try {
    if (existsSync(caseConfigDir) && !existsSync(join(caseConfigDir, 'package.json')))
      seedConfigDir(caseConfigDir, ctx.version ?? 'latest')
  } catch {
    // `.opencode` is not a folder: opencode will not treat it as a config dir either
  }
  try {
    hooks.onSpawn?.(serve.pid, serve.startTime)
  } catch {
    // listener errors do not stop the run
  }

  const session = await runServerSession({
    serve,
    client,
    setup,
    dir,
    model: ctx.spec.model,
    title: spec.title,
    prompt: spec.caseInput.prompt,
    permission: SESSION_PERMISSIONS,
    timeoutSec: ctx.spec.timeoutSec,
    idleTimeoutSec: ctx.spec.idleTimeoutSec,
    graceMs: side.graceMs,
    signal,
    hooks,
    what: 'run',
  })
  const { events, sessionId, ending: end } = session
  // The instance is not kept: skills and config are cached per directory, and memory grows with each.
  if (!serve.exit()) await client.json('POST', '/instance/dispose', dir).catch(() => {})
  const leftovers = killStraysIn(setup.marker, realDir, {
    pid: serve.pid,
    ownDir: setup.prepared.dirs.data,
  })
  const finishedAt = new Date().toISOString()
  const folded = foldEvents(events, sideSkillName(ctx.spec))
  const { kind, message } = outcomeOf(end, folded, ctx.spec)
  // The agent's env holds credentials: whatever it wrote could hold them too.
  const scrubNote = await scrubWorkDir(dir, setup.secrets, Date.parse(startedAt))
  const diff = setup.redact(await captureDiff(dir, firstCommit, pathVar))
  const leftoverNote =
    (leftovers > 0 ? `\n[skill-ab: killed ${leftovers} leftover process(es) of this run]\n` : '') + scrubNote
  return {
    kind,
    message: message === null ? null : setup.redact(message),
    sessionId,
    exitCode: end.exitCode,
    signal: null,
    tokens: folded.tokens,
    costUsd: folded.costUsd,
    finalOutput: folded.finalOutput,
    skillVisible: side.skillVisible,
    skillLoaded: folded.skillLoaded,
    events,
    diff,
    stderrTail: setup.redact(session.stderrTail + leftoverNote),
    startedAt,
    finishedAt,
  }
}
