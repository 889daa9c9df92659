// Migration 7: the adaptive-rounds plan of a task (docs/decision.md, "Adaptive rounds"): rounds per case,
// the looks taken and why it stopped, as JSON, so that a resumed task (also after a crash) continues the
// same plan. One row per task with `adaptiveRounds` in its config; deleted with the task.
import type { Migration } from './types'

const up = /* sql */ `
CREATE TABLE adaptive_plan (
  grayscale_task_id  TEXT PRIMARY KEY REFERENCES grayscale_task (id) ON DELETE CASCADE,
  plan_json          TEXT NOT NULL,
  updated_at         TEXT NOT NULL
) STRICT;
`

export const migration0007: Migration = { id: 7, name: 'adaptive_plan', up }
