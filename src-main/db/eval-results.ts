// Judge results (`trajectory_eval_result`): rows are only appended; display takes the latest per
// (run, evaluator) and older rows stay for history (docs/data-model.md, invariant 9).
import type { TokenCounts } from '../../src-shared/agent-event'
import { newId, nowIso } from './ids'
import type { TrajectoryEvalResultTable } from './schema'
import { judgeCostsOf, judgeTokenColumns, judgeTokensOf, type JudgeCost } from './judge-costs'
import type { Sql } from './sql'

export type ParseStrategy = 'direct_json' | 'repaired_json' | 'regex_json' | 'regex_score'

export interface EvalResultInput {
  /** The batch (the task's evaluationBatchId). */
  evaluatorRunId: string
  /** The evaluated session id (stored in the binding column `task_id`). */
  sessionId: string | null
  runId: string | null
  grayscaleTaskId: string | null
  evaluatorId: string
  evaluatorVersion?: number
  status: 'done' | 'failed'
  /** 0–100. */
  score: number | null
  reason: string | null
  rawOutput: string | null
  parseStrategy: ParseStrategy | null
  error?: string | null
  judgeTokens?: TokenCounts
  judgeCostUsd?: number | null
  /** The condensed judge input. */
  judgeInput?: string | null
  /** Stored as JSON; includes `grayscaleBinding {taskId, caseId, side, round, runId}`. */
  rawAnalysis?: unknown
  /** The result this one copies (a reused baseline run's judgement, README "Baseline reuse"). */
  reusedFromResultId?: string | null
}

export interface EvalResultRow extends Required<EvalResultInput> {
  id: string
  /** Global append order: higher = newer. */
  seq: number
  createdAt: string
}

const ZERO: TokenCounts = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

function toRow(r: TrajectoryEvalResultTable): EvalResultRow {
  return {
    id: r.id,
    seq: r.seq,
    evaluatorRunId: r.evaluator_run_id,
    sessionId: r.task_id,
    runId: r.run_id,
    grayscaleTaskId: r.grayscale_task_id,
    evaluatorId: r.evaluator_id,
    evaluatorVersion: r.evaluator_version,
    status: r.status as 'done' | 'failed',
    score: r.score,
    reason: r.reason,
    rawOutput: r.raw_output,
    parseStrategy: r.parse_strategy as ParseStrategy | null,
    error: r.error,
    judgeTokens: judgeTokensOf(r),
    judgeCostUsd: r.judge_cost_usd,
    judgeInput: r.judge_input,
    rawAnalysis: r.raw_analysis_json === null ? null : (JSON.parse(r.raw_analysis_json) as unknown),
    createdAt: r.created_at,
    reusedFromResultId: r.reused_from_result_id,
  }
}

export class EvalResultsRepo {
  constructor(private readonly sql: Sql) {}

  append(input: EvalResultInput): EvalResultRow {
    const { qb } = this.sql
    return this.sql.transaction(() => {
      const top = this.sql.first(
        qb.selectFrom('trajectory_eval_result').select((eb) => eb.fn.max('seq').as('max')),
      )
      const tokens = input.judgeTokens ?? ZERO
      const row: TrajectoryEvalResultTable = {
        id: newId('res'),
        seq: (top?.max ?? 0) + 1,
        evaluator_run_id: input.evaluatorRunId,
        task_id: input.sessionId,
        run_id: input.runId,
        grayscale_task_id: input.grayscaleTaskId,
        evaluator_id: input.evaluatorId,
        evaluator_version: input.evaluatorVersion ?? 1,
        status: input.status,
        score: input.score,
        reason: input.reason,
        raw_output: input.rawOutput,
        parse_strategy: input.parseStrategy,
        error: input.error ?? null,
        ...judgeTokenColumns(tokens),
        judge_cost_usd: input.judgeCostUsd ?? null,
        // Corrections live in run_correction (they outlast a re-judge); the column holds older ones as history.
        correction_json: null,
        judge_input: input.judgeInput ?? null,
        raw_analysis_json: input.rawAnalysis === undefined ? null : JSON.stringify(input.rawAnalysis),
        created_at: nowIso(),
        reused_from_result_id: input.reusedFromResultId ?? null,
      }
      this.sql.run(qb.insertInto('trajectory_eval_result').values(row))
      return toRow(row)
    })
  }

  get(id: string): EvalResultRow | null {
    const r = this.sql.first(
      this.sql.qb.selectFrom('trajectory_eval_result').selectAll().where('id', '=', id),
    )
    return r ? toRow(r) : null
  }

  /** Every result of the run, oldest first (history). */
  listByRun(runId: string): EvalResultRow[] {
    const q = this.sql.qb.selectFrom('trajectory_eval_result').selectAll().where('run_id', '=', runId)
    return this.sql.all(q.orderBy('seq')).map(toRow)
  }

  /** Every result of a batch, oldest first. */
  listByBatch(evaluatorRunId: string): EvalResultRow[] {
    const q = this.sql.qb
      .selectFrom('trajectory_eval_result')
      .selectAll()
      .where('evaluator_run_id', '=', evaluatorRunId)
    return this.sql.all(q.orderBy('seq')).map(toRow)
  }

  /** Every result of an evaluated opencode session (column `task_id`), from any batch, oldest first. */
  listBySession(sessionId: string): EvalResultRow[] {
    const q = this.sql.qb.selectFrom('trajectory_eval_result').selectAll().where('task_id', '=', sessionId)
    return this.sql.all(q.orderBy('seq')).map(toRow)
  }

  /** The latest result per evaluator for one run, ordered by evaluator id. */
  latestByRun(runId: string): EvalResultRow[] {
    return this.#latest('run_id', runId)
  }

  /** The latest result per (run, evaluator) for every run of an A/B task. */
  latestByTask(grayscaleTaskId: string): EvalResultRow[] {
    return this.#latest('grayscale_task_id', grayscaleTaskId)
  }

  #latest(column: 'run_id' | 'grayscale_task_id', value: string): EvalResultRow[] {
    const q = this.sql.qb
      .selectFrom('trajectory_eval_result as r')
      .selectAll('r')
      .where(`r.${column}`, '=', value)
      .where('r.run_id', 'is not', null)
      .where('r.seq', '=', (eb) =>
        eb
          .selectFrom('trajectory_eval_result as r2')
          .select((eb2) => eb2.fn.max('r2.seq').as('max'))
          .whereRef('r2.run_id', '=', 'r.run_id')
          .whereRef('r2.evaluator_id', '=', 'r.evaluator_id'),
      )
      .orderBy('r.run_id')
      .orderBy('r.evaluator_id')
    return this.sql.all(q).map(toRow)
  }

  /** The judge's tokens and price of every judgement of the task (spend; a copied result was paid by its source). */
  judgeCostsByTask(grayscaleTaskId: string): JudgeCost[] {
    return judgeCostsOf(this.sql, 'trajectory_eval_result', grayscaleTaskId)
  }
}
