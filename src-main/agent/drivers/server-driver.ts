// The `server` AgentDriver (docs/opencode.md): one long-lived `opencode serve` per side of a running task
// (warm-server.ts), in the same private env as the process driver's runs; a session per run (server-run.ts),
// each offered exactly its side's skills (read just before it); never throws per run.
import { join } from 'node:path'
import { DEFAULT_GRACE_MS } from './process-driver'
import { emptyOutcome } from './run-outcome'
import { judgeVisibility, proveSealed } from '../isolation/skill-proof'
import { runOnServer, type ServerSide } from './server-run'
import { prepareSide } from '../isolation/side-context'
import { SharedToolSpans } from '../isolation/sandbox-denials'
import type { AgentDriver, IsolationProof, SideSession, SideHooks, SideSpec } from '../types'
import { DEFAULT_START_TIMEOUT_MS, WarmServer } from '../server/warm-server'

export { DEFAULT_START_TIMEOUT_MS }

export interface ServerDriverOptions {
  /** The opencode binary; default: SKILL_AB_OPENCODE_BIN → bundled package → PATH. */
  bin?: string
  /** SIGTERM → SIGKILL grace period for the server, and the wait for an aborted session to go idle, ms. */
  graceMs?: number
  /** The parent environment the clean env is taken from (credentials, PATH, OPENCODE_CONFIG, owner tag). */
  env?: NodeJS.ProcessEnv
  /** How long the server may take to say "listening on", ms. */
  startTimeoutMs?: number
}

export function createServerDriver(opts: ServerDriverOptions = {}): AgentDriver {
  return {
    name: 'server',
    openSide: (spec, hooks) => openServerSide(spec, opts, hooks),
  }
}

/** A side that cannot run: its proof says why, every run fails with `spawn_failed` and that message. */
function brokenSide(spec: SideSpec, message: string): SideSession {
  return {
    proof: { side: spec.side, ok: false, visible: [], message },
    run: async () => {
      const startedAt = new Date().toISOString()
      const outcome = emptyOutcome(startedAt, null, spec)
      return { ...outcome, kind: 'spawn_failed', message, finishedAt: new Date().toISOString() }
    },
    close: async () => {},
  }
}

async function openServerSide(
  spec: SideSpec,
  opts: ServerDriverOptions,
  hooks: SideHooks = {},
): Promise<SideSession> {
  const ctx = await prepareSide(spec, opts.env ?? process.env, opts.bin)
  if (ctx.setupError || !ctx.bin) return brokenSide(spec, ctx.setupError ?? 'opencode not found')
  if (ctx.versionError) return brokenSide(spec, ctx.versionError)
  const unsealed = proveSealed(spec)
  if (unsealed) return brokenSide(spec, unsealed.message)
  const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS
  let server: WarmServer
  try {
    server = await WarmServer.start({
      ctx,
      label: `serve-${spec.side}`,
      graceMs,
      startTimeoutMs: opts.startTimeoutMs,
    })
  } catch (err) {
    return brokenSide(spec, (err as Error).message)
  }
  // Proved where the first run will execute: that run finds the instance loaded.
  const proofSlot = spec.workRoot ? server.slots.acquireIn(spec.workRoot) : null
  const proofDir = proofSlot?.dir ?? join(server.setup.prepared.dirs.root, 'proof-work')
  hooks.onProving?.()
  const proof: IsolationProof = await server.prove(
    proofDir,
    (visible) => judgeVisibility(ctx.spec, visible),
    proofSlot !== null,
  )
  if (proofSlot) server.slots.release(proofSlot, proof.ok)
  const side: ServerSide = { ctx, server, graceMs, toolSpans: new SharedToolSpans() }
  return {
    proof,
    run: (runSpec, hooks, signal) => runOnServer(side, runSpec, hooks, signal),
    close: () => server.stop(),
  }
}
