// Migration 5: human corrections belong to a run's execution and an evaluator — (run, evaluator, session) —
// not to one judge result, so judging the run again keeps them in force. Rows are appended (a new correction
// of the same execution and evaluator supersedes the older one); clearing marks the row. A correction whose
// session is not the run's current one applied to an earlier execution and no longer counts.
//
// Until now a correction was a judge-result row carrying `correction_json`. Every correction in force today
// (the latest result of its run and evaluator carries it, and judged the run's current session) moves here;
// the column keeps its old values as history and is no longer written.
import type { Migration } from './types'

const up = /* sql */ `
CREATE TABLE run_correction (
  id            TEXT PRIMARY KEY,
  seq           INTEGER NOT NULL UNIQUE,
  run_id        TEXT NOT NULL REFERENCES run (id) ON DELETE CASCADE,
  evaluator_id  TEXT NOT NULL,
  session_id    TEXT NOT NULL,
  score         REAL NOT NULL CHECK (score >= 0 AND score <= 100),
  note          TEXT NOT NULL,
  corrected_by  TEXT NOT NULL,
  corrected_at  TEXT NOT NULL,
  cleared_at    TEXT,
  cleared_by    TEXT,
  CHECK ((cleared_at IS NULL) = (cleared_by IS NULL))
) STRICT;
CREATE INDEX run_correction_run ON run_correction (run_id, evaluator_id, session_id, seq);

INSERT INTO run_correction
  (id, seq, run_id, evaluator_id, session_id, score, note, corrected_by, corrected_at)
SELECT
  'cor_' || r.id,
  ROW_NUMBER() OVER (ORDER BY r.seq),
  r.run_id,
  r.evaluator_id,
  r.task_id,
  json_extract(r.correction_json, '$.score'),
  coalesce(json_extract(r.correction_json, '$.note'), ''),
  coalesce(json_extract(r.correction_json, '$.by'), 'unknown'),
  coalesce(json_extract(r.correction_json, '$.at'), r.created_at)
FROM trajectory_eval_result r
JOIN run ON run.id = r.run_id
WHERE r.correction_json IS NOT NULL
  AND json_valid(r.correction_json)
  AND json_type(r.correction_json, '$.score') IN ('integer', 'real')
  AND json_extract(r.correction_json, '$.score') BETWEEN 0 AND 100
  AND r.task_id IS NOT NULL
  AND r.task_id = run.session_id
  AND r.seq = (
    SELECT max(r2.seq) FROM trajectory_eval_result r2
    WHERE r2.run_id = r.run_id AND r2.evaluator_id = r.evaluator_id
  );
`

export const migration0005: Migration = { id: 5, name: 'run_correction', up }
