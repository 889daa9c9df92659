// Evaluation batches (DESIGN §8.7): the evaluation center lists every batch with its `source`; case
// analysis lists plain evaluation batches only — an A/B task's batch never leaks into it.
import type { Store } from '../db'
import type { BatchView } from '../../src-shared/ipc-views'

export type BatchListView = 'center' | 'case-analysis'

export function listBatches(store: Store, view: BatchListView): BatchView[] {
  const { qb } = store.sql
  const rows = store.sql.all(
    qb
      .selectFrom('trajectory_eval_result as r')
      .leftJoin('grayscale_task as t', 't.evaluation_batch_id', 'r.evaluator_run_id')
      .select((eb) => [
        'r.evaluator_run_id as batchId',
        't.id as taskId',
        't.task_name as taskName',
        eb.fn.max('r.grayscale_task_id').as('boundTask'),
        eb.fn.countAll<number>().as('results'),
        eb.fn.sum<number>(eb.case().when('r.status', '=', 'failed').then(1).else(0).end()).as('failed'),
        eb.fn.min('r.created_at').as('createdAt'),
        eb.fn.max('r.created_at').as('updatedAt'),
      ])
      .groupBy(['r.evaluator_run_id', 't.id', 't.task_name'])
      .orderBy('updatedAt', 'desc'),
  )
  const batches = rows.map((r): BatchView => ({
    batchId: r.batchId,
    // A batch is an A/B task's when a task holds it or its results are bound to a task.
    source: r.taskId !== null || r.boundTask !== null ? 'ab-task' : 'evaluation',
    taskId: r.taskId ?? r.boundTask ?? null,
    taskName: r.taskName ?? null,
    results: Number(r.results),
    failed: Number(r.failed ?? 0),
    createdAt: String(r.createdAt),
    updatedAt: String(r.updatedAt),
  }))
  return view === 'center' ? batches : batches.filter((b) => b.source !== 'ab-task')
}
