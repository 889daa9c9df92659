// Migration 10: the prices a task ran with (docs/data-model.md): its agent model's and its judge model's, as
// opencode priced them when the task last started (USD per 1M tokens per kind). The cost gate weighs token
// kinds by them and the estimate turns tokens into dollars with them. One row per task, replaced on each start.
import type { Migration } from './types'

const up = /* sql */ `
CREATE TABLE task_prices (
  task_id      TEXT PRIMARY KEY REFERENCES grayscale_task (id) ON DELETE CASCADE,
  prices_json  TEXT NOT NULL,
  recorded_at  TEXT NOT NULL
) STRICT;
`

export const migration0010: Migration = { id: 10, name: 'task_prices', up }
