// Judges executed runs: one batch id per task, evaluators of a run concurrently (each on its own copy of
// the input), retries while the run stays `evaluating`, then `scored` or terminal `failed` (docs/run-states.md).
// A case analysis dedupes by trace: an evaluator whose latest result for the session is `done` (any batch)
// is not asked again and the run is filled back from it (invariant 3). A/B tasks always judge (invariant 8).
import type { EvalResultInput, EvalResultRow, RunRow, TrajectoryRecord } from '../db'
import { newId } from '../db'
import type { BlindSpec } from '../judge/blind'
import type { EvaluatorSpec } from '../judge/evaluators'
import type { Judge, JudgeAttempt, JudgeInput } from '../judge/judge-runner'
import { judgedRun } from '../judge/judge-prompt'
import { screenForTampering, TAMPER_SCREEN_ID, tamperMessage } from '../judge/tamper-screen'
import { isExecutionFailure } from '../../src-shared/run-state'
import { announceRun } from './announce'
import type { EngineContext } from './execute-runs'
import { withRetries } from './judge-retries'
import { createLimiter, type Limiter } from './limiter'
import { evaluatorVersionNumber, latestDoneForTrace, scoreOf } from './trace-results'

export interface CaseExpectations {
  prompt: string
  expectedOutput: string | null
  expectations: string[]
}

export interface EvaluationPlan {
  taskId: string
  evaluators: EvaluatorSpec[]
  cases: ReadonlyMap<string, CaseExpectations>
  judgeConcurrency: number
  retries: number
  /** Delay before retry n (1-based), ms. */
  backoffMs?: (attempt: number) => number
  /**
   * A case analysis: results carry `caseAnalysisBinding` and dedupe by trace. Absent/false
   * = an A/B task: results carry `grayscaleBinding` and every run is judged, re-evaluations included.
   */
  caseAnalysis?: boolean
  /** What the LLM judge must not see of the skills (blind judging), for every run of both sides. */
  blind?: BlindSpec | null
}

export interface EvaluationQueue {
  /** Queues a run whose execution completed; returns at once. */
  add(run: RunRow): void
  /** Resolves when every queued run reached scored / failed (or was given back on cancel). */
  drain(): Promise<{ scored: number; failed: number }>
  readonly batchId: string
}

/** Runs a plain start or resume judges: executed, without a result. */
export function needsEvaluation(run: RunRow): boolean {
  return run.status === 'executed'
}

/** Creates (once, atomically) or reads the task's batch id and returns a queue that judges runs. */
export function createEvaluationQueue(
  ctx: EngineContext & { judge: Judge },
  plan: EvaluationPlan,
  signal: AbortSignal,
): EvaluationQueue {
  const batchId = ctx.store.tasks.ensureBatchId(plan.taskId, newId('batch'))
  const pool = createLimiter(plan.judgeConcurrency)
  const pending: Promise<'scored' | 'failed' | null>[] = []
  return {
    batchId,
    add(run) {
      pending.push(evaluateOne(ctx, plan, batchId, pool, run, signal).catch(() => null))
    },
    async drain() {
      const out = { scored: 0, failed: 0 }
      for (let i = 0; i < pending.length; i++) {
        const r = await pending[i]
        if (r) out[r] += 1
      }
      return out
    },
  }
}

async function evaluateOne(
  ctx: EngineContext & { judge: Judge },
  plan: EvaluationPlan,
  batchId: string,
  pool: Limiter,
  run: RunRow,
  signal: AbortSignal,
): Promise<'scored' | 'failed' | null> {
  const { store } = ctx
  const c = plan.cases.get(run.caseKey)
  const current = store.runs.get(run.id)
  // Only a completed execution is judged; an execution failure is re-run, never judged.
  if (!c || !current || isExecutionFailure(current.status, current.failureType)) return null
  const started = store.runs.transition(run.id, {
    from: ['executed', 'failed', 'scored'],
    to: 'evaluating',
    // The judging process owns the run now: the reaper must not touch it while this process lives.
    patch: { evaluatorRunId: batchId, instanceId: ctx.instanceId },
  })
  if (!started) return null
  announceRun(ctx.events, started)
  const input = judgeInputOf(c, started, store.trajectories.get(run.id), plan.blind)
  // Before any judge is believed: text for the grader in what it would read fails the run (its side's defect).
  const flagged = tamperingOf(ctx, started, c, input)
  if (flagged) {
    announceRun(ctx.events, flagged)
    return 'failed'
  }
  // Plain (case-analysis) evaluations reuse what the trace already has; A/B ones never (invariant 8).
  const reused =
    plan.caseAnalysis && started.sessionId
      ? latestDoneForTrace(store, started.sessionId, plan.evaluators)
      : plan.evaluators.map(() => null)
  const judged = await Promise.all(
    plan.evaluators.map((ev, i) =>
      reused[i] ? null : judgeWithRetries(ctx, plan, pool, ev, structuredClone(input), signal),
    ),
  )
  if (signal.aborted) {
    // Canceled while judging: the execution is kept, nothing half-scored is stored (docs/run-states.md).
    const back = store.runs.transition(run.id, { from: ['evaluating'], to: 'executed' })
    if (back) announceRun(ctx.events, back)
    return null
  }
  const finished = store.transaction(() => {
    const rows: EvalResultRow[] = plan.evaluators.map(
      (ev, i) =>
        reused[i] ??
        store.evalResults.append(
          resultRow(ev, judged[i] as JudgeAttempt, batchId, started, plan.caseAnalysis),
        ),
    )
    // A human correction of this execution stays in force through a fresh judgement: it replaces the
    // judge's new score (stored beside it) and stands in for a judge that failed.
    const corrections = started.sessionId ? store.corrections.activeFor(run.id, started.sessionId) : []
    const corrected = new Set(corrections.map((c) => c.evaluatorId))
    const failed = rows.filter((r) => r.status === 'failed' && !corrected.has(r.evaluatorId))
    const score = failed.length ? null : scoreOf(rows, plan.evaluators, corrections)
    if (score === null) {
      const why = failed.map((r) => `${r.evaluatorId}: ${r.error ?? 'no score'}`).join('; ')
      return store.runs.transition(run.id, {
        from: ['evaluating'],
        to: 'failed',
        patch: {
          failureMessage: `evaluation failed: ${why || 'no score'}`,
          evaluationResultId: rows[0]?.id ?? null,
        },
      })
    }
    return store.runs.transition(run.id, {
      from: ['evaluating'],
      to: 'scored',
      patch: { score, evaluationResultId: rows[0]?.id ?? null, evaluatorRunId: batchId },
    })
  })
  if (!finished) return null
  announceRun(ctx.events, finished)
  return finished.status === 'scored' ? 'scored' : 'failed'
}

/**
 * The run failed as `judge_tampering` when the tamper screen finds text for the grader in what the judge would
 * read of it, unless a person cleared this execution (a correction of evaluator `judge-tampering`); else null.
 */
function tamperingOf(ctx: EngineContext, run: RunRow, c: CaseExpectations, input: JudgeInput): RunRow | null {
  const cleared =
    run.sessionId !== null &&
    ctx.store.corrections.activeFor(run.id, run.sessionId).some((x) => x.evaluatorId === TAMPER_SCREEN_ID)
  const hits = cleared ? [] : screenForTampering(judgedRun(input), [c.prompt, ...c.expectations].join('\n'))
  if (!hits.length) return null
  return ctx.store.runs.transition(run.id, {
    from: ['evaluating'],
    to: 'failed',
    patch: { failureType: 'judge_tampering', failureMessage: tamperMessage(hits), score: null },
  })
}

/** What the judge sees of one run of a case: the case, and the run's stored trajectory. */
export function judgeInputOf(
  c: CaseExpectations,
  run: RunRow,
  trajectory: TrajectoryRecord | null,
  blind: BlindSpec | null | undefined,
): JudgeInput {
  return {
    prompt: c.prompt,
    expectedOutput: c.expectedOutput,
    expectations: [...c.expectations],
    events: trajectory?.events ?? [],
    finalOutput: trajectory?.finalOutput ?? run.finalOutput ?? '',
    diff: trajectory?.diff ?? '',
    workDir: run.workDir,
    blind: blind ?? null,
  }
}

/** Retryable failures are retried (the run stays `evaluating`); the last attempt is the result. */
function judgeWithRetries(
  ctx: EngineContext & { judge: Judge },
  plan: EvaluationPlan,
  pool: Limiter,
  evaluator: EvaluatorSpec,
  input: JudgeInput,
  signal: AbortSignal,
): Promise<JudgeAttempt> {
  // Command evaluators too: the judge runs them under the app's markers, with their own time limit.
  return withRetries(
    () => ctx.judge.evaluate(evaluator, input, signal),
    { pool, retries: plan.retries, backoffMs: plan.backoffMs },
    signal,
  )
}

function resultRow(
  evaluator: EvaluatorSpec,
  a: JudgeAttempt,
  batchId: string,
  run: RunRow,
  caseAnalysis = false,
): EvalResultInput {
  const binding = { taskId: run.taskId, caseId: run.caseKey, side: run.side, round: run.round, runId: run.id }
  return {
    evaluatorRunId: batchId,
    sessionId: run.sessionId,
    runId: run.id,
    grayscaleTaskId: run.taskId,
    evaluatorId: evaluator.id,
    evaluatorVersion: evaluatorVersionNumber(evaluator),
    status: a.status,
    score: a.status === 'done' ? a.score : null,
    reason: a.reason,
    rawOutput: a.rawOutput,
    parseStrategy: a.parseStrategy,
    error: a.error,
    judgeTokens: a.tokens,
    judgeCostUsd: a.costUsd,
    judgeInput: a.condensedInput,
    rawAnalysis: {
      evaluatorKind: evaluator.kind,
      evaluatorVersion: evaluator.version,
      evaluatorFingerprint: evaluator.fingerprint,
      judgeSessionId: a.sessionId,
      durationMs: a.durationMs,
      // An expectations evaluator's verdict per expectation (README "Evaluators"): shown and exported.
      ...(a.expectations ? { expectations: a.expectations } : {}),
      // The batch's source is read from this binding: only A/B results carry grayscaleBinding.
      ...(caseAnalysis ? { caseAnalysisBinding: binding } : { grayscaleBinding: binding }),
    },
  }
}
