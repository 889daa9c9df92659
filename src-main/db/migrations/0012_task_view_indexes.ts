// Migration 12: indexes for what opening a task reads on every page load and live patch (docs/data-model.md).
// Its counts per status (taskRunCounts) read only this index, not the runs' rows; the runs left running or
// evaluating (reconcile) are found without reading the task's other runs; and the runs linked to an earlier
// task's execution (baseline reuse's savings), few or none, are found without reading any; a dataset's case
// keys come in order from an index.
import type { Migration } from './types'

const up = /* sql */ `
CREATE INDEX run_task_status ON run (task_id, status, failure_type, round, case_key);
CREATE INDEX run_task_reused ON run (task_id) WHERE reused_from_run_id IS NOT NULL;
CREATE INDEX dataset_case_order ON dataset_case (dataset_id, ordinal, case_key);
`

export const migration0012: Migration = { id: 12, name: 'task_view_indexes', up }
