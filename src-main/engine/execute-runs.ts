// Executes a task's runs with the agent driver: isolation proof per side, a concurrency limit, cancellation,
// and every state change written to SQLite before it is announced (docs/opencode.md, docs/run-states.md).
import { UserError } from '../../src-shared/user-error'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type {
  AgentDriver,
  CaseInput,
  IsolationProof,
  RunOutcome,
  SideSession,
  SideSpec,
} from '../agent/types'
import { failedProofLines } from '../agent/isolation/skill-proof'
import { fileSystemFault, type RunRow, type Store, type StoreError } from '../db'
import { failedForRoom, lackOfRoom, roomNeeded } from './disk-room'
import { needsExecution } from '../../src-shared/run-rules'
import type { FailureType, Side } from '../../src-shared/run-state'
import type { EngineEvents } from './events'
import { createLimiter } from './limiter'
import { announceRun } from './announce'
import { cancelQueued, cancelUnfinished } from './cancel-runs'
import { reportStartup } from './startup-report'
import { sideQueue } from './side-queue'

export interface EngineContext {
  store: Store
  driver: AgentDriver
  events: EngineEvents
  instanceId: string
}

export interface ExecutionPlan {
  taskId: string
  taskName: string
  sides: Record<Side, SideSpec>
  /** caseKey → what the agent gets: the selected cases. Runs of other cases are left alone. */
  cases: ReadonlyMap<string, CaseInput>
  /** Runs of later rounds (repeatRounds lowered on resume) are left alone. */
  maxRound: number
  /** When set, only these runs (ids) are touched: a trial, an append or a retry of selected runs. */
  only?: ReadonlySet<string>
  /** Work dirs go below this folder (kept after the run). */
  workRoot: string
  concurrency: number
  /** A budget (docs/decision.md "Budget"): asked before each run starts; once it says no, no run starts. */
  gate?: RunGate
}

/** Decides, as a run is about to start, whether the budget still allows it (it may wait for a running run). */
export interface RunGate {
  /** false: the run stays pending, and so do all runs after it. */
  admit(run: RunRow): Promise<boolean>
  /** A run it admitted is done executing (its figures are stored). */
  settled(run: RunRow): void
}

export interface ExecutionSummary {
  proofs: Partial<Record<Side, IsolationProof>>
  executed: number
  failed: number
  canceled: number
  /** Runs left pending because the budget (plan.gate) stopped the scheduling. */
  held: number
}

/**
 * A side proof that does not hold (nothing was run), or a run whose opencode did not offer exactly its side's
 * skills (`midway`: that run and every run not yet started were not run; the task stopped).
 */
function isolationError(proofs: IsolationProof[], midway = false): UserError {
  const heading = midway
    ? "a run was not offered exactly its side's skills, so it was not run and the task stopped (no run without this evidence is counted)"
    : 'the pre-flight check failed, nothing was run'
  return new UserError(
    'input',
    `${heading}:\n${failedProofLines(proofs).join('\n')}\n` +
      '(Each side must know the model and see exactly its own skill; `skill-ab doctor <config>` checks this.)',
  )
}

/** Whether the plan covers this run (its case is selected, its round asked for, and it is in `only`). */
export function inPlan(plan: ExecutionPlan, run: RunRow): boolean {
  return plan.cases.has(run.caseKey) && run.round <= plan.maxRound && (!plan.only || plan.only.has(run.id))
}

export async function executeRuns(
  ctx: EngineContext,
  plan: ExecutionPlan,
  signal: AbortSignal,
  onExecuted?: (run: RunRow) => void,
): Promise<ExecutionSummary> {
  const todo = ctx.store.runs.listByTask(plan.taskId).filter((r) => needsExecution(r) && inPlan(plan, r))
  const summary: ExecutionSummary = { proofs: {}, executed: 0, failed: 0, canceled: 0, held: 0 }
  if (todo.length === 0) return summary

  // Room for every run it will execute, before any side starts (nothing is paid for only to hit a full disk).
  const noRoom = lackOfRoom(plan.workRoot, roomNeeded(todo.map((r) => plan.cases.get(r.caseKey))))
  if (noRoom) throw noRoom
  const sidesNeeded = [...new Set(todo.map((r) => r.side))].sort()
  // Each side's work dirs in a folder of their own (a random name: paths reach the judge), so a side's
  // sandbox can give its agents that folder and nothing of the other side's.
  const workRoots = new Map(
    sidesNeeded.map((side) => [side, join(plan.workRoot, randomBytes(6).toString('hex'))]),
  )
  const startup = reportStartup(ctx.events, plan.taskId, ctx.driver.name, sidesNeeded)
  const sessions = await Promise.all(
    sidesNeeded.map(async (side) => {
      const hooks = { onProving: () => startup.step(side, 'proving') }
      const session = await ctx.driver.openSide({ ...plan.sides[side], workRoot: workRoots.get(side) }, hooks)
      startup.step(side, 'ready')
      return session
    }),
  ).finally(() => startup.end())
  const bySide = new Map<Side, SideSession>(sidesNeeded.map((side, i) => [side, sessions[i] as SideSession]))
  // A run not offered exactly its side's skills stops the task: no lane starts another run (they stay
  // pending), while the runs already under way, each with its own evidence, finish and are judged. So does
  // a full disk (the runs it failed are canceled: a plain start executes them again), and any other fault
  // of a lane (e.g. the database could not store a run): it is thrown once every lane is done.
  const notIsolated: IsolationProof[] = []
  let fault: unknown = null
  try {
    for (const s of sessions) summary.proofs[s.proof.side] = s.proof
    const failedProofs = sessions.filter((s) => !s.proof.ok)
    if (failedProofs.length) throw isolationError(failedProofs.map((s) => s.proof))

    const limiter = createLimiter(plan.concurrency)
    // A free lane takes the next run of the side with the fewest in flight (it keeps a side in warm slots).
    const queue = sideQueue(todo)
    const startNext = async (): Promise<{ status: RunEnd } | null> => {
      const run = queue.take()
      if (!run) return null
      try {
        if (notIsolated.length || fault) return null
        if (summary.held > 0 || (plan.gate && !(await plan.gate.admit(run)))) {
          summary.held += 1
          return null
        }
        const session = bySide.get(run.side) as SideSession
        const lane = {
          signal,
          onExecuted,
          onNotIsolated: (p: IsolationProof) => notIsolated.push(p),
          onNoRoom: (err: StoreError) => (fault ??= err),
        }
        const workRoot = workRoots.get(run.side) ?? plan.workRoot
        return await executeOne(ctx, plan, { run, workRoot }, session, lane).finally(() =>
          plan.gate?.settled(run),
        )
      } finally {
        queue.done(run)
      }
    }
    await Promise.all(
      todo.map(() =>
        limiter.run(startNext, signal).then(
          (outcome) => tally(summary, outcome),
          (err: unknown) => {
            if (!signal.aborted) fault ??= fileSystemFault(err, plan.workRoot) ?? err // else: canceled while queued
          },
        ),
      ),
    )
    // Canceled: the runs no lane took are still queued.
    for (const run of queue.remaining()) if (cancelQueued(ctx, run)) summary.canceled += 1
  } finally {
    await Promise.all(sessions.map((s) => s.close()))
  }
  if (notIsolated.length) throw isolationError(notIsolated, true)
  if (fault) {
    cancelUnfinished(ctx, plan.taskId, fault)
    throw fault
  }
  return summary
}

/** How a run's execution ended. */
type RunEnd = 'executed' | 'canceled' | 'failed'

function tally(summary: ExecutionSummary, run: { status: RunEnd } | null): void {
  if (!run) return
  if (run.status === 'executed') summary.executed += 1
  else if (run.status === 'canceled') summary.canceled += 1
  else summary.failed += 1
}

/** What a lane gives the run it executes: the task's signal and what to call when the run is done. */
interface Lane {
  signal: AbortSignal
  onExecuted?: (run: RunRow) => void
  /** The run was not offered exactly its side's skills: no other run may start. */
  onNotIsolated: (proof: IsolationProof) => void
  /** The disk filled up under the run: no other run may start. */
  onNoRoom: (err: StoreError) => void
}

/**
 * The run's status after its outcome: a run that was never offered exactly its side's skills, or that a full
 * disk failed, is not a result.
 */
function statusAfter(outcome: RunOutcome, noRoom: StoreError | null): RunEnd {
  if (outcome.kind === 'ok') return 'executed'
  return outcome.kind === 'canceled' || outcome.kind === 'not_isolated' || noRoom ? 'canceled' : 'failed'
}

async function executeOne(
  ctx: EngineContext,
  plan: ExecutionPlan,
  { run, workRoot }: { run: RunRow; workRoot: string },
  session: SideSession,
  lane: Lane,
): Promise<{ status: RunEnd } | null> {
  const caseInput = plan.cases.get(run.caseKey)
  if (!caseInput) throw new Error(`case "${run.caseKey}" of run ${run.id} is not in the plan`)
  const workDir = join(workRoot, `${run.id}-a${run.attempt + 1}`)
  const started = ctx.store.transaction(() => {
    // A canceled run or a resumed failure starts over from pending (both steps stay in its history).
    if (run.status !== 'pending' && !ctx.store.runs.transition(run.id, { from: [run.status], to: 'pending' }))
      return null
    ctx.store.trajectories.clear(run.id)
    return ctx.store.runs.transition(run.id, {
      from: ['pending'],
      to: 'running',
      patch: { instanceId: ctx.instanceId, workDir },
    })
  })
  if (!started) return null
  announceRun(ctx.events, started)

  const outcome = await session.run(
    {
      runId: run.id,
      title: `${plan.taskName} · ${run.caseKey} · r${run.round} · ${run.side}`,
      caseInput,
      workDir,
    },
    {
      onSpawn: (pid, pidStartTime) =>
        void ctx.store.runs.update(run.id, { pid, pidStartTime }, { whenStatus: ['running'] }),
      onSessionId: (sessionId) =>
        void ctx.store.runs.update(run.id, { sessionId }, { whenStatus: ['running'] }),
      onEvent: (event) => ctx.store.trajectories.appendEvents(run.id, [event]),
    },
    lane.signal,
  )
  const noRoom = failedForRoom(outcome, plan.workRoot)
  if (noRoom) lane.onNoRoom(noRoom)
  if (outcome.kind === 'not_isolated')
    lane.onNotIsolated({
      side: run.side,
      ok: false,
      visible: outcome.offeredSkills ?? [],
      message: outcome.message ?? '',
    })
  let ended: RunEnd = 'failed'
  const finished = ctx.store.transaction(() => {
    ctx.store.trajectories.finish(run.id, {
      sessionId: outcome.sessionId,
      prompt: caseInput.prompt,
      finalOutput: outcome.finalOutput,
      diff: outcome.diff,
      stderrTail: outcome.stderrTail,
    })
    const to = statusAfter(outcome, noRoom)
    ended = to
    return ctx.store.runs.transition(run.id, {
      from: ['running'],
      to,
      patch: {
        sessionId: outcome.sessionId,
        exitCode: outcome.exitCode,
        tokens: outcome.tokens,
        costUsd: outcome.costUsd,
        finalOutput: outcome.finalOutput,
        offeredSkills: outcome.offeredSkills,
        sandbox: outcome.sandbox,
        skillVisible: outcome.skillVisible,
        skillLoaded: outcome.skillLoaded,
        ...(to === 'failed' ? { failureType: outcome.kind as FailureType } : {}),
        ...(to === 'executed' ? {} : { failureMessage: notRunNote(outcome, noRoom) }),
      },
    })
  })
  if (finished) {
    announceRun(ctx.events, finished)
    if (finished.status === 'executed') lane.onExecuted?.(finished)
  }
  return { status: ended }
}

/** The stored message of a run that did not execute: a run not offered exactly its skills says so first. */
function notRunNote(outcome: RunOutcome, noRoom: StoreError | null): string | null {
  if (noRoom) return `not run: ${noRoom.message} (opencode said: ${outcome.message ?? outcome.kind})`
  return outcome.kind === 'not_isolated'
    ? `not run: its opencode did not offer exactly its side's skills, so the task stopped: ${outcome.message ?? ''}`
    : outcome.message
}
