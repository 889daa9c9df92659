// Storage faults and wrong references through the services the desktop app calls: each is a typed error
// with the message a user can act on (never a raw SQLITE_* code or errno), and nothing saved is lost.
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../test/support/tmpfs'
import { openStore, StoreError } from '../db'
import { seedTask } from '../db/store.fixture'
import { loadTaskConfig } from '../inputs/load-config'
import { InputError } from '../inputs/errors'
import { seedExportTask } from '../export/task.fixture'
import { UserError } from '../../src-shared/user-error'
import { openAppContext, type AppContext } from './app-context'
import { exportTask } from './export-task'
import { listTasks, openTask } from './list-tasks'
import { prepareTask } from './prepare-task'
import { reevaluateTask } from './reevaluate'

// Writes with synchronous=FULL and `doctor`'s opencode start-up take seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 })

let home: string
let ctx: AppContext | undefined
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'skill-ab-svc-fault-'))
})
afterEach(() => {
  ctx?.close()
  ctx = undefined
  rmSync(home, { recursive: true, force: true })
})

const open = (dataDir = join(home, 'data')): AppContext =>
  (ctx = openAppContext({ env: { SKILL_AB_HOME: dataDir, PATH: process.env.PATH }, kind: 'app' }))

async function rejection<E extends Error>(type: new (...a: never[]) => E, fn: () => unknown): Promise<E> {
  try {
    await fn()
  } catch (err) {
    expect(err).toBeInstanceOf(type)
    expect((err as Error).message).not.toMatch(/^SQLITE_|SqliteError/)
    return err as E
  }
  throw new Error(`expected a ${type.name}`)
}

describe('wrong references', () => {
  it('openTask: unknown and ambiguous names are not_found errors listing candidates', async () => {
    open()
    const a = seedTask(ctx!.store, 'same', 'v1')
    const b = seedTask(ctx!.store, 'same', 'v2')
    const unknown = await rejection(UserError, () => openTask(ctx!, 'nope'))
    expect(unknown.kind).toBe('not_found')
    expect(unknown.message).toMatch(/^no task "nope" \(neither a task id nor a task name\); known tasks:/)
    const ambiguous = await rejection(UserError, () => openTask(ctx!, 'same'))
    expect(ambiguous.kind).toBe('not_found')
    expect(ambiguous.message).toMatch(/^task name "same" is ambiguous: 2 tasks have it/)
    expect(ambiguous.message).toContain(a.id)
    expect(ambiguous.message).toContain(b.id)
  })

  it('exportTask: an unknown task id is a StoreError not_found', async () => {
    open()
    const err = await rejection(StoreError, () => exportTask(ctx!, 'task_nope', {}))
    expect(err.code).toBe('not_found')
    expect(err.message).toBe('no A/B task with id task_nope')
  })

  it('reevaluateTask: an unknown run id is an InputError; the task is released, nothing judged', async () => {
    open()
    const { task } = seedExportTask(ctx!.store, { cases: ['c1'], rounds: 1 })
    const err = await rejection(InputError, () =>
      reevaluateTask(ctx!, task, { runIds: ['run_nope'], signal: new AbortController().signal }),
    )
    expect(err.field).toBe('--runs')
    expect(err.message).toContain('no run run_nope in this task (its 2 runs: ')
    expect(ctx!.store.tasks.get(task.id)?.ownerInstanceId).toBeNull()
    expect(ctx!.store.evalResults.latestByTask(task.id)).toEqual([])
  })
})

describe('a database damaged after it was opened', () => {
  it('listTasks, openTask and exportTask throw StoreError not_a_database, naming the file', async () => {
    const dataDir = join(home, 'data')
    const store = openStore(dataDir)
    const task = seedTask(store, 'kept')
    const root = store.db
      .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'grayscale_task'")
      .pluck()
      .get()
    const pageSize = store.db.pragma('page_size', { simple: true }) as number
    store.close()
    const fd = openSync(join(dataDir, 'skill-ab.db'), 'r+')
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, ((root as number) - 1) * pageSize)
    closeSync(fd)

    open(dataDir)
    for (const call of [
      () => listTasks(ctx!),
      () => openTask(ctx!, 'kept'),
      () => exportTask(ctx!, task.id, {}),
    ]) {
      const err = await rejection(StoreError, call)
      expect(err.code).toBe('not_a_database')
      expect(err.message).toMatch(new RegExp(`^${join(dataDir, 'skill-ab.db')} is damaged \\(SQLITE_CORRUPT`))
    }
  })
})

const noTmpfs = tmpfsUnavailable()

describe.skipIf(noTmpfs !== null)(
  `a full or read-only data folder (tmpfs${noTmpfs ? `; SKIPPED: ${noTmpfs}` : ''})`,
  () => {
    let fs: Tmpfs
    beforeAll(() => {
      fs = mountTmpfs(8192)
    })
    afterEach(() => {
      ctx?.close()
      ctx = undefined
      fs.setReadOnly(false)
      fs.unfill()
      rmSync(join(fs.dir, 'data'), { recursive: true, force: true })
    })
    afterAll(() => fs?.unmount())

    const dataDir = (): string => join(fs.dir, 'data')
    const fullMessage = (): RegExp =>
      new RegExp(
        `disk full at ${dataDir()} \\([\\d.]+ [KM]B free, at least 64.0 MB needed\\): free at least [\\d.]+ MB, then run the same command again — nothing already saved is lost`,
      )

    /** A config whose dataset (about 1 MB) and skill live outside the tmpfs. */
    function config(skillExtraBytes = 0): ReturnType<typeof loadTaskConfig> {
      mkdirSync(join(home, 'skill'), { recursive: true })
      writeFileSync(
        join(home, 'skill', 'SKILL.md'),
        '---\nname: big-skill\ndescription: Use it.\n---\nBody.\n',
      )
      if (skillExtraBytes) writeFileSync(join(home, 'skill', 'data.txt'), 'x'.repeat(skillExtraBytes))
      const lines = Array.from({ length: 400 }, (_, i) =>
        JSON.stringify({ id: `c${i}`, prompt: `${i} `.repeat(600) }),
      )
      writeFileSync(join(home, 'cases.jsonl'), `${lines.join('\n')}\n`)
      const file = join(home, 'config.json')
      writeFileSync(
        file,
        JSON.stringify({
          name: 'big',
          skill: { path: './skill' },
          dataset: { path: './cases.jsonl' },
          repeatRounds: 1,
          agent: { model: 'scripted/agent' },
          judge: { model: 'other/judge' },
        }),
      )
      return loadTaskConfig(file)
    }

    it('openAppContext on a full disk or a read-only folder: StoreError disk_full / not_writable', async () => {
      open(dataDir()).close()
      ctx = undefined
      fs.fill(0)
      expect((await rejection(StoreError, () => open(dataDir()))).message).toMatch(fullMessage())
      fs.unfill()
      fs.setReadOnly(true)
      const ro = await rejection(StoreError, () => open(dataDir()))
      expect(ro.code).toBe('not_writable')
      expect(ro.message).toContain(`${dataDir()}: it is on a read-only file system (EROFS)`)
    })

    it('prepareTask filling the disk while importing the dataset: disk_full, nothing half-written, then it works', async () => {
      const loaded = config()
      open(dataDir())
      const saved = seedTask(ctx!.store, 'saved before')
      fs.fill(300 * 1024)
      const err = await rejection(StoreError, () => prepareTask(ctx!.store, loaded))
      expect(err.code).toBe('disk_full')
      expect(err.message).toMatch(fullMessage())
      expect(ctx!.store.tasks.list().map((t) => t.id)).toEqual([saved.id])
      ctx!.close()
      fs.unfill()
      open(dataDir())
      expect(ctx!.store.db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(prepareTask(ctx!.store, loaded).cases).toHaveLength(400) // "run the same command again"
    })

    it('prepareTask filling the disk while copying the skill snapshot: disk_full, no partial copy left', async () => {
      const loaded = config(600 * 1024)
      open(dataDir())
      fs.fill(300 * 1024)
      const err = await rejection(StoreError, () => prepareTask(ctx!.store, loaded))
      expect(err.code).toBe('disk_full')
      expect(err.message).toMatch(fullMessage())
      expect(readdirSync(join(dataDir(), 'skills', 'big-skill'))).toEqual([])
      expect(ctx!.store.tasks.list()).toEqual([])
    })
  },
)
