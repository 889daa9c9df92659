// Migration 3 on a database written at schema 2: the run table is rebuilt to accept `provider_error`,
// nothing that hangs off a run (status history, trajectory and its events, judge results) is lost, and a
// provider failure stored as `agent_error` before it (no way to say otherwise then) becomes `provider_error`.
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

const TABLES = ['run', 'run_status_change', 'trajectory', 'trajectory_event', 'trajectory_eval_result']
const T = '2026-01-01T00:00:00.000Z'

/** opencode's error event for the model provider answering HTTP 503 (as a run stored it). */
const HTTP_503 = {
  type: 'error',
  sessionID: 'ses_5',
  error: {
    name: 'APIError',
    data: { message: 'Service Unavailable', statusCode: 503, isRetryable: true, responseBody: '{}' },
  },
}
/** The provider unreachable: no status, opencode's network message. */
const UNREACHABLE = {
  type: 'error',
  error: {
    name: 'APIError',
    data: { message: 'Cannot connect to API: Unable to connect. Is the computer able to access the url?' },
  },
}
/** The agent's own request was too long for the model: the agent's error. */
const CONTEXT_OVERFLOW = {
  type: 'error',
  error: {
    name: 'ContextOverflowError',
    data: { message: 'prompt is too long: 210000 tokens > 200000 maximum' },
  },
}

/** A schema-2 database holding one task with six runs in different states and everything they own. */
function writeSchema2Database(file: string): void {
  const db = new Database(file)
  db.pragma('foreign_keys = ON')
  migrate(db, MIGRATIONS.slice(0, 2), 'skill-ab.db')
  db.exec(`
    INSERT INTO instance VALUES ('inst1', 123, 'st', 'host', 'cli', '${T}');
    INSERT INTO skill_version VALUES ('sv1', 'pirate', 'v1', 'sha256:x', '/s', '${T}');
    INSERT INTO dataset VALUES ('ds1', '/d.jsonl', 'jsonl', 'sha256:d', 2, '${T}');
    INSERT INTO grayscale_task (id, task_name, skill_name, skill_version, config_json, evaluation_batch_id,
      status, skill_version_b_id, dataset_id, created_at, updated_at)
      VALUES ('t1', 'old task', 'pirate', 'v1', '{}', 'batch1', 'done', 'sv1', 'ds1', '${T}', '${T}');
  `)
  const run = db.prepare(
    `INSERT INTO run (id, task_id, ordinal, case_key, round, side, status, failure_type, failure_message,
       attempt, instance_id, case_hash, tokens_input, tokens_output, cost_usd, skill_loaded, final_output,
       evaluation_result_id, score, created_at, updated_at)
     VALUES (?, 't1', ?, ?, 1, ?, ?, ?, ?, ?, 'inst1', 'h', ?, 7, 0.25, ?, ?, ?, ?, '${T}', '${T}')`,
  )
  run.run('r1', 0, 'c1', 'a', 'scored', null, null, 1, 1200, 0, 'answer one', 'er1', 80)
  run.run(
    'r2',
    1,
    'c1',
    'b',
    'failed',
    'agent_error',
    'APIError (HTTP 400): too long',
    1,
    50,
    1,
    '',
    null,
    null,
  )
  run.run('r3', 2, 'c2', 'a', 'failed', 'interrupted', 'the app stopped', 1, 0, null, null, null, null)
  run.run('r4', 3, 'c2', 'b', 'pending', null, null, 0, 0, null, null, null, null)
  run.run(
    'r5',
    4,
    'c3',
    'a',
    'failed',
    'agent_error',
    'APIError (HTTP 503): Service Unavailable',
    1,
    0,
    0,
    '',
    null,
    null,
  )
  run.run(
    'r6',
    5,
    'c3',
    'b',
    'failed',
    'agent_error',
    'APIError: Cannot connect to API',
    1,
    0,
    0,
    '',
    null,
    null,
  )
  const change = db.prepare(`INSERT INTO run_status_change VALUES (?, ?, ?, ?, ?, '${T}')`)
  for (const [seq, from, to] of [
    [1, null, 'pending'],
    [2, 'pending', 'running'],
    [3, 'running', 'executed'],
    [4, 'executed', 'evaluating'],
    [5, 'evaluating', 'scored'],
  ] as const)
    change.run('r1', seq, from, to, null)
  change.run('r2', 1, 'running', 'failed', 'agent_error')
  change.run('r5', 1, 'running', 'failed', 'agent_error')
  db.prepare(
    `INSERT INTO trajectory VALUES ('r1', 'ses_1', 'say hi', 'answer one', '+diff', '', '${T}')`,
  ).run()
  const event = db.prepare('INSERT INTO trajectory_event VALUES (?, ?, ?)')
  for (let seq = 1; seq <= 3; seq++) event.run('r1', seq, JSON.stringify({ type: 'text', seq }))
  event.run('r2', 1, JSON.stringify({ type: 'step_start' }))
  event.run('r2', 2, JSON.stringify(CONTEXT_OVERFLOW))
  // A provider error first, then the agent's own: the last error decides.
  event.run('r2', 3, JSON.stringify(HTTP_503))
  event.run('r2', 4, JSON.stringify(CONTEXT_OVERFLOW))
  event.run('r5', 1, JSON.stringify({ type: 'step_start' }))
  event.run('r5', 2, JSON.stringify(HTTP_503))
  event.run('r6', 1, JSON.stringify(UNREACHABLE))
  db.prepare(
    `INSERT INTO trajectory_eval_result (id, seq, evaluator_run_id, run_id, grayscale_task_id, evaluator_id,
       status, score, reason, correction_json, created_at)
     VALUES ('er1', 1, 'batch1', 'r1', 't1', 'judge', 'done', 80, 'fine', '{"score":90}', '${T}')`,
  ).run()
  db.close()
}

function counts(db: Database.Database): Record<string, number> {
  return Object.fromEntries(
    TABLES.map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]),
  )
}

it('migration 3 keeps every run, status change, trajectory, event and result, and accepts provider_error', () => {
  dir = makeTempDir()
  const file = databasePath(dir)
  writeSchema2Database(file)
  const before = (() => {
    const db = new Database(file, { readonly: true })
    try {
      return counts(db)
    } finally {
      db.close()
    }
  })()
  expect(before).toEqual({
    run: 6,
    run_status_change: 7,
    trajectory: 1,
    trajectory_event: 10,
    trajectory_eval_result: 1,
  })

  const store = openStore(dir)
  try {
    const db = store.db
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(3)
    expect(counts(db)).toEqual(before)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(store.runs.get('r1')).toMatchObject({
      status: 'scored',
      score: 80,
      finalOutput: 'answer one',
      instanceId: 'inst1',
      evaluationResultId: 'er1',
      costUsd: 0.25,
    })
    expect(store.runs.get('r2')).toMatchObject({
      failureType: 'agent_error',
      failureMessage: 'APIError (HTTP 400): too long',
    })
    expect(store.runs.history('r1').map((c) => c.to)).toEqual([
      'pending',
      'running',
      'executed',
      'evaluating',
      'scored',
    ])
    expect(
      db.prepare("SELECT event_json FROM trajectory_event WHERE run_id = 'r1' AND seq = 3").get(),
    ).toEqual({
      event_json: '{"type":"text","seq":3}',
    })
    expect(db.prepare("SELECT correction_json FROM trajectory_eval_result WHERE id = 'er1'").get()).toEqual({
      correction_json: '{"score":90}',
    })
    // The rebuilt table has its indexes, and the tables that reference it still do (and are enforced).
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'run'")
      .all()
    expect(indexes.map((i) => (i as { name: string }).name)).toEqual(
      expect.arrayContaining(['run_task_ordinal', 'run_status', 'run_session']),
    )
    expect(db.pragma('foreign_key_list(trajectory_event)')).toEqual([
      expect.objectContaining({ table: 'run', from: 'run_id', on_delete: 'CASCADE' }),
    ])
    expect(() => db.prepare("INSERT INTO trajectory_event VALUES ('no-such-run', 1, '{}')").run()).toThrow(
      /FOREIGN KEY/,
    )
    expect(db.pragma('foreign_key_check')).toEqual([])

    // A provider failure can now be written, and the status history (no CHECK there) records it.
    store.runs.transition('r4', { from: ['pending'], to: 'running' })
    const failed = store.runs.transition('r4', {
      from: ['running'],
      to: 'failed',
      patch: { failureType: 'provider_error', failureMessage: 'APIError (HTTP 500): overloaded' },
    })
    expect(failed).toMatchObject({ status: 'failed', failureType: 'provider_error' })
    expect(store.runs.history('r4').at(-1)).toMatchObject({ to: 'failed', failureType: 'provider_error' })
    expect(() => db.prepare("UPDATE run SET failure_type = 'made_up' WHERE id = 'r4'").run()).toThrow(/CHECK/)
  } finally {
    store.close()
  }
})

it("migration 3: a provider failure stored as agent_error before it (HTTP 503, unreachable) becomes provider_error; the agent's own (context overflow) stays agent_error", () => {
  dir = makeTempDir()
  writeSchema2Database(databasePath(dir))
  const store = openStore(dir)
  try {
    // The last stored error decides: r2's provider error was followed by its own context overflow.
    expect(store.runs.get('r2')).toMatchObject({ status: 'failed', failureType: 'agent_error' })
    // Provider failures stored before provider_error existed: not the agent's (missing, never 0); the
    // task they are in is no longer done (a plain run executes them again); the history keeps its record.
    expect(store.runs.get('r5')).toMatchObject({
      status: 'failed',
      failureType: 'provider_error',
      failureMessage: 'APIError (HTTP 503): Service Unavailable',
    })
    expect(store.runs.get('r6')).toMatchObject({ status: 'failed', failureType: 'provider_error' })
    expect(store.runs.history('r5').map((c) => c.failureType)).toEqual(['agent_error'])
    expect(store.tasks.get('t1')).toMatchObject({ status: 'idle' })
  } finally {
    store.close()
  }
})
