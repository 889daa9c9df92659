// Migration 2 on a database written before it: existing tasks become A/B tasks and keep their batch,
// listed with source grayscale-ab.
import { rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { BatchesRepo } from './batches'
import { openStore } from './connection'
import { databasePath } from './data-dir'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'
import { makeTempDir } from './store.fixture'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('migration 2 keeps every existing task an A/B task with its one batch', () => {
  dir = makeTempDir()
  const old = new Database(databasePath(dir))
  old.pragma('foreign_keys = ON')
  migrate(old, MIGRATIONS.slice(0, 1), 'skill-ab.db')
  const now = new Date().toISOString()
  old.prepare("INSERT INTO skill_version VALUES ('sv1', 'pirate', 'v1', 'sha256:x', '/s', ?)").run(now)
  old.prepare("INSERT INTO dataset VALUES ('ds1', '/d.jsonl', 'jsonl', 'sha256:d', 0, ?)").run(now)
  old
    .prepare(
      `INSERT INTO grayscale_task (id, task_name, skill_name, skill_version, config_json, evaluation_batch_id,
        status, skill_version_b_id, dataset_id, created_at, updated_at)
       VALUES ('t1', 'old task', 'pirate', 'v1', '{}', 'batch_old', 'done', 'sv1', 'ds1', ?, ?)`,
    )
    .run(now, now)
  old.close()

  const store = openStore(dir)
  try {
    expect(store.tasks.list().map((t) => [t.id, t.kind])).toEqual([['t1', 'ab']])
    expect(store.tasks.listKind('case')).toEqual([])
    expect(new BatchesRepo(store.sql).list().map((b) => [b.id, b.source, b.taskId])).toEqual([
      ['batch_old', 'grayscale-ab', 't1'],
    ])
    expect(() => store.db.prepare("UPDATE grayscale_task SET kind = 'other'").run()).toThrow(/CHECK/)
  } finally {
    store.close()
  }
})
