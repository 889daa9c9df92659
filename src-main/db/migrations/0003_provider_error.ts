// Migration 3: a run may fail with `provider_error` (the model provider's 5xx, 429, network or auth
// error: not the agent's fault). SQLite cannot change a CHECK constraint, so the `run` table is rebuilt by
// SQLite's documented procedure: create the new table, copy every row, drop the old one, rename the new
// one, recreate its indexes. Foreign keys are off meanwhile (`foreignKeysOff`): with them on, dropping
// `run` would cascade into every trajectory, event, result and status change that references it. No view
// or trigger refers to `run`; `run_status_change.failure_type` has no CHECK and needs no change.
//
// Before this migration a provider failure was stored as `agent_error`. Now that an attributable failure
// scores 0, such a run would count against its side: the fix-up reclassifies every failed `agent_error` run
// whose stored trajectory ends its errors with the model provider's (by the rule the drivers apply to a
// new run: `isProviderError`), and a finished task holding one is no longer finished (a plain run executes
// provider errors again). The status history keeps what was recorded then.
import type BetterSqlite3 from 'better-sqlite3'
import { errorInfo, isProviderError } from '../../../src-shared/provider-error'
import type { AgentEvent } from '../../../src-shared/agent-event'
import type { Migration } from './types'

const COLUMNS = `id, task_id, ordinal, case_key, round, side, status, failure_type, failure_message, attempt,
  session_id, pid, pid_start_time, instance_id, started_by, work_dir, case_hash, started_at, executed_at,
  finished_at, tokens_input, tokens_output, tokens_reasoning, tokens_cache_read, tokens_cache_write,
  cost_usd, skill_visible, skill_loaded, exit_code, final_output, evaluator_run_id, evaluation_result_id,
  score, created_at, updated_at`

const up = /* sql */ `
CREATE TABLE run_new (
  id                    TEXT PRIMARY KEY,
  task_id               TEXT NOT NULL REFERENCES grayscale_task (id) ON DELETE CASCADE,
  ordinal               INTEGER NOT NULL,
  case_key              TEXT NOT NULL,
  round                 INTEGER NOT NULL CHECK (round >= 1),
  side                  TEXT NOT NULL CHECK (side IN ('a', 'b')),
  status                TEXT NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'running', 'executed', 'evaluating', 'scored', 'failed', 'canceled')),
  failure_type          TEXT CHECK (failure_type IS NULL OR failure_type IN
                        ('agent_error', 'timeout', 'crashed', 'spawn_failed', 'interrupted', 'canceled',
                         'provider_error')),
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

INSERT INTO run_new (${COLUMNS}) SELECT ${COLUMNS} FROM run;
DROP TABLE run;
ALTER TABLE run_new RENAME TO run;

CREATE INDEX run_task_ordinal ON run (task_id, ordinal);
CREATE INDEX run_status ON run (status);
CREATE INDEX run_session ON run (session_id);
`

/** The last `error` event of every failed `agent_error` run, in order (a run's last one wins). */
const ERROR_EVENTS = /* sql */ `
SELECT e.run_id AS runId, e.event_json AS eventJson
FROM trajectory_event e
JOIN run r ON r.id = e.run_id
WHERE r.status = 'failed' AND r.failure_type = 'agent_error'
  AND (CASE WHEN json_valid(e.event_json) THEN json_extract(e.event_json, '$.type') END) = 'error'
ORDER BY e.run_id, e.seq
`

/** Failed `agent_error` runs whose last stored error is the model provider's become `provider_error`. */
export function reclassifyProviderErrors(db: BetterSqlite3.Database): number {
  const last = new Map<string, string>()
  for (const row of db.prepare(ERROR_EVENTS).all() as { runId: string; eventJson: string }[])
    last.set(row.runId, row.eventJson)
  const reclassify = db.prepare(
    "UPDATE run SET failure_type = 'provider_error' WHERE id = ? AND failure_type = 'agent_error'",
  )
  let changed = 0
  for (const [runId, eventJson] of last) {
    if (isProviderError(errorInfo(JSON.parse(eventJson) as AgentEvent)))
      changed += reclassify.run(runId).changes
  }
  if (changed > 0)
    db.exec(`UPDATE grayscale_task SET status = 'idle' WHERE status = 'done' AND id IN
      (SELECT task_id FROM run WHERE status = 'failed' AND failure_type = 'provider_error')`)
  return changed
}

export const migration0003: Migration = {
  id: 3,
  name: 'provider_error',
  up,
  foreignKeysOff: true,
  fixup: (db) => void reclassifyProviderErrors(db),
}
