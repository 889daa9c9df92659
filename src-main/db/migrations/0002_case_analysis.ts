// Migration 2: case analyses share the A/B machinery — runs, trajectories, results —
// and are told apart by `grayscale_task.kind`. `evaluation_batch` is derived (each task has exactly one
// batch id, invariant 1), so it can never disagree with the tasks: a view, not a second copy.
import type { Migration } from './types'

const up = /* sql */ `
ALTER TABLE grayscale_task ADD COLUMN kind TEXT NOT NULL DEFAULT 'ab' CHECK (kind IN ('ab', 'case'));
CREATE INDEX grayscale_task_kind ON grayscale_task (kind, created_at);

CREATE VIEW evaluation_batch AS
SELECT
  t.evaluation_batch_id AS id,
  CASE t.kind WHEN 'ab' THEN 'grayscale-ab' ELSE 'case-analysis' END AS source,
  t.id AS task_id,
  t.task_name AS name,
  t.skill_name AS skill_name,
  t.skill_version AS skill_version,
  t.created_at AS created_at
FROM grayscale_task t
WHERE t.evaluation_batch_id IS NOT NULL;
`

export const migration0002: Migration = { id: 2, name: 'case_analysis', up }
