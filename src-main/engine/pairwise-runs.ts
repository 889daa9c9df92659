// The pairwise judge: for each case and round whose a and b runs both completed, the judge compares them
// twice — first in a seeded order, then swapped — on the task's judge pool with its retries. Each finished
// judgement is appended on its own (nothing paid for is lost); a canceled one is not stored and is judged
// on the next run. Pairwise results never touch a run's status or score.
import type { PairwiseResultInput, RunRow } from '../db'
import type { BlindSpec } from '../judge/blind'
import type { EvaluatorSpec } from '../judge/evaluators'
import type { Judge, PairwiseAttempt, PairwiseJudgeInput } from '../judge/judge-runner'
import { sideOf, swapped, type ResponseOrder } from '../judge/pairwise-outcome'
import { judgeInputOf, type CaseExpectations } from './evaluate-runs'
import type { EngineContext } from './execute-runs'
import { withRetries } from './judge-retries'
import { createLimiter, type Limiter } from './limiter'
import { comparisonsOf, type Comparison } from './pairwise-comparisons'
import { evaluatorVersionNumber } from './trace-results'

/** Which comparisons a pass judges (per order). */
export type PairwiseRedo =
  /** Orders without a judgement for the runs' current sessions (a plain run or resume). */
  | 'missing'
  /** Those, and orders whose current judgement failed (`--rerun failed`, `reevaluate --failed`). */
  | 'failed'
  /** Every order again (`reevaluate`). */
  | 'all'

export interface PairwisePlan {
  taskId: string
  batchId: string
  evaluator: EvaluatorSpec
  /** The selected cases: runs of other cases are not compared. */
  cases: ReadonlyMap<string, CaseExpectations>
  /** The task's rounds: runs of later rounds are not compared. */
  maxRound: number
  judgeConcurrency: number
  retries: number
  backoffMs?: (attempt: number) => number
  redo: PairwiseRedo
  /** Only comparisons with at least one of their two runs in scope (default: every comparison). */
  inScope?: (run: RunRow) => boolean
  /** What the judge must not see of either run (the task's skills), as for the pointwise judge. */
  blind?: BlindSpec | null
}

export interface PairwiseSummary {
  /** Comparisons this pass judged (one or both orders). */
  comparisons: number
  /** Of those, comparisons whose judgements all came back done, and those with a failed judgement. */
  judged: number
  failed: number
}

function wanted(c: Comparison, order: ResponseOrder, redo: PairwiseRedo): boolean {
  const current = c.judgements[order]
  if (redo === 'all') return true
  return current === null || (redo === 'failed' && current.status === 'failed')
}

/** Judges what the plan asks for; resolves when every judgement finished or was given up on cancel. */
export async function judgePairwise(
  ctx: EngineContext & { judge: Judge },
  plan: PairwisePlan,
  signal: AbortSignal,
): Promise<PairwiseSummary> {
  const { store } = ctx
  const runs = store.runs
    .listByTask(plan.taskId)
    .filter((r) => plan.cases.has(r.caseKey) && r.round <= plan.maxRound)
  const inScope = plan.inScope ?? (() => true)
  const work = comparisonsOf(plan.taskId, runs, store.pairwiseResults.listByTask(plan.taskId), plan.evaluator)
    .filter((c) => inScope(c.a) || inScope(c.b))
    .map((c) => ({ c, orders: [c.first, swapped(c.first)].filter((o) => wanted(c, o, plan.redo)) }))
    .filter((w) => w.orders.length > 0)
  const summary: PairwiseSummary = { comparisons: work.length, judged: 0, failed: 0 }
  if (work.length === 0 || signal.aborted) return summary
  ctx.events.emit('pairwise.changed', { taskId: plan.taskId, phase: 'start', ...summary })
  const pool = createLimiter(plan.judgeConcurrency)
  const results = await Promise.all(
    work.map(async ({ c, orders }) => {
      const stored = await Promise.all(orders.map((order) => judgeOrder(ctx, plan, pool, c, order, signal)))
      if (stored.includes('failed')) return 'failed'
      return stored.includes('canceled') ? 'canceled' : 'judged'
    }),
  )
  summary.judged = results.filter((r) => r === 'judged').length
  summary.failed = results.filter((r) => r === 'failed').length
  ctx.events.emit('pairwise.changed', { taskId: plan.taskId, phase: 'end', ...summary })
  return summary
}

async function judgeOrder(
  ctx: EngineContext & { judge: Judge },
  plan: PairwisePlan,
  pool: Limiter,
  c: Comparison,
  order: ResponseOrder,
  signal: AbortSignal,
): Promise<'done' | 'failed' | 'canceled'> {
  const theCase = plan.cases.get(c.caseKey) as CaseExpectations
  const [first, second] = order === 'ab' ? [c.a, c.b] : [c.b, c.a]
  const input: PairwiseJudgeInput = {
    responses: [
      judgeInputOf(theCase, first, ctx.store.trajectories.get(first.id), plan.blind),
      judgeInputOf(theCase, second, ctx.store.trajectories.get(second.id), plan.blind),
    ],
  }
  let attempt: PairwiseAttempt
  try {
    attempt = await withRetries(
      () => ctx.judge.compare(plan.evaluator, input, signal),
      { pool, retries: plan.retries, backoffMs: plan.backoffMs },
      signal,
    )
  } catch {
    return 'canceled' // canceled while waiting for a slot
  }
  if (signal.aborted) return 'canceled'
  ctx.store.pairwiseResults.append(resultRow(plan, c, order, attempt))
  return attempt.status
}

function resultRow(
  plan: PairwisePlan,
  c: Comparison,
  order: ResponseOrder,
  a: PairwiseAttempt,
): PairwiseResultInput {
  const done = a.status === 'done' && a.winner !== null
  return {
    evaluatorRunId: plan.batchId,
    grayscaleTaskId: plan.taskId,
    caseKey: c.caseKey,
    round: c.round,
    runIdA: c.a.id,
    sessionIdA: c.a.sessionId as string, // comparable runs have a session
    runIdB: c.b.id,
    sessionIdB: c.b.sessionId as string,
    evaluatorId: plan.evaluator.id,
    evaluatorVersion: evaluatorVersionNumber(plan.evaluator),
    order,
    status: done ? 'done' : 'failed',
    winnerResponse: done ? a.winner : null,
    winnerSide: done && a.winner ? sideOf(order, a.winner) : null,
    reason: a.reason,
    rawOutput: a.rawOutput,
    parseStrategy: done ? a.parseStrategy : null,
    error: done ? null : (a.error ?? 'no winner'),
    judgeTokens: a.tokens,
    judgeCostUsd: a.costUsd,
    judgeInput: a.condensedInput,
    judgeSessionId: a.sessionId,
  }
}
