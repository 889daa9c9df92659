// Pairwise judge results (`pairwise_result`): one row per judgement of a case and round in one order. Rows
// are only appended; the latest per (task, case, round, evaluator, order) for the runs' current sessions counts.
import type { TokenCounts } from '../../src-shared/agent-event'
import { newId, nowIso } from './ids'
import type { PairwiseResultTable } from './schema'
import { judgeCostsOf, judgeTokenColumns, judgeTokensOf, type JudgeCost } from './judge-costs'
import type { Sql } from './sql'

export type PairwiseOrder = 'ab' | 'ba'
export type PairwiseParseStrategy = 'direct_json' | 'repaired_json' | 'regex_json' | 'regex_winner'

export interface PairwiseResultInput {
  /** The batch (the task's evaluationBatchId). */
  evaluatorRunId: string
  grayscaleTaskId: string
  caseKey: string
  round: number
  runIdA: string
  sessionIdA: string
  runIdB: string
  sessionIdB: string
  evaluatorId: string
  evaluatorVersion: number
  /** `ab`: side a was shown as Response 1; `ba`: side b was. */
  order: PairwiseOrder
  status: 'done' | 'failed'
  /** The winner as the judge named it (the response), and what that means (the side); null when failed. */
  winnerResponse: '1' | '2' | 'tie' | null
  winnerSide: 'a' | 'b' | 'tie' | null
  reason: string | null
  rawOutput: string | null
  parseStrategy: PairwiseParseStrategy | null
  error: string | null
  judgeTokens: TokenCounts
  judgeCostUsd: number | null
  /** The rendered prompt the judge was sent (redacted). */
  judgeInput: string | null
  judgeSessionId: string | null
}

export interface PairwiseResultRow extends PairwiseResultInput {
  id: string
  /** Append order within the table: higher = newer. */
  seq: number
  createdAt: string
}

function toRow(r: PairwiseResultTable): PairwiseResultRow {
  return {
    id: r.id,
    seq: r.seq,
    evaluatorRunId: r.evaluator_run_id,
    grayscaleTaskId: r.grayscale_task_id,
    caseKey: r.case_key,
    round: r.round,
    runIdA: r.run_id_a,
    sessionIdA: r.session_id_a,
    runIdB: r.run_id_b,
    sessionIdB: r.session_id_b,
    evaluatorId: r.evaluator_id,
    evaluatorVersion: r.evaluator_version,
    order: r.order as PairwiseOrder,
    status: r.status as 'done' | 'failed',
    winnerResponse: r.winner_response as PairwiseResultRow['winnerResponse'],
    winnerSide: r.winner_side as PairwiseResultRow['winnerSide'],
    reason: r.reason,
    rawOutput: r.raw_output,
    parseStrategy: r.parse_strategy as PairwiseParseStrategy | null,
    error: r.error,
    judgeTokens: judgeTokensOf(r),
    judgeCostUsd: r.judge_cost_usd,
    judgeInput: r.judge_input,
    judgeSessionId: r.judge_session_id,
    createdAt: r.created_at,
  }
}

export class PairwiseResultsRepo {
  constructor(private readonly sql: Sql) {}

  append(input: PairwiseResultInput): PairwiseResultRow {
    const { qb } = this.sql
    return this.sql.transaction(() => {
      const top = this.sql.first(qb.selectFrom('pairwise_result').select((eb) => eb.fn.max('seq').as('max')))
      const t = input.judgeTokens
      const row: PairwiseResultTable = {
        id: newId('pw'),
        seq: (top?.max ?? 0) + 1,
        evaluator_run_id: input.evaluatorRunId,
        grayscale_task_id: input.grayscaleTaskId,
        case_key: input.caseKey,
        round: input.round,
        run_id_a: input.runIdA,
        session_id_a: input.sessionIdA,
        run_id_b: input.runIdB,
        session_id_b: input.sessionIdB,
        evaluator_id: input.evaluatorId,
        evaluator_version: input.evaluatorVersion,
        order: input.order,
        status: input.status,
        winner_response: input.status === 'done' ? input.winnerResponse : null,
        winner_side: input.status === 'done' ? input.winnerSide : null,
        reason: input.reason,
        raw_output: input.rawOutput,
        parse_strategy: input.parseStrategy,
        error: input.error,
        ...judgeTokenColumns(t),
        judge_cost_usd: input.judgeCostUsd,
        judge_input: input.judgeInput,
        judge_session_id: input.judgeSessionId,
        created_at: nowIso(),
      }
      this.sql.run(qb.insertInto('pairwise_result').values(row))
      return toRow(row)
    })
  }

  /** Every judgement of the task, oldest first (history; the caller picks the current ones). */
  listByTask(grayscaleTaskId: string): PairwiseResultRow[] {
    const q = this.sql.qb
      .selectFrom('pairwise_result')
      .selectAll()
      .where('grayscale_task_id', '=', grayscaleTaskId)
      .orderBy('seq')
    return this.sql.all(q).map(toRow)
  }

  /** Changes whenever a judgement of the task is appended (part of the decision's cache key). */
  fingerprint(grayscaleTaskId: string): string {
    const row = this.sql.first(
      this.sql.qb
        .selectFrom('pairwise_result')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('seq').as('last')])
        .where('grayscale_task_id', '=', grayscaleTaskId),
    )
    return `${row?.n ?? 0}:${row?.last ?? 0}`
  }

  /** The judge's tokens and price of every judgement of the task (spend). */
  judgeCostsByTask(grayscaleTaskId: string): JudgeCost[] {
    return judgeCostsOf(this.sql, 'pairwise_result', grayscaleTaskId)
  }
}
