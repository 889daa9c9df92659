// The `process` AgentDriver: one `opencode run --format json` per run in a private env, each offered exactly its
// side's skills (`opencode debug skill` in the run's own env and work dir, just before it); never throws per run.
import { runSandbox } from '../isolation/sandbox-denials'
import { join } from 'node:path'
import { removePrivateDirs } from '../isolation/private-dirs'
import {
  judgeRunVisibility,
  judgeVisibility,
  listVisibleSkills,
  proveSealed,
  type ListedSkill,
} from '../isolation/skill-proof'
import { emptyOutcome, runOutcome } from './run-outcome'
import { runSession } from '../session/session'
import {
  prepareSide,
  setupProcess,
  withSideNotes,
  type ProcessSetup,
  type SideContext,
} from '../isolation/side-context'
import {
  type AgentDriver,
  type IsolationProof,
  type RunHooks,
  type RunOutcome,
  type RunSpec,
  type SideSession,
  type SideHooks,
  type SideSpec,
} from '../types'
import { checkModel } from '../opencode/model-check'
import { prepareWorkDir } from './workdir'

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
    openSide: (spec, hooks) => openProcessSide(spec, opts, hooks),
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
    const query = { bin: ctx.bin.path, cwd, env: setup.env, sandbox: setup.sandbox }
    const visible = await listVisibleSkills(query)
    const modelProblem = await checkModel({ ...query, model: spec.model })
    if (modelProblem) return fail(setup.redact(modelProblem))
    const proof = judgeVisibility(spec, visible)
    return withSideNotes(ctx, proof)
  } catch (err) {
    return fail(setup.redact((err as Error).message))
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}

async function openProcessSide(
  spec: SideSpec,
  opts: ProcessDriverOptions,
  hooks: SideHooks = {},
): Promise<SideSession> {
  const ctx = await prepareSide(spec, opts.env ?? process.env, opts.bin)
  hooks.onProving?.()
  const proof = await proveSide(ctx)
  return {
    proof,
    run: (runSpec, hooks, signal) => runOnce(ctx, runSpec, hooks, signal, opts.graceMs ?? DEFAULT_GRACE_MS),
    close: async () => {},
  }
}

/**
 * The evidence of one run: `opencode debug skill` in the very env (private dirs, config) and work dir its
 * `opencode run` will use, judged; asked a second time when wrong. It also sets up the run's opencode
 * database, which the run then finds ready (the pair costs ≈0.8 s more than the run alone).
 */
async function offeredToRun(
  ctx: SideContext,
  setup: ProcessSetup,
  cwd: string,
): Promise<{ offered: ListedSkill[] | null; proof: IsolationProof; rebuilt: boolean }> {
  const read = async (): Promise<{ offered: ListedSkill[] | null; proof: IsolationProof }> => {
    try {
      const bin = ctx.bin?.path ?? 'opencode'
      const offered = await listVisibleSkills({ bin, cwd, env: setup.env, sandbox: setup.sandbox })
      return { offered, proof: judgeRunVisibility(ctx.spec, cwd, offered) }
    } catch (err) {
      const message = setup.redact(`could not read the skills opencode offers: ${(err as Error).message}`)
      return { offered: null, proof: { side: ctx.spec.side, ok: false, visible: [], message } }
    }
  }
  const first = await read()
  return first.proof.ok ? { ...first, rebuilt: false } : { ...(await read()), rebuilt: true }
}

async function runOnce(
  ctx: SideContext,
  spec: RunSpec,
  hooks: RunHooks,
  signal: AbortSignal,
  graceMs: number,
): Promise<RunOutcome> {
  const startedAt = new Date().toISOString()
  const early = (
    kind: RunOutcome['kind'],
    message: string,
    offered: ListedSkill[] | null = null,
  ): RunOutcome => ({
    ...emptyOutcome(startedAt, offered, ctx.spec),
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
    const evidence = await offeredToRun(ctx, setup, spec.workDir)
    if (evidence.offered === null) return early('spawn_failed', evidence.proof.message)
    if (!evidence.proof.ok) {
      const again = evidence.rebuilt ? ' (asked a second time)' : ''
      const why = `case ${spec.caseInput.caseId}: ${evidence.proof.message}${again}`
      return early('not_isolated', why, evidence.offered)
    }
    if (signal.aborted) return early('canceled', 'canceled before the agent started', evidence.offered)
    const session = await runSession({
      model: side.model,
      title: spec.title,
      prompt: spec.caseInput.prompt,
      timeoutSec: side.timeoutSec,
      idleTimeoutSec: side.idleTimeoutSec,
      graceMs,
      signal,
      hooks,
      setup,
      transport: { kind: 'process', bin: ctx.bin.path, cwd: spec.workDir, setup },
    })
    return await runOutcome({
      session,
      side,
      setup,
      workDir: spec.workDir,
      firstCommit,
      pathVar,
      startedAt,
      offeredSkills: evidence.offered,
      sandbox: runSandbox(ctx, session, startedAt),
      leftovers: session.leftovers,
    })
  } catch (err) {
    return early('crashed', `skill-ab could not run the agent: ${(err as Error).message}`)
  } finally {
    removePrivateDirs(setup.prepared.dirs)
  }
}
