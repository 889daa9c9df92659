// A trigger probe server (docs/triggers.md): one `opencode serve` per description version, in the same private
// env as a side's, that sees exactly the skill under test and the competing skills (proved before any probe).
// Its default agent is cut off after `maxSteps` model turns; each probe runs in a work-dir slot (probe-run.ts).
import type { SideSandbox } from '../isolation/sandbox-policy'
import { join } from 'node:path'
import type { ProbeChoice } from '../../../src-shared/trigger-eval'
import type { TokenCounts } from '../../../src-shared/agent-event'
import { DEFAULT_GRACE_MS } from '../drivers/process-driver'
import { judgeProbeVisibility, type ListedSkill } from '../isolation/skill-proof'
import { prepareSide, type SideContext } from '../isolation/side-context'
import type { IsolationProof, SealedPaths, SideSpec } from '../types'
import { WarmServer, type VisibilityJudge } from '../server/warm-server'

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
  /** `agent.sandbox` and what the probes must not read (the skills' own folders). */
  sandbox?: SideSandbox
}

/** One probe's result: the choice, or why there is none. */
export interface ProbeOutcome {
  /**
   * decided: the agent called a skill, answered, or used its turns; failed: no result (see message);
   * not_isolated: no session, since its instance did not offer exactly the skills it must (the set stops).
   */
  kind: 'decided' | 'failed' | 'canceled' | 'not_isolated'
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
  /** The evidence: what the probe's instance offered just before its session; null when it got no answer. */
  offeredSkills: ListedSkill[] | null
}

export interface ProbeServer {
  spec: ProbeSideSpec
  ctx: SideContext
  server: WarmServer
  /** Exactly the skill under test and the competing skills, each at its copy in the skills folder. */
  judge: VisibilityJudge
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
  const skillDir = join(spec.skillsDir, spec.skillName)
  return {
    side: spec.version,
    // The probe's skills folder already holds offered copies (engine/probe-runs.ts).
    skill: { name: spec.skillName, snapshotDir: skillDir, contentHash: '', offeredDir: skillDir },
    skillUnderTest: spec.skillName,
    model: spec.model,
    opencodeConfigPath: spec.opencodeConfigPath,
    runRoot: spec.runRoot,
    timeoutSec: spec.timeoutSec,
    idleTimeoutSec: spec.idleTimeoutSec,
    sealed: spec.sealed,
    // The server's sandbox gives it the version's slots.
    workRoot: spec.workRoot,
    sandbox: spec.sandbox,
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
  const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS
  let server: WarmServer
  try {
    // opencode's `steps`: the last allowed turn tells the model to answer in text, with tools disabled.
    const configOverrides = { agent: { build: { steps: spec.maxSteps } } }
    server = await WarmServer.start({ ctx, label: `probe-${spec.version}`, configOverrides, graceMs })
  } catch (err) {
    return failed(spec, (err as Error).message)
  }
  const names = [spec.skillName, ...spec.competing]
  const judge: VisibilityJudge = (visible) => judgeProbeVisibility(ctx.spec, spec.skillsDir, names, visible)
  const slot = server.slots.acquireIn(spec.workRoot)
  const proof = await server.prove(slot.dir, judge, true)
  server.slots.release(slot, proof.ok)
  return {
    proof,
    server: proof.ok ? { spec, ctx, server, judge, graceMs } : null,
    close: () => server.stop(),
  }
}
