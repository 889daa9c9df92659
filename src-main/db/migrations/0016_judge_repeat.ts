// Migration 16: the judge's test–retest noise (docs/decision.md "Judge noise"): `reevaluate --repeat K` judges a
// sample of stored runs K times more, without executing anything. Each judgement is a row here, apart from
// the runs' own results, so a repeat never changes a run's score.
import type { Migration } from './types'

const up = /* sql */ `
CREATE TABLE judge_repeat (
  id              TEXT PRIMARY KEY,
  task_id         TEXT NOT NULL REFERENCES grayscale_task (id) ON DELETE CASCADE,
  run_id          TEXT NOT NULL REFERENCES run (id) ON DELETE CASCADE,
  session_id      TEXT NOT NULL,
  measurement     TEXT NOT NULL,
  pass            INTEGER NOT NULL CHECK (pass >= 1),
  evaluator_id    TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  score           REAL CHECK (score IS NULL OR (score >= 0 AND score <= 100)),
  judge_tokens_input        INTEGER NOT NULL DEFAULT 0,
  judge_tokens_output       INTEGER NOT NULL DEFAULT 0,
  judge_tokens_reasoning    INTEGER NOT NULL DEFAULT 0,
  judge_tokens_cache_read   INTEGER NOT NULL DEFAULT 0,
  judge_tokens_cache_write  INTEGER NOT NULL DEFAULT 0,
  judge_cost_usd  REAL,
  created_at      TEXT NOT NULL
) STRICT;
CREATE INDEX judge_repeat_task ON judge_repeat (task_id, measurement);
`

export const migration0016: Migration = { id: 16, name: 'judge_repeat', up }
