// The `process` AgentDriver: one `opencode run --format json` per run in a private env; never throws per run.
import { join } from 'node:path'
import { foldEvents, zeroTokens } from './events'
import { removePrivateDirs } from './isolation'
import { outcomeOf } from './session-ending'
import { runProcessSession } from './process-session'
import { judgeVisibility, listVisibleSkills, proveSealed } from './proof'
import { scrubWorkDir } from './scrub-workdir'
import { prepareSide, setupProcess, type SideContext } from './side-context'
import {
  sideSkillName,
  type AgentDriver,
  type IsolationProof,
  type RunHooks,
  type RunOutcome,
  type RunSpec,
  type SideSession,
  type SideSpec,
} from './types'
import { checkModel } from './model-check'
import { captureDiff, prepareWorkDir } from './workdir'

export interface ProcessDriverOptions {
  /** The opencode binary; default: SKILL_AB_OPENCODE_BIN → bundled package → PATH. */
  bin?: string
  /** SIGTERM → SIGKILL grace period, ms (opencode exits ≈0.1 s after SIGTERM). */
  graceMs?: number
  /** The parent environment the clean run env is taken from (credentials, PATH, OPENCODE_CONFIG). */
  env?: NodeJS.ProcessEnv
}

export const DEFAULT_GRACE_MS = 3000

export function createProcessDriver(opts: ProcessDriverOptions = {}): AgentDriver {
  return {
    name: 'process',
    openSide: (spec) => openProcessSide(spec, opts),
  }
}

/** `opencode debug skill` in the env and kind of cwd (a fresh git repo) a run of this side uses. */
export async function proveSide(ctx: SideContext): Promise<IsolationProof> {
  const { spec } = ctx
  const fail = (message: string): IsolationProof => ({ side: spec.side, ok: false, visible: [], message })
  if (ctx.setupError || !ctx.bin) return fail(ctx.setupError ?? 'opencode not found')
  if (ctx.versionError) return fail(ctx.versionError)
  const unsealed = proveSealed(spec)
  if (unsealed) return unsealed
  let setup
  try {
    setup = setupProcess(ctx, `proof-${spec.side}`)
  } catch (err) {
    return fail(`could not prepare the private dirs under ${spec.runRoot}: ${(err as Error).message}`)
  }
  try {
    const cwd = join(setup.prepared.dirs.root, 'work')
    await prepareWorkDir(cwd, {}, ctx.parentEnv.PATH)
    // One after the other: two opencode processes initialising one fresh data dir race on its database.
    const visible = await listVisibleSkills({ bin: ctx.bin.path, cwd, env: setup.env })
    const modelProblem = await checkModel({ bin: ctx.bin.path, cwd, env: setup.env, model: spec.model })
    if (modelProblem) return fail(setup.redact(modelProblem))
    const proof = judgeVisibility(spec, visible)
    return ctx.notes.length ? { ...proof, message: `${proof.message}; note: ${ctx.notes.join('; ')}` } : proof
  } catch (err) {
    return fail(setup.redact((err as Error).message))
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}

async function openProcessSide(spec: SideSpec, opts: ProcessDriverOptions): Promise<SideSession> {
  const ctx = await prepareSide(spec, opts.env ?? process.env, opts.bin)
  const proof = await proveSide(ctx)
  const skillVisible = proof.visible.some((s) => s.name === sideSkillName(spec))
  return {
    proof,
    run: (runSpec, hooks, signal) =>
      runOnce(ctx, runSpec, hooks, signal, skillVisible, opts.graceMs ?? DEFAULT_GRACE_MS),
    close: async () => {},
  }
}

/** An outcome with nothing in it yet (early failures fill in kind and message). */
export function emptyOutcome(startedAt: string, skillVisible: boolean): RunOutcome {
  return {
    kind: 'ok',
    message: null,
    sessionId: null,
    exitCode: null,
    signal: null,
    tokens: zeroTokens(),
    costUsd: null,
    finalOutput: '',
    skillVisible,
    skillLoaded: false,
    events: [],
    diff: '',
    stderrTail: '',
    startedAt,
    finishedAt: startedAt,
  }
}

async function runOnce(
  ctx: SideContext,
  spec: RunSpec,
  hooks: RunHooks,
  signal: AbortSignal,
  skillVisible: boolean,
  graceMs: number,
): Promise<RunOutcome> {
  const startedAt = new Date().toISOString()
  const early = (kind: RunOutcome['kind'], message: string): RunOutcome => ({
    ...emptyOutcome(startedAt, skillVisible),
    kind,
    message,
    finishedAt: new Date().toISOString(),
  })
  if (ctx.setupError || !ctx.bin) return early('spawn_failed', ctx.setupError ?? 'opencode not found')
  if (signal.aborted) return early('canceled', 'canceled before the agent started')
  const pathVar = ctx.parentEnv.PATH
  let firstCommit: string
  try {
    firstCommit = await prepareWorkDir(spec.workDir, spec.caseInput.files, pathVar)
  } catch (err) {
    return early('spawn_failed', `could not prepare the work dir: ${(err as Error).message}`)
  }
  let setup
  try {
    setup = setupProcess(ctx, spec.runId)
  } catch (err) {
    return early(
      'spawn_failed',
      `could not prepare the private dirs under ${ctx.spec.runRoot}: ${(err as Error).message}`,
    )
  }
  try {
    const { spec: side } = ctx
    const session = await runProcessSession({
      bin: ctx.bin.path,
      model: side.model,
      title: spec.title,
      prompt: spec.caseInput.prompt,
      cwd: spec.workDir,
      setup,
      timeoutSec: side.timeoutSec,
      idleTimeoutSec: side.idleTimeoutSec,
      graceMs,
      signal,
      hooks,
    })
    const { events, result: res } = session
    const finishedAt = new Date().toISOString()
    const folded = foldEvents(events, sideSkillName(side))
    const { kind, message } = outcomeOf(session.ending, folded, side)
    // The agent's env holds credentials: whatever it wrote could hold them too.
    const scrubNote = await scrubWorkDir(spec.workDir, setup.secrets, Date.parse(startedAt))
    const diff = setup.redact(await captureDiff(spec.workDir, firstCommit, pathVar))
    const leftoverNote =
      (res.leftovers > 0 ? `\n[skill-ab: killed ${res.leftovers} leftover process(es) of this run]\n` : '') +
      scrubNote
    return {
      kind,
      message: message === null ? null : setup.redact(message),
      sessionId: folded.sessionId ?? session.sessionId,
      exitCode: res.exitCode,
      signal: res.signal,
      tokens: folded.tokens,
      costUsd: folded.costUsd,
      finalOutput: folded.finalOutput,
      skillVisible,
      skillLoaded: folded.skillLoaded,
      events,
      diff,
      stderrTail: setup.redact(res.stderrTail + leftoverNote),
      startedAt,
      finishedAt,
    }
  } catch (err) {
    return early('crashed', `skill-ab could not run the agent: ${(err as Error).message}`)
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}
