// Executes a trigger task's probes (docs/triggers.md): a probe server per description version, proved before
// anything is probed, a concurrency limit, cancel, and every probe written 'running' before its session starts
// and with its result when it ends (a crash leaves no result unstored and none stored twice).
import type { SideSandbox } from '../agent/isolation/sandbox-policy'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { writeOfferedCopy } from '../agent/isolation/offered-copy'
import { failedProofLines } from '../agent/isolation/skill-proof'
import { runProbe } from '../agent/triggers/probe-run'
import { openProbeSide, type OpenedProbeSide, type ProbeOutcome } from '../agent/triggers/probe-side'
import type { IsolationProof } from '../agent/types'
import type { ProbeEnd, ProbeRow, ProbeVersion, Store, StoredCompetitor } from '../db'
import { UserError } from '../../src-shared/user-error'
import { createLimiter } from './limiter'

export interface ProbePlan {
  taskId: string
  skillName: string
  /** Query id → the query's text (the task's stored set). */
  queries: ReadonlyMap<string, string>
  /** Each version's skill snapshot (the folder holding its SKILL.md). */
  versions: { version: ProbeVersion; snapshotDir: string }[]
  competing: readonly StoredCompetitor[]
  rounds: number
  maxSteps: number
  model: string
  opencodeConfigPath?: string
  timeoutSec: number
  idleTimeoutSec: number
  concurrency: number
  /** `<dataDir>/probes/<taskId>`: each version's skills folder and work-dir slots. */
  probeRoot: string
  /** Where the servers' private dirs go. */
  runRoot: string
  /** The trigger set file: no probe may read it. */
  setFile: string
  /** `agent.sandbox`, and the folders the probes' sandbox hides. */
  sandbox: SideSandbox
}

export interface ProbeSummary {
  proofs: IsolationProof[]
  probed: number
  failed: number
  canceled: number
}

export interface ProbeEngine {
  store: Store
  instanceId: string
  env?: NodeJS.ProcessEnv
  /** Called after every probe row change (written first). */
  onChange?: (row: ProbeRow) => void
}

/** The probes still without a result, interleaved so that a partial set covers every query and version. */
function todo(store: Store, plan: ProbePlan): ProbeRow[] {
  const versions = new Set(plan.versions.map((v) => v.version))
  return store.triggerProbes
    .listByTask(plan.taskId)
    .filter(
      (p) =>
        p.status !== 'done' &&
        p.status !== 'running' &&
        p.round <= plan.rounds &&
        versions.has(p.version) &&
        plan.queries.has(p.queryId),
    )
    .sort(
      (x, y) => x.round - y.round || x.queryId.localeCompare(y.queryId) || x.version.localeCompare(y.version),
    )
}

/**
 * The version's skills folder, made afresh from the stored snapshots: the offered copy (agent/isolation/offered-copy.ts)
 * of the skill and of every competing skill.
 */
function skillsFolder(plan: ProbePlan, version: ProbeVersion, snapshotDir: string): string {
  const dir = join(plan.probeRoot, version, 'skills')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeOfferedCopy(snapshotDir, join(dir, plan.skillName))
  for (const c of plan.competing) writeOfferedCopy(c.snapshotDir, join(dir, c.name))
  return dir
}

/** A probe not offered exactly its skills has no result (it is probed again once the set can run). */
const endOf = (o: ProbeOutcome): ProbeEnd => ({
  status: o.kind === 'decided' ? 'done' : o.kind === 'not_isolated' ? 'failed' : o.kind,
  choice: o.choice,
  skill: o.skill,
  step: o.step,
  steps: o.steps,
  tokens: o.tokens,
  costUsd: o.costUsd,
  durationMs: o.durationMs,
  message: o.message,
  offeredSkills: o.offeredSkills,
})

export async function executeProbes(
  ctx: ProbeEngine,
  plan: ProbePlan,
  signal: AbortSignal,
): Promise<ProbeSummary> {
  const probes = todo(ctx.store, plan)
  const summary: ProbeSummary = { proofs: [], probed: 0, failed: 0, canceled: 0 }
  if (!probes.length) return summary
  const needed = plan.versions.filter((v) => probes.some((p) => p.version === v.version))
  const sides = new Map<ProbeVersion, OpenedProbeSide>()
  const notIsolated: string[] = []
  try {
    await Promise.all(
      needed.map(async ({ version, snapshotDir }) => {
        const side = await openProbeSide(
          {
            version,
            skillsDir: skillsFolder(plan, version, snapshotDir),
            skillName: plan.skillName,
            competing: plan.competing.map((c) => c.name),
            model: plan.model,
            opencodeConfigPath: plan.opencodeConfigPath,
            runRoot: plan.runRoot,
            workRoot: join(plan.probeRoot, version, 'work'),
            timeoutSec: plan.timeoutSec,
            idleTimeoutSec: plan.idleTimeoutSec,
            maxSteps: plan.maxSteps,
            sealed: { files: [plan.setFile], folders: [] },
            sandbox: plan.sandbox,
          },
          { env: ctx.env },
        )
        sides.set(version, side)
      }),
    )
    summary.proofs = needed.map((v) => (sides.get(v.version) as OpenedProbeSide).proof)
    const failedProofs = summary.proofs.filter((p) => !p.ok)
    if (failedProofs.length)
      throw new UserError(
        'input',
        `the pre-flight check failed, nothing was probed:\n${failedProofLines(failedProofs, 'version').join('\n')}`,
      )
    const limiter = createLimiter(plan.concurrency)
    // A probe not offered exactly its skills stops the set: no other probe starts (those under way finish).
    await Promise.all(
      probes.map((probe) =>
        limiter
          .run(async () => {
            const server = sides.get(probe.version)?.server
            if (notIsolated.length) return
            const started = server ? ctx.store.triggerProbes.start(probe.id, ctx.instanceId) : null
            if (!server || !started) return
            ctx.onChange?.(started)
            const title = `probe ${probe.queryId} round ${probe.round}`
            const query = plan.queries.get(probe.queryId) ?? ''
            const outcome = await runProbe(server, { query, title }, signal)
            const row = ctx.store.triggerProbes.finish(probe.id, endOf(outcome))
            if (outcome.kind === 'decided') summary.probed += 1
            else if (outcome.kind === 'failed') summary.failed += 1
            else if (outcome.kind === 'not_isolated')
              notIsolated.push(`version ${probe.version}: query ${probe.queryId}: ${outcome.message ?? ''}`)
            else summary.canceled += 1
            if (row) ctx.onChange?.(row)
          }, signal)
          .catch(() => {}),
      ),
    )
  } finally {
    await Promise.all([...sides.values()].map((s) => s.close()))
  }
  if (notIsolated.length)
    throw new UserError(
      'input',
      `a probe was not offered exactly the skill and the competing skills, so it was not probed and the set stopped:\n${notIsolated.join('\n')}`,
    )
  return summary
}
