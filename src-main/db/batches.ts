// Evaluation batches (the `evaluation_batch` view, migration 2): one per task that has been judged, with
// its source and run counts. Case-analysis views exclude A/B batches; the evaluation center shows all
// (invariant 7). There is deliberately no way to force one batch in.
import { sql as raw } from 'kysely'
import type { Sql } from './sql'

export const BATCH_SOURCES = ['grayscale-ab', 'case-analysis'] as const
export type BatchSource = (typeof BATCH_SOURCES)[number]

export interface BatchRow {
  /** The batch id (`evaluator_run_id` of its results). */
  id: string
  source: BatchSource
  taskId: string
  name: string
  skillName: string
  skillVersion: string
  createdAt: string
  runs: number
  scored: number
  failed: number
  /** Each side's mean row score over its scored runs (null: none scored; a case analysis has side b only). */
  means: { a: number | null; b: number | null }
}

export class BatchesRepo {
  constructor(private readonly sql: Sql) {}

  /** Newest first; only batches of `source` when given. */
  list(opts: { source?: BatchSource } = {}): BatchRow[] {
    let q = this.sql.qb
      .selectFrom('evaluation_batch as b')
      .leftJoin('run as r', 'r.task_id', 'b.task_id')
      .select([
        'b.id',
        'b.source',
        'b.task_id',
        'b.name',
        'b.skill_name',
        'b.skill_version',
        'b.created_at',
        (eb) => eb.fn.count<number>('r.id').as('runs'),
        raw<number>`coalesce(sum(r.status = 'scored'), 0)`.as('scored'),
        raw<number>`coalesce(sum(r.status = 'failed'), 0)`.as('failed'),
        raw<number | null>`avg(case when r.status = 'scored' and r.side = 'a' then r.score end)`.as('mean_a'),
        raw<number | null>`avg(case when r.status = 'scored' and r.side = 'b' then r.score end)`.as('mean_b'),
      ])
      .groupBy('b.id')
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id')
    if (opts.source) q = q.where('b.source', '=', opts.source)
    return this.sql.all(q).map((r) => ({
      id: r.id,
      source: r.source as BatchSource,
      taskId: r.task_id,
      name: r.name,
      skillName: r.skill_name,
      skillVersion: r.skill_version,
      createdAt: r.created_at,
      runs: Number(r.runs),
      scored: Number(r.scored),
      failed: Number(r.failed),
      means: { a: roundedMean(r.mean_a), b: roundedMean(r.mean_b) },
    }))
  }
}

function roundedMean(mean: number | null): number | null {
  return mean === null ? null : Math.round(Number(mean) * 100) / 100
}
