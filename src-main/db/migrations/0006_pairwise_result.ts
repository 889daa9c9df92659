// Migration 6: the pairwise judge's results. A comparison concerns two runs (side a and side b of one case
// and round), so it has its own append-only table, never `trajectory_eval_result`: a run's row score is
// made of its own evaluations only. One row is one judgement in one order; the latest row per (task, case,
// round, evaluator, order) for the runs' current sessions counts.
import type { Migration } from './types'

const up = /* sql */ `
CREATE TABLE pairwise_result (
  id                        TEXT PRIMARY KEY,
  seq                       INTEGER NOT NULL UNIQUE,
  evaluator_run_id          TEXT NOT NULL,
  grayscale_task_id         TEXT NOT NULL REFERENCES grayscale_task (id) ON DELETE CASCADE,
  case_key                  TEXT NOT NULL,
  round                     INTEGER NOT NULL CHECK (round >= 1),
  run_id_a                  TEXT NOT NULL REFERENCES run (id) ON DELETE CASCADE,
  session_id_a              TEXT NOT NULL,
  run_id_b                  TEXT NOT NULL REFERENCES run (id) ON DELETE CASCADE,
  session_id_b              TEXT NOT NULL,
  evaluator_id              TEXT NOT NULL,
  evaluator_version         INTEGER NOT NULL DEFAULT 1,
  "order"                   TEXT NOT NULL CHECK ("order" IN ('ab', 'ba')),
  status                    TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  winner_response           TEXT CHECK (winner_response IN ('1', '2', 'tie')),
  winner_side               TEXT CHECK (winner_side IN ('a', 'b', 'tie')),
  reason                    TEXT,
  raw_output                TEXT,
  parse_strategy            TEXT CHECK (parse_strategy IS NULL OR parse_strategy IN
                            ('direct_json', 'repaired_json', 'regex_json', 'regex_winner')),
  error                     TEXT,
  judge_tokens_input        INTEGER NOT NULL DEFAULT 0,
  judge_tokens_output       INTEGER NOT NULL DEFAULT 0,
  judge_tokens_reasoning    INTEGER NOT NULL DEFAULT 0,
  judge_tokens_cache_read   INTEGER NOT NULL DEFAULT 0,
  judge_tokens_cache_write  INTEGER NOT NULL DEFAULT 0,
  judge_cost_usd            REAL,
  judge_input               TEXT,
  judge_session_id          TEXT,
  created_at                TEXT NOT NULL,
  -- A done judgement names a winner both ways; a failed one names none.
  CHECK ((status = 'done') = (winner_response IS NOT NULL AND winner_side IS NOT NULL)),
  CHECK (status = 'done' OR (winner_response IS NULL AND winner_side IS NULL))
) STRICT;
CREATE INDEX pairwise_result_comparison
  ON pairwise_result (grayscale_task_id, case_key, round, evaluator_id, "order", seq);
CREATE INDEX pairwise_result_run_a ON pairwise_result (run_id_a);
CREATE INDEX pairwise_result_run_b ON pairwise_result (run_id_b);
`

export const migration0006: Migration = { id: 6, name: 'pairwise_result', up }
