// Migration 8: trigger evaluation (docs/triggers.md). A trigger task is a set of queries probed on one or two
// descriptions of a skill; its queries, config and skill versions are stored with it (it acts from the store).
// One probe row per (task, version, query, round): written before it runs, its choice written when it ends.
import type { Migration } from './types'

const up = /* sql */ `
CREATE TABLE trigger_task (
  id                  TEXT PRIMARY KEY,
  name                TEXT NOT NULL,
  -- What the probes depend on (config, set, skills, competing skills, model): same fingerprint, same task.
  fingerprint         TEXT NOT NULL UNIQUE,
  config_json         TEXT NOT NULL,
  queries_json        TEXT NOT NULL,
  set_file            TEXT NOT NULL,
  skill_version_b_id  TEXT NOT NULL REFERENCES skill_version (id),
  skill_version_a_id  TEXT REFERENCES skill_version (id),
  competing_json      TEXT NOT NULL,
  status              TEXT NOT NULL CHECK (status IN ('idle', 'running', 'done', 'canceled')),
  message             TEXT,
  owner_instance_id   TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
) STRICT;

CREATE TABLE trigger_probe (
  id                  TEXT PRIMARY KEY,
  trigger_task_id     TEXT NOT NULL REFERENCES trigger_task (id) ON DELETE CASCADE,
  version             TEXT NOT NULL CHECK (version IN ('a', 'b')),
  query_id            TEXT NOT NULL,
  round               INTEGER NOT NULL CHECK (round >= 1),
  status              TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'failed', 'canceled')),
  choice              TEXT CHECK (choice IN ('this', 'other', 'none')),
  skill               TEXT,
  step                INTEGER,
  steps               INTEGER NOT NULL DEFAULT 0,
  tokens_input        INTEGER NOT NULL DEFAULT 0,
  tokens_output       INTEGER NOT NULL DEFAULT 0,
  tokens_reasoning    INTEGER NOT NULL DEFAULT 0,
  tokens_cache_read   INTEGER NOT NULL DEFAULT 0,
  tokens_cache_write  INTEGER NOT NULL DEFAULT 0,
  cost_usd            REAL,
  duration_ms         INTEGER,
  message             TEXT,
  attempts            INTEGER NOT NULL DEFAULT 0,
  owner_instance_id   TEXT,
  started_at          TEXT,
  finished_at         TEXT,
  UNIQUE (trigger_task_id, version, query_id, round),
  -- A probe has a choice exactly when it is done.
  CHECK ((status = 'done') = (choice IS NOT NULL))
) STRICT;
`

export const migration0008: Migration = { id: 8, name: 'trigger_eval', up }
