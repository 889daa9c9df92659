// Runs: one row per case × round × side; status changes are compare-and-set and recorded in order (docs/run-states.md).
import { sql, type Updateable } from 'kysely'
import {
  canTransition,
  EVALUATION_FAILURES,
  RUN_STATUSES,
  type FailureType,
  type RunStatus,
  type Side,
} from '../../src-shared/run-state'
import { forbiddenTransition, StoreError } from './errors'
import { newId, nowIso } from './ids'
import {
  RERUN_RESET,
  runPatchColumns,
  toRunRow,
  toStatusChange,
  type RunPatch,
  type RunRow,
  type RunStatusChange,
} from './run-rows'
import type { RunTable } from './schema'
import type { RunCounts } from '../../src-shared/task-summary'

type FailedPart = 'evaluation' | 'tampering' | 'execution'
import type { Sql } from './sql'
import { recordStatusChange } from './status-changes'
import { handOverTrajectory } from './baseline-links'
import { localUser } from './user'

export interface PendingRun {
  caseKey: string
  round: number
  side: Side
  /** Content hash of the case this run executes. */
  caseHash: string
}

export interface TransitionRequest {
  /** Statuses the run must be in for the change to happen (compare-and-set). */
  from: RunStatus[]
  to: RunStatus
  patch?: RunPatch
}

const EXECUTION_FAILURES: readonly FailureType[] = [
  'agent_error',
  'timeout',
  'crashed',
  'spawn_failed',
  'interrupted',
  'provider_error',
]

/** The failure_type the new status gets; throws when the state machine forbids it (docs/run-states.md). */
function failureTypeFor(
  run: RunRow,
  to: RunStatus,
  requested: FailureType | null | undefined,
): FailureType | null {
  if (to === 'canceled') return 'canceled'
  if (to !== 'failed') return null
  if (run.status === 'running') {
    if (requested && EXECUTION_FAILURES.includes(requested)) return requested
    throw forbiddenTransition(
      run.id,
      run.status,
      to,
      `an execution failure needs failureType in ${EXECUTION_FAILURES.join('|')}`,
    )
  }
  if (requested && !(run.status === 'evaluating' && EVALUATION_FAILURES.includes(requested))) {
    throw forbiddenTransition(
      run.id,
      run.status,
      to,
      `an evaluation failure has failureType null or ${EVALUATION_FAILURES.join('|')} (the execution is kept)`,
    )
  }
  return requested ?? null
}

/** Columns the repository sets itself for a status change (before the caller's patch). */
function automaticColumns(run: RunRow, to: RunStatus, now: string): Updateable<RunTable> {
  switch (to) {
    case 'pending':
      return { ...RERUN_RESET }
    case 'running':
      return { started_by: localUser(), started_at: now, attempt: run.attempt + 1, finished_at: null }
    case 'executed':
      return run.status === 'running' ? { executed_at: now } : {}
    case 'evaluating':
      return { score: null, evaluation_result_id: null, finished_at: null }
    default:
      return { finished_at: now }
  }
}

export class RunsRepo {
  constructor(private readonly sql: Sql) {}

  /** Adds pending runs, skipping (case, round, side) that exist (resume). Returns the runs added. */
  insertPending(taskId: string, rows: PendingRun[]): RunRow[] {
    const { qb } = this.sql
    return this.sql.transaction(() => {
      const top = this.sql.first(
        qb
          .selectFrom('run')
          .select((eb) => eb.fn.max('ordinal').as('max'))
          .where('task_id', '=', taskId),
      )
      let ordinal = (top?.max ?? -1) + 1
      const added: RunRow[] = []
      const now = nowIso()
      for (const r of rows) {
        const inserted = this.sql.first(
          qb
            .insertInto('run')
            .values({
              id: newId('run'),
              task_id: taskId,
              ordinal,
              case_key: r.caseKey,
              round: r.round,
              side: r.side,
              status: 'pending',
              attempt: 0,
              case_hash: r.caseHash,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.columns(['task_id', 'case_key', 'round', 'side']).doNothing())
            .returningAll(),
        )
        if (!inserted) continue
        ordinal += 1
        recordStatusChange(this.sql, inserted.id, null, 'pending', null, now)
        added.push(toRunRow(inserted))
      }
      return added
    })
  }

  /**
   * Removes the task's runs never started (pending, attempt 0) and those linked to another task's
   * execution (baseline reuse: nothing was paid for here); returns how many.
   */
  deleteUnstarted(taskId: string): number {
    return this.sql.transaction(() => {
      const unstarted = this.sql.qb
        .selectFrom('run')
        .select('id')
        .where('task_id', '=', taskId)
        .where('attempt', '=', 0)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb('reused_from_run_id', 'is not', null)]))
      const ids = this.sql.all(unstarted).map((r) => r.id)
      for (const id of ids) handOverTrajectory(this.sql, id)
      return ids.length ? this.sql.run(this.sql.qb.deleteFrom('run').where('id', 'in', ids)) : 0
    })
  }

  get(runId: string): RunRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('run').selectAll().where('id', '=', runId))
    return r ? toRunRow(r) : null
  }

  /** The task's runs in insertion order, optionally only those in `status` or of the cases `caseKeys`. */
  listByTask(taskId: string, opts: { status?: RunStatus[]; caseKeys?: readonly string[] } = {}): RunRow[] {
    let q = this.sql.qb.selectFrom('run').selectAll().where('task_id', '=', taskId)
    if (opts.status) q = q.where('status', 'in', opts.status.length ? opts.status : ['-'])
    if (opts.caseKeys) q = q.where('case_key', 'in', opts.caseKeys.length ? [...opts.caseKeys] : ['-'])
    // Filtered, the few rows are found by their index and sorted after (`+ordinal`): sorting by the
    // ordinal index would read every run of the task.
    const filtered = opts.status !== undefined || opts.caseKeys !== undefined
    return this.sql.all(q.orderBy(filtered ? sql`+ordinal` : 'ordinal')).map(toRunRow)
  }

  /** Runs of every task in these statuses (the reaper: running/evaluating runs of dead owners). */
  listByStatus(status: RunStatus[]): RunRow[] {
    if (status.length === 0) return []
    const q = this.sql.qb.selectFrom('run').selectAll().where('status', 'in', status)
    return this.sql.all(q.orderBy('task_id').orderBy('ordinal')).map(toRunRow)
  }

  /**
   * The task's runs per status, and how many of its failed runs failed at evaluation (their execution is
   * kept; the rest of `failed` failed to execute). With `scope`, only runs of the cases of dataset
   * `datasetId` (null, or a dataset without cases: every case) and rounds up to `maxRound` (null: every
   * round). The cases are selected in SQL: a task's counts are read on every live patch, and binding its
   * thousands of case keys cost more than the count.
   */
  /** What a failed run's failure_type says failed: its evaluation (null), the tamper screen, or its execution. */
  statusCounts(taskId: string, scope?: { datasetId: string | null; maxRound: number | null }): RunCounts {
    let q = this.sql.qb
      .selectFrom('run')
      .select((eb) => [
        'status',
        sql<FailedPart>`case when failure_type is null then 'evaluation' when failure_type = 'judge_tampering' then 'tampering' else 'execution' end`.as(
          'part',
        ),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('task_id', '=', taskId)
    if (scope?.maxRound != null) q = q.where('round', '<=', scope.maxRound)
    const datasetId = scope?.datasetId
    if (datasetId) {
      const cases = this.sql.qb
        .selectFrom('dataset_case')
        .select('case_key')
        .where('dataset_id', '=', datasetId)
      q = q.where((eb) => eb.or([eb('case_key', 'in', cases), eb.not(eb.exists(cases))]))
    }
    const rows = this.sql.all(q.groupBy(['status', 'part']))
    const runs = Object.fromEntries(RUN_STATUSES.map((s) => [s, 0])) as Record<RunStatus, number>
    let failedEvaluations = 0
    let tampered = 0
    for (const r of rows) {
      runs[r.status as RunStatus] += r.n
      if (r.status === 'failed' && r.part === 'evaluation') failedEvaluations += r.n
      if (r.status === 'failed' && r.part === 'tampering') tampered += r.n
    }
    return { runs, failedEvaluations, tampered }
  }

  /** The task's runs per status (every case and round). */
  countsByStatus(taskId: string): Record<RunStatus, number> {
    return this.statusCounts(taskId).runs
  }

  /**
   * Changes whenever anything a decision reads may have changed: a transition moves the status histogram,
   * a correction the score sum, a re-run the attempts; the latest update time catches the rest.
   */
  decisionFingerprint(taskId: string): string {
    const row = this.sql.first(
      this.sql.qb
        .selectFrom('run')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.max('updated_at').as('updated'),
          sql<number>`total(score)`.as('scores'),
          sql<number>`total(attempt)`.as('attempts'),
        ])
        .where('task_id', '=', taskId),
    )
    return JSON.stringify([row, this.countsByStatus(taskId)])
  }

  /** The run's status changes, oldest first (creation → pending included). */
  history(runId: string): RunStatusChange[] {
    return this.sql
      .all(this.sql.qb.selectFrom('run_status_change').selectAll().where('run_id', '=', runId).orderBy('seq'))
      .map(toStatusChange)
  }

  /**
   * Compare-and-set status change: applies `to` (+ patch) only if the run is in one of `from`, records it
   * in the status history, in one transaction. Returns the updated run, or null if it was not in `from`.
   * Throws a StoreError `forbidden_transition` when any `from → to` is forbidden by `canTransition`, or when
   * failureType does not fit (an execution failure needs one, an evaluation failure has none). Automatic: → running sets startedBy (local OS user), startedAt and attempt + 1;
   * → pending (re-run) clears everything the previous attempt produced; → evaluating clears the score;
   * → canceled sets failureType 'canceled'; other non-failed statuses clear the failure fields.
   */
  transition(runId: string, req: TransitionRequest): RunRow | null {
    for (const from of req.from) {
      if (!canTransition(from, req.to)) throw forbiddenTransition(runId, from, req.to)
    }
    return this.sql.transaction(() => {
      const run = this.get(runId)
      if (!run) throw new StoreError('not_found', `no run with id ${runId}`)
      if (!req.from.includes(run.status)) return null
      const patch = req.patch ?? {}
      const failureType = failureTypeFor(run, req.to, patch.failureType)
      const now = nowIso()
      const set: Updateable<RunTable> = {
        ...automaticColumns(run, req.to, now),
        ...runPatchColumns(patch),
        status: req.to,
        failure_type: failureType,
        updated_at: now,
      }
      if (req.to !== 'failed' && req.to !== 'canceled' && patch.failureMessage === undefined)
        set.failure_message = null
      const updated = this.sql.first(
        this.sql.qb
          .updateTable('run')
          .set(set)
          .where('id', '=', runId)
          .where('status', 'in', req.from)
          .returningAll(),
      )
      if (!updated) return null
      recordStatusChange(this.sql, runId, run.status, req.to, failureType, now)
      return toRunRow(updated)
    })
  }

  /**
   * Sets fields without a status change (pid on spawn, session id, tokens as they stream). With
   * `whenStatus`, only if the run is in one of those statuses. Returns the run, or null if not updated.
   */
  update(runId: string, patch: RunPatch, opts: { whenStatus?: RunStatus[] } = {}): RunRow | null {
    let q = this.sql.qb
      .updateTable('run')
      .set({ ...runPatchColumns(patch), updated_at: nowIso() })
      .where('id', '=', runId)
    if (opts.whenStatus) q = q.where('status', 'in', opts.whenStatus.length ? opts.whenStatus : ['-'])
    const updated = this.sql.transaction(() => this.sql.first(q.returningAll()))
    return updated ? toRunRow(updated) : null
  }
}
