// Migration 13: the evidence of every run and trigger probe — the skills its opencode offered, read just before
// its session (docs/opencode.md "Evidence per run"): JSON `[{name, location}]`, built-ins left out; NULL for a
// row without evidence (it never started a session, or it was stored before this migration).
import type { Migration } from './types'

const up = /* sql */ `
ALTER TABLE run ADD COLUMN offered_skills TEXT CHECK (offered_skills IS NULL OR json_valid(offered_skills));
ALTER TABLE trigger_probe ADD COLUMN offered_skills TEXT CHECK (offered_skills IS NULL OR json_valid(offered_skills));
`

export const migration0013: Migration = { id: 13, name: 'offered_skills', up }
