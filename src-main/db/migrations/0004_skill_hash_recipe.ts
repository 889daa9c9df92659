// Migration 4: each skill version records the recipe its content hash was computed with. Rows written
// before it counted every file of the skill folder (recipe 1); from recipe 2 on, `evals/` and what
// `.skillabignore` lists are left out, so a resume compares the live folder by the stored row's recipe.
import type { Migration } from './types'

const up = /* sql */ `
ALTER TABLE skill_version ADD COLUMN hash_recipe INTEGER NOT NULL DEFAULT 1 CHECK (hash_recipe >= 1);
`

export const migration0004: Migration = { id: 4, name: 'skill_hash_recipe', up }
