// Every command that opens the data folder, against every storage fault: exit 2, one clear line naming the
// file or folder and what to do, nothing on stdout, and the data folder left exactly as it was.
import { createHash } from 'node:crypto'
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../test/support/tmpfs'
import { databasePath, openStore } from '../db'
import { seedTask } from '../db/store.fixture'
import { DAMAGES, fingerprint, goodDatabaseBytes } from '../db/damage.fixture'
import { captureIo } from './capture-io.fixture'
import { main } from './main'

// Writes with synchronous=FULL and `doctor`'s opencode start-up take seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 })

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

interface Condition {
  what: string
  /** Prepares the fault; returns the data folder to point SKILL_AB_HOME at. */
  setup(home: string): string
  /** The one message every command must give (without the `skill-ab <command>: ` prefix). */
  message(dataDir: string): RegExp
}

let good: Buffer
let fs: Tmpfs | undefined
const noTmpfs = tmpfsUnavailable()

const damaged: Condition[] = DAMAGES.map((d) => ({
  what: d.what,
  setup: (home) => {
    const dataDir = join(home, 'data')
    mkdirSync(dataDir)
    d.make(databasePath(dataDir), good)
    return dataDir
  },
  message: (dataDir) => new RegExp(`^${escape(databasePath(dataDir))} .*${d.message.source}`),
}))

const unwritable: Condition = {
  what: 'a data folder below a regular file',
  setup: (home) => {
    writeFileSync(join(home, 'a-file'), 'x')
    return join(home, 'a-file', 'data')
  },
  message: (dataDir) =>
    new RegExp(
      `^cannot write the Skill A/B data folder ${escape(dataDir)}: a file is in the way where a folder should be \\(ENOTDIR\\): .*SKILL_AB_HOME`,
    ),
}

/** An existing database on the tmpfs, then the fault. */
function onTmpfs(what: string, fault: (t: Tmpfs) => void, message: Condition['message']): Condition {
  return {
    what,
    setup: () => {
      const t = fs as Tmpfs
      const dataDir = join(t.dir, 'data')
      const store = openStore(dataDir)
      for (let i = 0; i < 3; i++) seedTask(store, `task ${i}`, `v${i}`)
      store.close()
      fault(t)
      return dataDir
    },
    message,
  }
}

const onTmpfsConditions: Condition[] = [
  onTmpfs(
    'a read-only file system',
    (t) => t.setReadOnly(true),
    (dataDir) =>
      new RegExp(
        `^cannot write the Skill A/B data folder ${escape(dataDir)}: it is on a read-only file system \\(EROFS\\)`,
      ),
  ),
  onTmpfs(
    'a full disk',
    (t) => t.fill(0),
    (dataDir) =>
      new RegExp(
        `^disk full at ${escape(dataDir)} \\([\\d.]+ [KM]B free, at least 64.0 MB needed\\): free at least [\\d.]+ MB, then run the same command again — nothing already saved is lost$`,
      ),
  ),
]

const commands: string[][] = [
  ['list'],
  ['list', '--json'],
  ['export', 'task 1'],
  ['export', 'task 1', '--out', 'out.json', '--markdown', 'out.md'],
  ['reevaluate', 'task 1'],
  ['reevaluate', 'task 1', '--runs', 'run_x'],
  ['run', 'config.json'],
  ['demo'],
  ['doctor'],
]

let home: string
beforeAll(() => {
  good = goodDatabaseBytes(mkdtempSync(join(tmpdir(), 'skill-ab-good-')))
  if (!noTmpfs) fs = mountTmpfs(1024)
})
afterEach(() => {
  if (fs) {
    fs.setReadOnly(false)
    fs.unfill()
    rmSync(join(fs.dir, 'data'), { recursive: true, force: true })
  }
  rmSync(home, { recursive: true, force: true })
})
afterAll(() => fs?.unmount())

function writeInputs(dir: string): void {
  mkdirSync(join(dir, 'skill'))
  writeFileSync(join(dir, 'skill', 'SKILL.md'), '---\nname: s\ndescription: Use it.\n---\nBody.\n')
  writeFileSync(join(dir, 'cases.jsonl'), '{"id":"c1","prompt":"hi"}\n')
  const config = {
    name: 't',
    skill: { path: './skill' },
    dataset: { path: './cases.jsonl' },
    agent: { model: 'scripted/agent' },
    judge: { model: 'other/judge' },
  }
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config))
}

async function runIn(argv: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const io = captureIo(env, cwd)
  const code = await main(argv, io)
  return { code, stdout: io.stdout, stderr: io.stderr }
}

const EMPTY = createHash('sha256').digest('hex')

/**
 * The fingerprint without the filler and SQLite's own side files a failed open may leave: the -shm index
 * (rebuilt on every open) and an empty -wal (holds nothing). The database file itself must be unchanged.
 */
function withoutSideFiles(print: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(print).filter(
      ([path, hash]) =>
        path !== 'filler' && !path.endsWith('-shm') && !(path.endsWith('-wal') && hash === EMPTY),
    ),
  )
}

function check(condition: Condition): (argv: string[]) => Promise<void> {
  return async (argv) => {
    home = mkdtempSync(join(tmpdir(), 'skill-ab-cli-fault-'))
    writeInputs(home)
    const dataDir = condition.setup(home)
    const watched = fs && dataDir.startsWith(fs.dir) ? fs.dir : home
    const before = fingerprint(watched)
    const env = { PATH: process.env.PATH, HOME: home, SKILL_AB_HOME: dataDir }
    const r = await runIn(
      argv.map((a) => (a === 'config.json' ? join(home, a) : a)),
      env,
      home,
    )
    expect(r.code, r.stderr).toBe(2)
    const expected = condition.message(dataDir)
    if (argv[0] === 'doctor') {
      const line = r.stdout.split('\n').find((l) => l.startsWith('FAIL  data dir'))
      expect(line?.replace(/^FAIL {2}data dir {2}/, '')).toMatch(expected)
    } else {
      expect(r.stdout).toBe('')
      expect(r.stderr.endsWith('\n') && r.stderr.split('\n').length).toBe(2) // exactly one line
      expect(r.stderr.slice(`skill-ab ${argv[0]}: `.length, -1)).toMatch(expected)
      expect(r.stderr.startsWith(`skill-ab ${argv[0]}: `)).toBe(true)
    }
    if (fs) fs.unfill()
    expect(withoutSideFiles(fingerprint(watched))).toEqual(withoutSideFiles(before))
  }
}

describe.each([...damaged, unwritable])('$what', (condition) => {
  it.each(commands)('skill-ab %s …: exit 2, one line, nothing changed', async (...argv) =>
    check(condition)(argv),
  )
})

describe.skipIf(noTmpfs !== null)(`on a tmpfs${noTmpfs ? ` (SKIPPED: ${noTmpfs})` : ''}`, () => {
  describe.each(onTmpfsConditions)('$what', (condition) => {
    it.each(commands)('skill-ab %s …: exit 2, one line, nothing changed', async (...argv) =>
      check(condition)(argv),
    )
  })
})

describe('damage found after opening (the task table page overwritten)', () => {
  // The file opens (schema and migration history intact); the damage shows on the first read of a task.
  // Registering the CLI's instance is a normal write, so the check here is that the damaged page is left
  // exactly as it was and nothing else becomes damaged. `demo` is left out: it writes its inputs first.
  let pageSize: number
  let offset: number
  const pageOf = (file: string): Buffer => readFileSync(file).subarray(offset, offset + pageSize)

  it.each(commands.filter(([name]) => name !== 'demo'))(
    'skill-ab %s …: exit 2, one line',
    async (...argv) => {
      home = mkdtempSync(join(tmpdir(), 'skill-ab-cli-fault-'))
      writeInputs(home)
      const dataDir = join(home, 'data')
      const file = databasePath(dataDir)
      mkdirSync(dataDir)
      writeFileSync(file, good)
      const raw = new Database(file)
      const root = raw
        .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'grayscale_task'")
        .pluck()
        .get()
      pageSize = raw.pragma('page_size', { simple: true }) as number
      raw.close()
      offset = ((root as number) - 1) * pageSize
      const fd = openSync(file, 'r+')
      writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, offset)
      closeSync(fd)
      const damagedPage = pageOf(file)

      const env = { PATH: process.env.PATH, HOME: home, SKILL_AB_HOME: dataDir }
      const r = await runIn(
        argv.map((a) => (a === 'config.json' ? join(home, a) : a)),
        env,
        home,
      )
      expect(r.code, r.stderr).toBe(2)
      const expected = new RegExp(`^${escape(file)} is damaged \\((SQLITE_CORRUPT|SQLite quick_check)`)
      if (argv[0] === 'doctor')
        expect(r.stdout).toMatch(new RegExp(`FAIL {2}data dir {2}${expected.source.slice(1)}`))
      else {
        expect(r.stdout).toBe('')
        expect(r.stderr).toMatch(new RegExp(`^skill-ab ${argv[0]}: ${expected.source.slice(1)}[^\\n]*\\n$`))
      }
      expect(pageOf(file).equals(damagedPage)).toBe(true)
    },
  )
})
