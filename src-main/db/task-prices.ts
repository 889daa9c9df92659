// The prices a task ran with (`task_prices`, migration 10; docs/data-model.md): written when it starts.
import { taskPricesSchema, type TaskPrices } from '../../src-shared/prices'
import { nowIso } from './ids'
import type { Sql } from './sql'

export class TaskPricesRepo {
  constructor(private readonly sql: Sql) {}

  /** Records the prices the task starts with now (replacing those of an earlier start). */
  set(taskId: string, prices: TaskPrices): void {
    const row = { task_id: taskId, prices_json: JSON.stringify(prices), recorded_at: nowIso() }
    this.sql.run(
      this.sql.qb
        .insertInto('task_prices')
        .values(row)
        .onConflict((oc) =>
          oc.column('task_id').doUpdateSet({ prices_json: row.prices_json, recorded_at: row.recorded_at }),
        ),
    )
  }

  /** The task's prices; null when it never started with prices recorded (a task from before migration 10). */
  get(taskId: string): TaskPrices | null {
    const r = this.sql.first(
      this.sql.qb.selectFrom('task_prices').select('prices_json').where('task_id', '=', taskId),
    )
    if (!r) return null
    const parsed = taskPricesSchema.safeParse(JSON.parse(r.prices_json))
    return parsed.success ? parsed.data : null
  }
}
