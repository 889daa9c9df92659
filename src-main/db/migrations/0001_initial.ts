// Migration 1: the initial schema (docs/data-model.md). Applied migrations are frozen: never edit, append a new one.
import type { Migration } from './types'

const up = /* sql */ `
CREATE TABLE instance (
  id          TEXT PRIMARY KEY,
  pid         INTEGER NOT NULL,
  start_time  TEXT,
  hostname    TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('cli', 'app', 'serve')),
  started_at  TEXT NOT NULL
) STRICT;

CREATE TABLE skill_version (
  id            TEXT PRIMARY KEY,
  skill_name    TEXT NOT NULL,
  label         TEXT NOT NULL,
  content_hash  TEXT NOT NULL,
  snapshot_dir  TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  UNIQUE (skill_name, content_hash, label)
) STRICT;

CREATE TABLE dataset (
  id            TEXT PRIMARY KEY,
  path          TEXT NOT NULL,
  format        TEXT NOT NULL,
  content_hash  TEXT NOT NULL,
  case_count    INTEGER NOT NULL,
  created_at    TEXT NOT NULL
) STRICT;
CREATE INDEX dataset_path_hash ON dataset (path, format, content_hash);

CREATE TABLE dataset_case (
  id                 TEXT PRIMARY KEY,
  dataset_id         TEXT NOT NULL REFERENCES dataset (id) ON DELETE CASCADE,
  case_key           TEXT NOT NULL,
  ordinal            INTEGER NOT NULL,
  prompt             TEXT NOT NULL,
  files_json         TEXT NOT NULL DEFAULT '{}',
  expected_output    TEXT,
  expectations_json  TEXT NOT NULL DEFAULT '[]',
  tags_json          TEXT NOT NULL DEFAULT '[]',
  content_hash       TEXT NOT NULL,
  UNIQUE (dataset_id, case_key)
) STRICT;

CREATE TABLE evaluator (
  id            TEXT NOT NULL,
  version       INTEGER NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('llm', 'command')),
  name          TEXT,
  prompt        TEXT,
  command       TEXT,
  scale         INTEGER CHECK (scale IS NULL OR scale IN (100, 10, 5, 1)),
  weight        REAL NOT NULL DEFAULT 1,
  content_hash  TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  PRIMARY KEY (id, version),
  CHECK ((kind = 'llm' AND prompt IS NOT NULL) OR (kind = 'command' AND command IS NOT NULL))
) STRICT;

CREATE TABLE grayscale_task (
  id                   TEXT PRIMARY KEY,
  task_name            TEXT NOT NULL,
  skill_name           TEXT NOT NULL,
  skill_version        TEXT NOT NULL,
  config_json          TEXT NOT NULL,
  evaluation_batch_id  TEXT,
  status               TEXT NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'running', 'done', 'canceled')),
  owner_instance_id    TEXT REFERENCES instance (id),
  skill_version_a_id   TEXT REFERENCES skill_version (id),
  skill_version_b_id   TEXT NOT NULL REFERENCES skill_version (id),
  dataset_id           TEXT NOT NULL REFERENCES dataset (id),
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  UNIQUE (skill_name, skill_version, task_name)
) STRICT;

CREATE TABLE run (
  id                    TEXT PRIMARY KEY,
  task_id               TEXT NOT NULL REFERENCES grayscale_task (id) ON DELETE CASCADE,
  ordinal               INTEGER NOT NULL,
  case_key              TEXT NOT NULL,
  round                 INTEGER NOT NULL CHECK (round >= 1),
  side                  TEXT NOT NULL CHECK (side IN ('a', 'b')),
  status                TEXT NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'running', 'executed', 'evaluating', 'scored', 'failed', 'canceled')),
  failure_type          TEXT CHECK (failure_type IS NULL OR failure_type IN
                        ('agent_error', 'timeout', 'crashed', 'spawn_failed', 'interrupted', 'canceled')),
  failure_message       TEXT,
  attempt               INTEGER NOT NULL DEFAULT 0,
  session_id            TEXT,
  pid                   INTEGER,
  pid_start_time        TEXT,
  instance_id           TEXT REFERENCES instance (id),
  started_by            TEXT,
  work_dir              TEXT,
  case_hash             TEXT NOT NULL,
  started_at            TEXT,
  executed_at           TEXT,
  finished_at           TEXT,
  tokens_input          INTEGER NOT NULL DEFAULT 0,
  tokens_output         INTEGER NOT NULL DEFAULT 0,
  tokens_reasoning      INTEGER NOT NULL DEFAULT 0,
  tokens_cache_read     INTEGER NOT NULL DEFAULT 0,
  tokens_cache_write    INTEGER NOT NULL DEFAULT 0,
  cost_usd              REAL,
  skill_visible         INTEGER CHECK (skill_visible IS NULL OR skill_visible IN (0, 1)),
  skill_loaded          INTEGER CHECK (skill_loaded IS NULL OR skill_loaded IN (0, 1)),
  exit_code             INTEGER,
  final_output          TEXT,
  evaluator_run_id      TEXT,
  evaluation_result_id  TEXT,
  score                 REAL,
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL,
  UNIQUE (task_id, case_key, round, side)
) STRICT;
CREATE INDEX run_task_ordinal ON run (task_id, ordinal);
CREATE INDEX run_status ON run (status);
CREATE INDEX run_session ON run (session_id);

CREATE TABLE run_status_change (
  run_id        TEXT NOT NULL REFERENCES run (id) ON DELETE CASCADE,
  seq           INTEGER NOT NULL,
  from_status   TEXT,
  to_status     TEXT NOT NULL,
  failure_type  TEXT,
  at            TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE trajectory (
  run_id        TEXT PRIMARY KEY REFERENCES run (id) ON DELETE CASCADE,
  session_id    TEXT,
  prompt        TEXT,
  final_output  TEXT,
  diff          TEXT,
  stderr_tail   TEXT,
  updated_at    TEXT NOT NULL
) STRICT;

CREATE TABLE trajectory_event (
  run_id      TEXT NOT NULL REFERENCES run (id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  event_json  TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE trajectory_eval_result (
  id                        TEXT PRIMARY KEY,
  seq                       INTEGER NOT NULL UNIQUE,
  evaluator_run_id          TEXT NOT NULL,
  task_id                   TEXT,
  run_id                    TEXT REFERENCES run (id) ON DELETE CASCADE,
  grayscale_task_id         TEXT REFERENCES grayscale_task (id) ON DELETE CASCADE,
  evaluator_id              TEXT NOT NULL,
  evaluator_version         INTEGER NOT NULL DEFAULT 1,
  status                    TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  score                     REAL,
  reason                    TEXT,
  raw_output                TEXT,
  parse_strategy            TEXT CHECK (parse_strategy IS NULL OR parse_strategy IN
                            ('direct_json', 'repaired_json', 'regex_json', 'regex_score')),
  error                     TEXT,
  judge_tokens_input        INTEGER NOT NULL DEFAULT 0,
  judge_tokens_output       INTEGER NOT NULL DEFAULT 0,
  judge_tokens_reasoning    INTEGER NOT NULL DEFAULT 0,
  judge_tokens_cache_read   INTEGER NOT NULL DEFAULT 0,
  judge_tokens_cache_write  INTEGER NOT NULL DEFAULT 0,
  judge_cost_usd            REAL,
  correction_json           TEXT,
  judge_input               TEXT,
  raw_analysis_json         TEXT,
  created_at                TEXT NOT NULL
) STRICT;
CREATE INDEX eval_result_run ON trajectory_eval_result (run_id, evaluator_id, seq);
CREATE INDEX eval_result_batch ON trajectory_eval_result (evaluator_run_id);
CREATE INDEX eval_result_task ON trajectory_eval_result (grayscale_task_id);
CREATE INDEX eval_result_session ON trajectory_eval_result (task_id);
`

export const migration0001: Migration = { id: 1, name: 'initial', up }
