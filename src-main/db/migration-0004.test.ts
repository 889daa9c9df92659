// Migration 4 on a database written before it: every existing skill version is recorded as hash recipe 1
// (every file counted), new ones as recipe 2, and the recipe is never 0 or missing.
import { rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { HASH_RECIPE } from '../inputs/skill-files'
import { openStore } from './connection'
import { databasePath } from './data-dir'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'
import { CURRENT_HASH_RECIPE } from './skill-versions'
import { makeTempDir } from './store.fixture'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('migration 4 marks every existing skill version as hash recipe 1, and new ones get the current recipe', () => {
  dir = makeTempDir()
  const old = new Database(databasePath(dir))
  migrate(old, MIGRATIONS.slice(0, 3), 'skill-ab.db')
  const now = new Date().toISOString()
  old
    .prepare("INSERT INTO skill_version VALUES ('sv1', 'pirate', 'ab12cd34', 'sha256:ab12', '/s', ?)")
    .run(now)
  old.close()

  const store = openStore(dir)
  try {
    expect(store.skillVersions.get('sv1')).toMatchObject({ contentHash: 'sha256:ab12', hashRecipe: 1 })
    const added = store.skillVersions.upsert('pirate', 'v2', 'sha256:ef56', '/s2')
    expect(added.hashRecipe).toBe(2)
    expect(CURRENT_HASH_RECIPE).toBe(HASH_RECIPE)
    // The same hash and label as the recipe-1 row is that row (same files): its recipe is kept.
    expect(store.skillVersions.upsert('pirate', 'ab12cd34', 'sha256:ab12', '/s3', 2)).toMatchObject({
      id: 'sv1',
      hashRecipe: 1,
    })
    expect(() => store.db.prepare("UPDATE skill_version SET hash_recipe = 0 WHERE id = 'sv1'").run()).toThrow(
      /CHECK/,
    )
  } finally {
    store.close()
  }
})
