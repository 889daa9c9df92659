// Migration 9: baseline reuse (README "Baseline reuse", docs/data-model.md). A side-a run may take an earlier
// task's execution instead of running the agent again: `reuse_key` says what determined an a-run's execution,
// `reused_from_*` name the run (and its task) whose execution a linked run shows. The trajectory stays with
// the run that executed it, found by its session id; a copied judge result names the result it copies.
import type { Migration } from './types'

const up = /* sql */ `
ALTER TABLE run ADD COLUMN reuse_key TEXT;
ALTER TABLE run ADD COLUMN reused_from_run_id TEXT;
ALTER TABLE run ADD COLUMN reused_from_task_id TEXT;
ALTER TABLE trajectory_eval_result ADD COLUMN reused_from_result_id TEXT;
CREATE INDEX run_reuse ON run (reuse_key, case_hash) WHERE side = 'a' AND reuse_key IS NOT NULL;
CREATE INDEX trajectory_session ON trajectory (session_id);
`

export const migration0009: Migration = { id: 9, name: 'baseline_reuse', up }
