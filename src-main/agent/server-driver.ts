// The `server` AgentDriver (docs/opencode.md): one long-lived `opencode serve` per side of a running task, in the
// same private env as the process driver's runs; a session per run (server-run.ts); never throws per run.
import { join } from 'node:path'
import { removePrivateDirs } from './isolation'
import { modelProblem } from './model-check'
import { DEFAULT_GRACE_MS } from './process-driver'
import { emptyOutcome } from './run-outcome'
import { judgeVisibility, nonBuiltIn, proveSealed, type ListedSkill } from './proof'
import { serveClient, type ServeClient } from './serve-client'
import { startServe } from './serve-process'
import { runOnServer, type ServerSide } from './server-run'
import { prepareSide, providerOf, setupServer, type SideContext } from './side-context'
import {
  sideSkillName,
  type AgentDriver,
  type IsolationProof,
  type SideSession,
  type SideHooks,
  type SideSpec,
} from './types'
import { prepareWorkDir } from './workdir'
import { SlotPool } from './work-slots'

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

export const DEFAULT_START_TIMEOUT_MS = 60_000

export function createServerDriver(opts: ServerDriverOptions = {}): AgentDriver {
  return {
    name: 'server',
    openSide: (spec, hooks) => openServerSide(spec, opts, hooks),
  }
}

/** A side that cannot run: its proof says why, every run fails with `kind` and that message. */
function brokenSide(spec: SideSpec, kind: 'spawn_failed' | 'crashed', message: string): SideSession {
  return {
    proof: { side: spec.side, ok: false, visible: [], message },
    run: async () => {
      const startedAt = new Date().toISOString()
      return { ...emptyOutcome(startedAt, false), kind, message, finishedAt: new Date().toISOString() }
    },
    close: async () => {},
  }
}

/**
 * `GET /skill` (and the model check) for a fresh git work dir, as a run of this side would see it. With
 * `keepLoaded` (the dir is a work-dir slot) the instance it booted stays loaded when the proof got answers.
 */
export async function proveOnServer(
  ctx: SideContext,
  client: ServeClient,
  dir: string,
  keepLoaded: boolean,
  judge: (visible: ListedSkill[]) => IsolationProof = (visible) => judgeVisibility(ctx.spec, visible),
): Promise<IsolationProof> {
  const { spec } = ctx
  await prepareWorkDir(dir, {}, ctx.parentEnv.PATH)
  let answered = false
  try {
    const listed = await client.json<{ name?: unknown; location?: unknown }[]>('GET', '/skill', dir)
    if (!Array.isArray(listed)) throw new Error('GET /skill did not return a list')
    const visible: ListedSkill[] = nonBuiltIn(
      listed.map((s) => ({ name: String(s.name ?? ''), location: String(s.location ?? '') })),
    )
    const provider = providerOf(spec.model) ?? ''
    const config = await client.json<{ providers?: { id?: string; models?: Record<string, unknown> }[] }>(
      'GET',
      '/config/providers',
      dir,
    )
    const models = (config?.providers ?? [])
      .filter((p) => p.id === provider)
      .flatMap((p) => Object.keys(p.models ?? {}).map((m) => `${provider}/${m}`))
    answered = true
    const problem = modelProblem(spec.model, models)
    if (problem) return { side: spec.side, ok: false, visible, message: problem }
    const proof = judge(visible)
    return ctx.notes.length ? { ...proof, message: `${proof.message}; note: ${ctx.notes.join('; ')}` } : proof
  } finally {
    if (!keepLoaded || !answered) await client.json('POST', '/instance/dispose', dir).catch(() => {})
  }
}

async function openServerSide(
  spec: SideSpec,
  opts: ServerDriverOptions,
  hooks: SideHooks = {},
): Promise<SideSession> {
  const ctx = await prepareSide(spec, opts.env ?? process.env, opts.bin)
  if (ctx.setupError || !ctx.bin)
    return brokenSide(spec, 'spawn_failed', ctx.setupError ?? 'opencode not found')
  if (ctx.versionError) return brokenSide(spec, 'spawn_failed', ctx.versionError)
  const unsealed = proveSealed(spec)
  if (unsealed) return brokenSide(spec, 'spawn_failed', unsealed.message)
  let setup
  try {
    setup = setupServer(ctx, `serve-${spec.side}`)
  } catch (err) {
    const why = `could not prepare the private dirs under ${spec.runRoot}: ${(err as Error).message}`
    return brokenSide(spec, 'spawn_failed', why)
  }
  const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS
  let serve
  try {
    serve = await startServe({
      bin: ctx.bin.path,
      env: setup.env,
      cwd: setup.prepared.dirs.home,
      marker: setup.marker,
      startTimeoutMs: opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    })
  } catch (err) {
    removePrivateDirs(setup.prepared.dirs)
    return brokenSide(spec, 'spawn_failed', setup.redact((err as Error).message))
  }
  const client = serveClient(serve.url, setup.password)
  const slots = new SlotPool()
  // Proved where the first run will execute: that run finds the instance loaded.
  const proofSlot = spec.workRoot ? slots.acquireIn(spec.workRoot) : null
  const proofDir = proofSlot?.dir ?? join(setup.prepared.dirs.root, 'proof-work')
  let proof: IsolationProof
  let loaded = false
  hooks.onProving?.()
  try {
    proof = await proveOnServer(ctx, client, proofDir, proofSlot !== null)
    loaded = proofSlot !== null
  } catch (err) {
    proof = { side: spec.side, ok: false, visible: [], message: setup.redact((err as Error).message) }
  }
  if (proofSlot) slots.release(proofSlot, loaded)
  const side: ServerSide = {
    ctx,
    setup,
    serve,
    client,
    skillVisible: proof.visible.some((s) => s.name === sideSkillName(spec)),
    graceMs,
    slots,
  }
  let closing: Promise<void> | null = null
  return {
    proof,
    run: (runSpec, hooks, signal) => runOnServer(side, runSpec, hooks, signal),
    close: () =>
      (closing ??= serve.stop(graceMs).then(() => {
        side.slots.close()
        removePrivateDirs(setup.prepared.dirs)
      })),
  }
}
