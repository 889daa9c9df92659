// Repeated judgements of stored runs (`judge_repeat`, migration 16; docs/decision.md "Judge noise"): appended,
// never changed; read per task to measure the judge's test–retest sd.
import type { TokenCounts } from '../../src-shared/agent-event'
import { newId, nowIso } from './ids'
import { judgeTokenColumns, judgeTokensOf, type JudgeCost } from './judge-costs'
import type { Sql } from './sql'

export interface JudgeRepeatInput {
  taskId: string
  runId: string
  sessionId: string
  measurement: string
  pass: number
  evaluatorId: string
  status: 'done' | 'failed'
  score: number | null
  judgeTokens: TokenCounts
  judgeCostUsd: number | null
}

export type JudgeRepeatRow = JudgeRepeatInput & { id: string; createdAt: string }

export class JudgeRepeatsRepo {
  constructor(private readonly sql: Sql) {}

  append(r: JudgeRepeatInput): JudgeRepeatRow {
    const row = { id: newId('rep'), createdAt: nowIso(), ...r }
    this.sql.run(
      this.sql.qb.insertInto('judge_repeat').values({
        id: row.id,
        task_id: r.taskId,
        run_id: r.runId,
        session_id: r.sessionId,
        measurement: r.measurement,
        pass: r.pass,
        evaluator_id: r.evaluatorId,
        status: r.status,
        score: r.score,
        ...judgeTokenColumns(r.judgeTokens),
        judge_cost_usd: r.judgeCostUsd,
        created_at: row.createdAt,
      }),
    )
    return row
  }

  /** What each repeated judgement of the task cost (the task's spend counts them with its judgements). */
  judgeCostsByTask(taskId: string): JudgeCost[] {
    return this.listByTask(taskId).map((r) => ({ tokens: r.judgeTokens, costUsd: r.judgeCostUsd }))
  }

  /** How many repeated judgements the task has (part of its decision's cache key). */
  count(taskId: string): number {
    const r = this.sql.first(
      this.sql.qb
        .selectFrom('judge_repeat')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', taskId),
    )
    return Number(r?.n ?? 0)
  }

  /** Every repeated judgement of the task, oldest first. */
  listByTask(taskId: string): JudgeRepeatRow[] {
    return this.sql
      .all(
        this.sql.qb
          .selectFrom('judge_repeat')
          .selectAll()
          .where('task_id', '=', taskId)
          .orderBy('created_at'),
      )
      .map((r) => ({
        id: r.id,
        taskId: r.task_id,
        runId: r.run_id,
        sessionId: r.session_id,
        measurement: r.measurement,
        pass: r.pass,
        evaluatorId: r.evaluator_id,
        status: r.status,
        score: r.score,
        judgeTokens: judgeTokensOf(r),
        judgeCostUsd: r.judge_cost_usd,
        createdAt: r.created_at,
      }))
  }
}
