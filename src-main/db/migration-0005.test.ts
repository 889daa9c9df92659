// Migration 5 on a database written before it: a correction in force (carried by the latest result of its
// run and evaluator, for the run's current session) moves to run_correction; one already lost to a
// re-judge or made for an earlier execution does not come back.
import { rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { openStore } from './connection'
import { databasePath } from './data-dir'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'
import { makeTempDir } from './store.fixture'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const correction = (score: number, by = 'alice') =>
  JSON.stringify({ score, note: 'judge missed the fix', by, at: '2026-01-02T00:00:00.000Z' })

it('migration 5 moves every correction in force, and only those, to run_correction', () => {
  dir = makeTempDir()
  const old = new Database(databasePath(dir))
  old.pragma('foreign_keys = ON')
  migrate(old, MIGRATIONS.slice(0, 4), 'skill-ab.db')
  const now = '2026-01-01T00:00:00.000Z'
  old
    .prepare(
      "INSERT INTO skill_version (id, skill_name, label, content_hash, snapshot_dir, created_at) VALUES ('sv1', 'pirate', 'v1', 'sha256:x', '/s', ?)",
    )
    .run(now)
  old.prepare("INSERT INTO dataset VALUES ('ds1', '/d.jsonl', 'jsonl', 'sha256:d', 2, ?)").run(now)
  old
    .prepare(
      `INSERT INTO grayscale_task (id, task_name, skill_name, skill_version, config_json, evaluation_batch_id,
        status, skill_version_b_id, dataset_id, created_at, updated_at)
       VALUES ('t1', 'old task', 'pirate', 'v1', '{}', 'b1', 'done', 'sv1', 'ds1', ?, ?)`,
    )
    .run(now, now)
  const run = old.prepare(
    `INSERT INTO run (id, task_id, ordinal, case_key, round, side, status, session_id, case_hash, score,
      created_at, updated_at) VALUES (?, 't1', ?, ?, 1, 'b', 'scored', ?, 'h', ?, ?, ?)`,
  )
  run.run('r1', 0, 'c1', 'ses_now', 90, now, now)
  run.run('r2', 1, 'c2', 'ses_new', 50, now, now)
  let seq = 0
  const result = (runId: string, session: string, evaluatorId: string, score: number, corr: string | null) =>
    old
      .prepare(
        `INSERT INTO trajectory_eval_result (id, seq, evaluator_run_id, task_id, run_id, grayscale_task_id,
          evaluator_id, status, score, correction_json, created_at) VALUES (?, ?, 'b1', ?, ?, 't1', ?, 'done', ?, ?, ?)`,
      )
      .run(`res_${++seq}`, seq, session, runId, evaluatorId, score, corr, now)
  result('r1', 'ses_now', 'completion', 40, null)
  result('r1', 'ses_now', 'completion', 40, correction(90)) // in force: moves
  result('r1', 'ses_now', 'tone', 30, correction(70, 'bob'))
  result('r1', 'ses_now', 'tone', 35, null) // a re-judge already lost bob's correction: stays lost
  result('r2', 'ses_old', 'completion', 20, correction(80)) // an earlier execution of r2: does not apply
  old.close()

  const store = openStore(dir)
  try {
    expect(store.corrections.listByRun('r2')).toEqual([])
    const moved = store.corrections.listByRun('r1')
    expect(moved).toEqual([
      {
        id: 'cor_res_2',
        seq: 1,
        runId: 'r1',
        evaluatorId: 'completion',
        sessionId: 'ses_now',
        score: 90,
        note: 'judge missed the fix',
        by: 'alice',
        at: '2026-01-02T00:00:00.000Z',
        clearedAt: null,
        clearedBy: null,
      },
    ])
    expect(store.corrections.activeFor('r1', 'ses_now').map((c) => c.score)).toEqual([90])
    // New corrections continue the sequence.
    const next = store.corrections.add({
      runId: 'r1',
      evaluatorId: 'tone',
      sessionId: 'ses_now',
      score: 60,
      note: 'n',
      by: 'carol',
    })
    expect(next.seq).toBe(2)
  } finally {
    store.close()
  }
})
