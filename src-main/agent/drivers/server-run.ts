// One agent run on a side's `opencode serve`: a work-dir slot prepared (work-slots.ts), what its instance offers
// read and judged (rebuilt once when wrong; still wrong: no session, the run is no result), one session in it
// (session.ts, server transport), strays killed, the folder moved to the run's own work dir, the diff captured.
import { runSandbox, type SharedToolSpans } from '../isolation/sandbox-denials'
import { existsSync, realpathSync } from 'node:fs'
import { join, sep } from 'node:path'
import { seedConfigDir } from '../isolation/private-dirs'
import { judgeRunVisibility, type ListedSkill } from '../isolation/skill-proof'
import { emptyOutcome, runOutcome } from './run-outcome'
import { runSession } from '../session/session'
import { killStraysIn } from '../server/serve-process'
import type { SideContext } from '../isolation/side-context'
import type { RunHooks, RunOutcome, RunSpec } from '../types'
import type { WarmServer } from '../server/warm-server'
import { prepareWorkDir } from './workdir'
import { archiveSlot, holdsConfig, shipsConfig } from '../server/work-slots'

export interface ServerSide {
  ctx: SideContext
  server: WarmServer
  graceMs: number
  /** Its runs' tool calls: which run a connection its sandbox refused is charged to. */
  toolSpans: SharedToolSpans
}

/** What `opencode run` denies for every session it creates (nothing may wait for a human). */
export const SESSION_PERMISSIONS = ['question', 'plan_enter', 'plan_exit'].map((permission) => ({
  permission,
  pattern: '*',
  action: 'deny',
}))

/** A skill the case ships, named at the run's own work dir (where the slot's folder went) rather than the slot. */
function atWorkDir(offered: ListedSkill[], slotDirs: string[], workDir: string): ListedSkill[] {
  return offered.map((s) => {
    const slot = slotDirs.find((d) => s.location.startsWith(`${d}${sep}`))
    return slot ? { ...s, location: workDir + s.location.slice(slot.length) } : s
  })
}

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
  const { ctx, server } = side
  const { setup } = server
  const startedAt = new Date().toISOString()
  const early = (kind: RunOutcome['kind'], message: string, offered: ListedSkill[] | null = null) => ({
    ...emptyOutcome(startedAt, offered, ctx.spec),
    kind,
    message: setup.redact(message),
    finishedAt: new Date().toISOString(),
  })
  if (signal.aborted) return early('canceled', 'canceled before the agent started')
  // A server that died (an earlier run's agent may have killed it) is started again for this run.
  const dead = await server.revive()
  if (dead) return early('spawn_failed', dead)
  const pathVar = ctx.parentEnv.PATH
  const slot = server.slots.acquire(spec.workDir)
  const dir = slot.dir
  let firstCommit: string
  try {
    firstCommit = await prepareWorkDir(dir, spec.caseInput.files, pathVar)
  } catch (err) {
    server.slots.release(slot, slot.warm)
    return early('spawn_failed', `could not prepare the work dir: ${(err as Error).message}`)
  }
  const realDir = canonical(dir)
  // An instance caches a project's config and skills when it boots: a case that ships any gets a cold
  // one, as a fresh work dir would.
  const coldCase = shipsConfig(spec.caseInput.files)
  if (coldCase && slot.warm) await server.dispose(dir)
  // A case that ships `.opencode/` makes it a config dir: a server (unlike `run`, which exits first) would
  // npm-install its plugin package into it. Seeded like the private config dir (left out of the diff).
  const caseConfigDir = join(dir, '.opencode')
  try {
    if (existsSync(caseConfigDir) && !existsSync(join(caseConfigDir, 'package.json')))
      seedConfigDir(caseConfigDir, ctx.version ?? 'latest')
  } catch {
    // `.opencode` is not a folder: opencode will not treat it as a config dir either
  }
  // The evidence of this run: what the very instance that runs its session offers, read just before it.
  const evidence = await server.offeredExactly(dir, (visible) => judgeRunVisibility(ctx.spec, dir, visible))
  if (!evidence.proof.ok) {
    await server.dispose(dir)
    server.slots.release(slot, false)
    // No answer at all is the server's failure (no evidence, no session); a wrong answer stops the side.
    if (evidence.offered === null) return early('spawn_failed', evidence.proof.message)
    const why = `${evidence.proof.message}${evidence.rebuilt ? ' (read again after its instance was rebuilt)' : ''}`
    return early('not_isolated', `case ${spec.caseInput.caseId}: ${why}`, evidence.offered)
  }

  const { serve, client } = server
  const session = await runSession({
    model: ctx.spec.model,
    title: spec.title,
    prompt: spec.caseInput.prompt,
    timeoutSec: ctx.spec.timeoutSec,
    idleTimeoutSec: ctx.spec.idleTimeoutSec,
    graceMs: side.graceMs,
    signal,
    hooks: {
      ...hooks,
      onEvent: (event) => {
        side.toolSpans.note(spec.runId, event)
        hooks.onEvent?.(event)
      },
    },
    setup,
    transport: { kind: 'server', serve, client, dir, permission: SESSION_PERMISSIONS, what: 'run' },
  })
  const end = session.ending
  // Its events are stored: the session goes, so no later run of this side (whose tools inherit the
  // server's password) can read it over the server's API.
  if (session.sessionId) await client.json('DELETE', `/session/${session.sessionId}`, dir).catch(() => {})
  const leftovers = killStraysIn(setup.marker, realDir, {
    pid: serve.pid,
    ownDir: setup.prepared.dirs.data,
  })
  // The instance stays loaded for the next run in this slot unless this run could have changed what it
  // cached (config in the case or written by the agent) or did not end cleanly.
  const warm =
    !serve.exit() && !coldCase && end.kind === 'exited' && end.exitCode === 0 && !(await holdsConfig(dir))
  if (!warm && !serve.exit()) await server.dispose(dir)
  let archiveError: string | null = null
  try {
    archiveSlot(dir, spec.workDir)
  } catch (err) {
    archiveError = (err as Error).message
  }
  const kept = archiveError ? dir : spec.workDir
  if (!archiveError) server.slots.release(slot, warm)
  const outcome = await runOutcome({
    session,
    side: ctx.spec,
    setup,
    workDir: kept,
    firstCommit,
    pathVar,
    startedAt,
    offeredSkills: evidence.offered && atWorkDir(evidence.offered, [dir, realDir], spec.workDir),
    // The server that ran the session: started inside the sandbox or not (a revived one like the first).
    sandbox: runSandbox(ctx, session, startedAt, { spans: side.toolSpans, runId: spec.runId }),
    leftovers,
    note: archiveError ? `\n[skill-ab: the work dir could not be kept: ${archiveError}]\n` : '',
  })
  // Its diff is stored; the folder itself goes with the slot's next run.
  if (archiveError) server.slots.release(slot, warm)
  return outcome
}
