// Batch lists (invariant 7): the evaluation center shows every batch with its
// `source`; the case-analysis view shows case analyses only — A/B batches live on the A/B pages. The
// filter is clean: no parameter lets a "selected" batch back in. Listing reconciles, never starts work.
import { BatchesRepo, type BatchRow } from '../db'
import type { AppContext } from './app-context'
import { reconcileTask } from './reconcile'

export type BatchView = 'evaluation-center' | 'case-analysis'

export function listBatches(ctx: AppContext, view: BatchView): BatchRow[] {
  const repo = new BatchesRepo(ctx.store.sql)
  const listed = (): BatchRow[] => repo.list(view === 'case-analysis' ? { source: 'case-analysis' } : {})
  // Open = reconcile (invariant 4): unstick dead owners' runs and fill failed runs back, then read.
  for (const b of listed()) reconcileTask(ctx, b.taskId)
  return listed()
}
