// A trigger probe server (docs/triggers.md): one `opencode serve` per description version, in the same private
// env as a side's, that sees exactly the skill under test and the competing skills (proved before any probe).
// Its default agent is cut off after `maxSteps` model turns; each probe runs in a work-dir slot (probe-run.ts).
import { join } from 'node:path'
import type { ProbeChoice } from '../../src-shared/trigger-eval'
import type { TokenCounts } from '../../src-shared/agent-event'
import { removePrivateDirs } from './isolation'
import { DEFAULT_GRACE_MS } from './process-driver'
import { judgeProbeVisibility } from './proof'
import { serveClient, type ServeClient } from './serve-client'
import { startServe, type ServeProcess } from './serve-process'
import { DEFAULT_START_TIMEOUT_MS, proveOnServer } from './server-driver'
import { prepareSide, setupServer, type ProcessSetup, type SideContext } from './side-context'
import type { IsolationProof, SealedPaths, SideSpec } from './types'
import { SlotPool } from './work-slots'

export interface ProbeSideSpec {
  /** Which description: a (the one compared against) or b (the one under test). */
  version: 'a' | 'b'
  /** A folder holding `<name>/SKILL.md` for the skill under test and for every competing skill. */
  skillsDir: string
  skillName: string
  /** Names of the competing skills in `skillsDir`. */
  competing: readonly string[]
  model: string
  opencodeConfigPath?: string
  /** Where the server's private dirs go (under the data dir). */
  runRoot: string
  /** Where the probes' work-dir slots go. */
  workRoot: string
  timeoutSec: number
  idleTimeoutSec: number
  /** Model turns a probe may take without a skill call. */
  maxSteps: number
  /** The trigger set (its shouldTrigger labels): denied to every probe, like a dataset's answer key. */
  sealed?: SealedPaths
}

/** One probe's result: the choice, or why there is none. */
export interface ProbeOutcome {
  /** decided: the agent called a skill, answered, or used its turns; failed: no result (see message). */
  kind: 'decided' | 'failed' | 'canceled'
  choice: ProbeChoice | null
  /** The skill the agent called (this or another), else null. */
  skill: string | null
  /** The model turn of the skill call (1-based), else null. */
  step: number | null
  /** Model turns the probe took. */
  steps: number
  tokens: TokenCounts
  costUsd: number | null
  durationMs: number
  message: string | null
}

export interface ProbeServer {
  spec: ProbeSideSpec
  ctx: SideContext
  setup: ProcessSetup
  serve: ServeProcess
  client: ServeClient
  slots: SlotPool
  graceMs: number
}

export interface OpenedProbeSide {
  proof: IsolationProof
  /** Null when the proof failed or the server could not start (then nothing may be probed). */
  server: ProbeServer | null
  close(): Promise<void>
}

export interface ProbeSideOptions {
  bin?: string
  env?: NodeJS.ProcessEnv
  graceMs?: number
}

/** The SideSpec the shared side setup reads: the skill under test's copy in the probe's skills folder. */
function sideSpecOf(spec: ProbeSideSpec): SideSpec {
  return {
    side: spec.version,
    skill: { name: spec.skillName, snapshotDir: join(spec.skillsDir, spec.skillName), contentHash: '' },
    skillUnderTest: spec.skillName,
    model: spec.model,
    opencodeConfigPath: spec.opencodeConfigPath,
    runRoot: spec.runRoot,
    timeoutSec: spec.timeoutSec,
    idleTimeoutSec: spec.idleTimeoutSec,
    sealed: spec.sealed,
  }
}

const failed = (spec: ProbeSideSpec, message: string): OpenedProbeSide => ({
  proof: { side: spec.version, ok: false, visible: [], message },
  server: null,
  close: async () => {},
})

/** Starts the version's server and proves what it sees; never throws. */
export async function openProbeSide(
  spec: ProbeSideSpec,
  opts: ProbeSideOptions = {},
): Promise<OpenedProbeSide> {
  const ctx = await prepareSide(sideSpecOf(spec), opts.env ?? process.env, opts.bin)
  if (ctx.setupError || !ctx.bin) return failed(spec, ctx.setupError ?? 'opencode not found')
  if (ctx.versionError) return failed(spec, ctx.versionError)
  let setup
  try {
    // opencode's `steps`: the last allowed turn tells the model to answer in text, with tools disabled.
    setup = setupServer(ctx, `probe-${spec.version}`, { agent: { build: { steps: spec.maxSteps } } })
  } catch (err) {
    return failed(spec, `could not prepare the private dirs under ${spec.runRoot}: ${(err as Error).message}`)
  }
  const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS
  let serve: ServeProcess
  try {
    serve = await startServe({
      bin: ctx.bin.path,
      env: setup.env,
      cwd: setup.prepared.dirs.home,
      marker: setup.marker,
      startTimeoutMs: DEFAULT_START_TIMEOUT_MS,
    })
  } catch (err) {
    removePrivateDirs(setup.prepared.dirs)
    return failed(spec, setup.redact((err as Error).message))
  }
  const client = serveClient(serve.url, setup.password)
  const slots = new SlotPool()
  const slot = slots.acquireIn(spec.workRoot)
  const names = [spec.skillName, ...spec.competing]
  let proof: IsolationProof
  try {
    proof = await proveOnServer(ctx, client, slot.dir, true, (visible) =>
      judgeProbeVisibility(ctx.spec, spec.skillsDir, names, visible),
    )
  } catch (err) {
    proof = { side: spec.version, ok: false, visible: [], message: setup.redact((err as Error).message) }
  }
  slots.release(slot, proof.ok)
  const close = async (): Promise<void> => {
    await serve.stop(graceMs)
    slots.close()
    removePrivateDirs(setup.prepared.dirs)
  }
  return { proof, server: proof.ok ? { spec, ctx, setup, serve, client, slots, graceMs } : null, close }
}
