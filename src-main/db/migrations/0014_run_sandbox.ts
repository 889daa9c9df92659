// Migration 14: the OS sandbox each run's agent ran in (docs/sandbox.md): JSON `{on, detail}`; NULL for a run
// that never started its agent or was stored before this migration.
import type { Migration } from './types'

const up = /* sql */ `
ALTER TABLE run ADD COLUMN sandbox TEXT CHECK (sandbox IS NULL OR json_valid(sandbox));
`

export const migration0014: Migration = { id: 14, name: 'run_sandbox', up }
