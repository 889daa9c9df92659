// Migration 4: placeholder of issue 10 (blind and complete verdicts); filled in by the change that needs it.
import type { Migration } from './types'

const up = /* sql */ `
SELECT 1;
`

export const migration0004: Migration = { id: 4, name: 'skill_hash_recipe', up }
