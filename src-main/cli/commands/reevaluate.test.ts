// `skill-ab reevaluate` refusals with a fake Io on a temp data dir: unknown or ambiguous task, wrong run ids,
// a run with nothing to judge. Each is exit 2 with the candidates named, and no task, run or result written.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type RunRow, type Store, type TaskRow } from '../../db'
import { seedTask } from '../../db/store.fixture'
import { drive, findRun, seedExportTask } from '../../export/task.fixture'
import { captureIo } from '../capture-io.fixture'
import { main } from '../main'
import { rejudgedText } from './reevaluate'

let home: string
let env: NodeJS.ProcessEnv
let task: TaskRow
let other: TaskRow
let runs: RunRow[]

function withStore<T>(fn: (store: Store) => T): T {
  const store = openStore(env.SKILL_AB_HOME as string)
  try {
    return fn(store)
  } finally {
    store.close()
  }
}

/** What a refused command must leave as it was: tasks (owner, status), runs, their history, results. */
function contents(): string {
  return withStore((store) =>
    JSON.stringify(
      ['grayscale_task', 'run', 'run_status_change', 'trajectory_eval_result', 'dataset'].map((t) =>
        store.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all(),
      ),
    ),
  )
}

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'skill-ab-reeval-'))
  env = { PATH: process.env.PATH, HOME: home, SKILL_AB_HOME: join(home, 'data') }
  withStore((store) => {
    const seeded = seedExportTask(store, { name: 'pirate v2 vs none', cases: ['c1'], rounds: 1 })
    task = seeded.task
    runs = seeded.runs
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 40 })
    other = seedTask(store, 'another task', 'v9')
    seedTask(store, 'shared', 'v1')
    seedTask(store, 'shared', 'v2')
  })
})
afterEach(() => rmSync(home, { recursive: true, force: true }))

async function reevaluate(...args: string[]) {
  const io = captureIo(env, home)
  const before = contents()
  const code = await main(['reevaluate', ...args], io)
  expect(contents()).toBe(before)
  expect(io.stdout).toBe('')
  return { code, stderr: io.stderr }
}

describe('skill-ab reevaluate refuses, writing nothing', () => {
  it('an unknown task: exit 2, the known tasks listed', async () => {
    const r = await reevaluate('nope')
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(
      /^skill-ab reevaluate: no task "nope" \(neither a task id nor a task name\); known tasks:\n/,
    )
    for (const id of [task.id, other.id]) expect(r.stderr).toContain(id)
  })

  it('an ambiguous task name: exit 2, both candidates with their skill version', async () => {
    const r = await reevaluate('shared')
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/task name "shared" is ambiguous: 2 tasks have it/)
    expect(r.stderr).toMatch(/"shared" {2}\(pirate-speak v1,/)
    expect(r.stderr).toMatch(/"shared" {2}\(pirate-speak v2,/)
  })

  it('a run id that does not exist: exit 2, naming it and the task’s runs', async () => {
    const r = await reevaluate(task.id, '--runs', `${runs[0]?.id},run_nope`)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--runs: no run run_nope in this task (its 2 runs: ')
    expect(r.stderr).toContain(`${findRun(runs, 'c1', 'b', 1).id} (c1 r1 b)`)
    expect(r.stderr).toContain('use run ids from `skill-ab export <task>`')
  })

  it("another task's run id is a wrong run id for this task", async () => {
    const foreign = withStore((store) =>
      store.runs.insertPending(other.id, [{ caseKey: 'c1', round: 1, side: 'a', caseHash: 'h' }]),
    )[0] as RunRow
    const r = await reevaluate('pirate v2 vs none', '--runs', foreign.id)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`--runs: no run ${foreign.id} in this task`)
  })

  it('a run that has not executed: exit 2, saying to re-run it instead', async () => {
    const pending = findRun(runs, 'c1', 'b', 1)
    const r = await reevaluate(task.id, '--runs', pending.id)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`--runs: ${pending.id} (pending) has no completed execution to judge`)
    expect(r.stderr).toContain('--rerun failed')
  })

  it('usage errors: --runs with no id, --failed with --runs, no task', async () => {
    for (const [args, message] of [
      [[task.id, '--runs', ','], /--runs needs at least one run id/],
      [[task.id, '--failed', '--runs', 'x'], /--failed and --runs exclude each other/],
      [[], /missing <task>/],
    ] as const) {
      const r = await reevaluate(...args)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(message)
    }
  })
})

describe('what reevaluate says about corrected runs', () => {
  const base = { batchId: 'batch_1', failed: 0, pairwise: null }
  it.each([
    { runs: 8, corrected: 0, want: 're-judged 8 runs (batch batch_1: 8 scored, 0 failed)' },
    {
      runs: 8,
      corrected: 2,
      want: 're-judged 8 runs, 2 of them corrected: their corrections stay in force (batch batch_1: 8 scored, 0 failed)',
    },
    {
      runs: 2,
      corrected: 1,
      want: 're-judged 2 runs, 1 of them corrected: its correction stays in force (batch batch_1: 2 scored, 0 failed)',
    },
    {
      runs: 1,
      corrected: 1,
      want: 're-judged 1 run, corrected: its correction stays in force (batch batch_1: 1 scored, 0 failed)',
    },
  ])('$runs runs, $corrected corrected', ({ runs: n, corrected, want }) =>
    expect(rejudgedText({ ...base, runs: n, scored: n, corrected })).toBe(want),
  )
})
