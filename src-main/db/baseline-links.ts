// Baseline reuse in the database (README "Baseline reuse", docs/data-model.md): which earlier a-runs may give
// their execution to a run of another task, linking them, and keeping a linked execution's trajectory alive
// when the run that executed it is executed again or its task deleted.
import { offeredColumn } from './run-rows'
import { sandboxColumn } from '../../src-shared/run-sandbox'
import { sql as raw } from 'kysely'
import type { ReuseSavings } from '../../src-shared/reuse'
import { nowIso } from './ids'
import { toRunRow, type RunRow } from './run-rows'
import type { Sql } from './sql'
import { recordStatusChange } from './status-changes'

const TOKENS = raw`tokens_input + tokens_output + tokens_reasoning + tokens_cache_read + tokens_cache_write`
const JUDGE_TOKENS = raw`e.judge_tokens_input + e.judge_tokens_output + e.judge_tokens_reasoning + e.judge_tokens_cache_read + e.judge_tokens_cache_write`

/** A run whose execution completed (an evaluation may have failed since): never an execution failure. */
const EXECUTED_STATUSES = ['executed', 'evaluating', 'scored'] as const

export class BaselineLinksRepo {
  constructor(private readonly sql: Sql) {}

  /** Records what will determine these a-runs' execution (set before they execute). */
  setReuseKey(runIds: readonly string[], key: string): void {
    if (runIds.length === 0) return
    this.sql.transaction(() =>
      this.sql.run(
        this.sql.qb
          .updateTable('run')
          .set({ reuse_key: key })
          .where('id', 'in', [...runIds])
          .where('side', '=', 'a'),
      ),
    )
  }

  /**
   * The task's a-runs that may take an earlier execution: pending, never started, never reset — a run the
   * user re-ran (its history holds more than its creation) is executed, never linked again.
   */
  linkable(taskId: string): RunRow[] {
    const q = this.sql.qb
      .selectFrom('run')
      .selectAll()
      .where('task_id', '=', taskId)
      .where('side', '=', 'a')
      .where('status', '=', 'pending')
      .where('attempt', '=', 0)
      .where(raw<boolean>`(SELECT count(*) FROM run_status_change c WHERE c.run_id = run.id) = 1`)
      .orderBy('ordinal')
    return this.sql.all(q).map(toRunRow)
  }

  /**
   * Executed a-runs of other A/B tasks with this reuse key and case hash, oldest execution first: whatever
   * happened to their judgement since, their execution completed. One per session (a linked run shares it).
   */
  donors(key: string, caseHash: string, exceptTaskId: string): RunRow[] {
    const q = this.sql.qb
      .selectFrom('run')
      .innerJoin('grayscale_task as t', 't.id', 'run.task_id')
      .selectAll('run')
      .where('run.side', '=', 'a')
      .where('run.reuse_key', '=', key)
      .where('run.case_hash', '=', caseHash)
      .where('run.task_id', '!=', exceptTaskId)
      .where('t.kind', '=', 'ab')
      .where('run.session_id', 'is not', null)
      .where('run.executed_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('run.status', 'in', [...EXECUTED_STATUSES]),
          eb.and([eb('run.status', '=', 'failed'), eb('run.failure_type', 'is', null)]),
        ]),
      )
      .orderBy('run.executed_at')
      .orderBy('run.id')
    const seen = new Set<string>()
    return this.sql
      .all(q)
      .map(toRunRow)
      .filter((r) => !seen.has(r.sessionId as string) && seen.add(r.sessionId as string))
  }

  /**
   * What the task's linked runs saved: how many, how many kept copied judge results, the dollars of their
   * executions and of those results, and how many of these used tokens without a price.
   */
  savings(taskId: string): ReuseSavings {
    const runs = this.sql.first(
      this.sql.qb
        .selectFrom('run')
        .select([
          raw<number>`count(*)`.as('n'),
          raw<number>`total(cost_usd)`.as('usd'),
          raw<number>`total(cost_usd IS NULL AND ${TOKENS} > 0)`.as('unpriced'),
        ])
        .where('task_id', '=', taskId)
        .where('reused_from_run_id', 'is not', null),
    )
    const copies = this.sql.first(
      this.sql.qb
        .selectFrom('trajectory_eval_result as e')
        .innerJoin('run as r', (j) =>
          j.onRef('r.id', '=', 'e.run_id').onRef('r.session_id', '=', 'e.task_id'),
        )
        .select([
          raw<number>`count(DISTINCT e.run_id)`.as('runs'),
          raw<number>`total(e.judge_cost_usd)`.as('usd'),
          raw<number>`total(e.judge_cost_usd IS NULL AND ${JUDGE_TOKENS} > 0)`.as('unpriced'),
        ])
        .where('r.task_id', '=', taskId)
        .where('r.reused_from_run_id', 'is not', null)
        .where('e.reused_from_result_id', 'is not', null),
    )
    return {
      runs: runs?.n ?? 0,
      judged: copies?.runs ?? 0,
      usd: (runs?.usd ?? 0) + (copies?.usd ?? 0),
      unpriced: (runs?.unpriced ?? 0) + (copies?.unpriced ?? 0),
    }
  }

  /**
   * Links a never-started run to `donor`'s execution: pending → executed with the execution's fields (its
   * trajectory stays with the run that holds it). Compare-and-set; null when the run was no longer linkable.
   */
  link(runId: string, donor: RunRow): RunRow | null {
    return this.sql.transaction(() => {
      const now = nowIso()
      const origin = donor.reusedFrom ?? { runId: donor.id, taskId: donor.taskId }
      const updated = this.sql.first(
        this.sql.qb
          .updateTable('run')
          .set({
            status: 'executed',
            failure_type: null,
            failure_message: null,
            session_id: donor.sessionId,
            work_dir: donor.workDir,
            started_by: donor.startedBy,
            started_at: donor.startedAt,
            executed_at: donor.executedAt,
            tokens_input: donor.tokens.input,
            tokens_output: donor.tokens.output,
            tokens_reasoning: donor.tokens.reasoning,
            tokens_cache_read: donor.tokens.cacheRead,
            tokens_cache_write: donor.tokens.cacheWrite,
            cost_usd: donor.costUsd,
            offered_skills: offeredColumn(donor.offeredSkills),
            sandbox: sandboxColumn(donor.sandbox),
            skill_visible: donor.skillVisible === null ? null : donor.skillVisible ? 1 : 0,
            skill_loaded: donor.skillLoaded === null ? null : donor.skillLoaded ? 1 : 0,
            exit_code: donor.exitCode,
            final_output: donor.finalOutput,
            reuse_key: donor.reuseKey,
            reused_from_run_id: origin.runId,
            reused_from_task_id: origin.taskId,
            updated_at: now,
          })
          .where('id', '=', runId)
          .where('status', '=', 'pending')
          .where('attempt', '=', 0)
          .returningAll(),
      )
      if (!updated) return null
      recordStatusChange(this.sql, runId, 'pending', 'executed', null, now)
      return toRunRow(updated)
    })
  }
}

/**
 * Before the run's trajectory is forgotten (it executes again, or its task is deleted): if a linked run of
 * another task shows this execution, the trajectory moves to it instead — a reused execution outlives the
 * run that executed it. Call inside the transaction that forgets it.
 */
export function handOverTrajectory(sql: Sql, runId: string): void {
  const { qb } = sql
  const own = sql.first(qb.selectFrom('trajectory').select('session_id').where('run_id', '=', runId))
  if (!own?.session_id) return
  const heir = sql.first(
    qb
      .selectFrom('run')
      .select('id')
      .where('session_id', '=', own.session_id)
      .where('id', '!=', runId)
      .where('reused_from_run_id', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('trajectory as t').select('t.run_id').whereRef('t.run_id', '=', 'run.id')),
        ),
      )
      .orderBy('created_at')
      .limit(1),
  )
  if (!heir) return
  sql.run(qb.updateTable('trajectory').set({ run_id: heir.id }).where('run_id', '=', runId))
  sql.run(qb.updateTable('trajectory_event').set({ run_id: heir.id }).where('run_id', '=', runId))
}
