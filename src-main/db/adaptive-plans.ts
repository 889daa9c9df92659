// A task's adaptive-rounds plan (migration 7): read and replaced whole, as the stopping rule returns it.
import type { AdaptivePlan } from '../stats/adaptive-rounds'
import { nowIso } from './ids'
import type { Sql } from './sql'

export class AdaptivePlansRepo {
  constructor(private readonly sql: Sql) {}

  get(taskId: string): AdaptivePlan | null {
    const row = this.sql.first(
      this.sql.qb.selectFrom('adaptive_plan').select('plan_json').where('grayscale_task_id', '=', taskId),
    )
    return row ? (JSON.parse(row.plan_json) as AdaptivePlan) : null
  }

  put(taskId: string, plan: AdaptivePlan): void {
    const planJson = JSON.stringify(plan)
    const updatedAt = nowIso()
    this.sql.run(
      this.sql.qb
        .insertInto('adaptive_plan')
        .values({ grayscale_task_id: taskId, plan_json: planJson, updated_at: updatedAt })
        .onConflict((oc) =>
          oc.column('grayscale_task_id').doUpdateSet({ plan_json: planJson, updated_at: updatedAt }),
        ),
    )
  }

  /** A task never started may change its config freely: its plan starts again. */
  delete(taskId: string): void {
    this.sql.run(this.sql.qb.deleteFrom('adaptive_plan').where('grayscale_task_id', '=', taskId))
  }
}
