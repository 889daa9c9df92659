// Evaluation batches for the UI (invariant 7): the evaluation center lists every batch with its `source`;
// the case-analysis view excludes A/B batches. The filtering (and the reconcile on open) is the service's.
import { listBatches as listBatchRows } from '../services/list-batches'
import type { AppContext } from '../services/app-context'
import type { BatchView } from '../../src-shared/ipc-views'

export type BatchListView = 'center' | 'case-analysis'

export function listBatches(ctx: AppContext, view: BatchListView): BatchView[] {
  return listBatchRows(ctx, view === 'center' ? 'evaluation-center' : 'case-analysis').map((b) => ({
    batchId: b.id,
    source: b.source,
    taskId: b.taskId,
    taskName: b.name,
    skillName: b.skillName,
    skillVersion: b.skillVersion,
    runs: b.runs,
    scored: b.scored,
    failed: b.failed,
    means: b.means,
    createdAt: b.createdAt,
  }))
}
