// A run's status history (`run_status_change`): every change is appended in order, in the transaction that
// makes it (docs/run-states.md).
import type { FailureType, RunStatus } from '../../src-shared/run-state'
import type { Sql } from './sql'

/** Appends one change to the run's history; call inside the transaction that changes the run. */
export function recordStatusChange(
  sql: Sql,
  runId: string,
  from: RunStatus | null,
  to: RunStatus,
  failureType: FailureType | null,
  at: string,
): void {
  const { qb } = sql
  const last = sql.first(
    qb
      .selectFrom('run_status_change')
      .select((eb) => eb.fn.max('seq').as('max'))
      .where('run_id', '=', runId),
  )
  sql.run(
    qb.insertInto('run_status_change').values({
      run_id: runId,
      seq: (last?.max ?? 0) + 1,
      from_status: from,
      to_status: to,
      failure_type: failureType,
      at,
    }),
  )
}
