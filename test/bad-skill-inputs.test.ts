// Bad skill folders given to `skill-ab run` and `skill-ab doctor`: both refuse each with exit 2 and the
// same message naming the file; no stack trace, and no task, run, skill_version row or snapshot written.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { makeWorld, runCli, shareWorld, UNPRIVILEGED, writeSkill, type World } from './support/fixtures'

let world: World

beforeAll(() => {
  world = makeWorld('http://127.0.0.1:9/v1')
  world.write('cases.jsonl', '{"id":"c1","prompt":"Say hi."}\n')
  writeSkill(world, 'good', 'good-skill')
})
afterAll(() => world.cleanup())

function mkdirp(dir: string): string {
  mkdirSync(dir, { recursive: true })
  return dir
}

/** A sparse file: `size` bytes that take no disk space and must never be read. */
function sparse(path: string, size: number): void {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, '')
  truncateSync(path, size)
}

const MiB = 1024 ** 2

interface Row {
  what: string
  /** Spoils a skill folder that holds a valid SKILL.md; `data` is the data dir in use. */
  spoil: (dir: string, data: string) => void
  /** What the message must contain (for `run` on stderr, and the same message in `doctor`'s output). */
  words: string[]
}

/** Bad files: one skill holds them all, and the message names every one (a CLI start costs ~1 s of CPU). */
const badFiles: Row[] = [
  {
    what: 'a symlink to /etc/shadow',
    spoil: (dir) => symlinkSync('/etc/shadow', join(dir, 'secret.txt')),
    words: ['secret.txt: is a symbolic link to /etc/shadow, outside the skill folder', '.skillabignore'],
  },
  {
    what: 'a relative link into the data dir',
    spoil: (dir, data) => symlinkSync(relative(dir, join(data, 'skill-ab.db')), join(dir, 'notes.db')),
    words: ['notes.db: is a symbolic link to ../../data-1/skill-ab.db', 'outside the skill folder'],
  },
  {
    what: 'a link to a folder',
    spoil: (dir) => symlinkSync('/root', join(dir, 'rootdir')),
    words: ['rootdir: is a symbolic link to /root'],
  },
  {
    what: 'a named pipe',
    spoil: (dir) => void execFileSync('mkfifo', [join(dir, 'pipe')]),
    words: ['pipe: is a named pipe (FIFO); a skill snapshot holds regular files only'],
  },
  {
    what: 'a 3 GiB sparse file',
    spoil: (dir) => sparse(join(dir, 'data/big.bin'), 3 * 1024 * MiB),
    words: ['data/big.bin: is 3 GiB, over the 5 MiB limit', 'list "data/big.bin" in'],
  },
  {
    what: 'files over the limit for one skill',
    spoil: (dir) => {
      for (let i = 1; i <= 5; i++) sparse(join(dir, `part${i}.bin`), 4.5 * MiB)
    },
    words: ['add up to 22.5 MiB', 'over the 20 MiB limit', 'largest: part1.bin'],
  },
]

interface BadSkill {
  what: string
  rows: Row[]
  /** Whether the bad folder is the baseline (the skill under test is then a good one). */
  asBaseline?: boolean
  /** Permissions are the problem: run as a user they apply to (root reads any file). */
  unprivileged?: boolean
}

const badSkills: BadSkill[] = [
  { what: 'a skill holding links, a pipe, a giant file and too many bytes', rows: badFiles },
  {
    what: 'a SKILL.md that is not UTF-8',
    rows: [
      {
        what: 'a Latin-1 é',
        spoil: (dir) => writeFileSync(join(dir, 'SKILL.md'), Buffer.from('---\nname: caf\xe9\n', 'latin1')),
        words: ['SKILL.md line 2', 'not UTF-8', 'offset 13 (0xe9)'],
      },
    ],
  },
  {
    what: 'a SKILL.md opencode would read otherwise (lone-CR line ends)',
    rows: [
      {
        what: 'lone CRs',
        spoil: (dir) =>
          writeFileSync(join(dir, 'SKILL.md'), '---\rname: bad-skill-3\rdescription: d\r---\rbody\r'),
        words: ['opencode reads this front matter otherwise', 'its lines end in a lone CR'],
      },
    ],
  },
  {
    what: 'a folder of the skill no one may read (chmod 000)',
    unprivileged: true,
    rows: [
      {
        what: 'sub/ unreadable',
        spoil: (dir) => {
          writeFileSync(join(mkdirp(join(dir, 'sub')), 'notes.md'), 'x')
          chmodSync(join(dir, 'sub'), 0o000)
        },
        words: [
          'sub/: this folder of the skill cannot be read: permission denied (EACCES)',
          'chmod u+rx',
          'or list "sub/" in .skillabignore to leave it out of the snapshot',
        ],
      },
    ],
  },
  {
    what: 'a skill folder without its execute bit (chmod 644: listed, never entered)',
    unprivileged: true,
    rows: [
      {
        what: 'no x bit',
        spoil: (dir) => chmodSync(dir, 0o644),
        words: ['the skill folder cannot be read: permission denied (EACCES)', 'chmod u+rx'],
      },
    ],
  },
  {
    what: 'a baseline holding a link (the skill under test is fine)',
    asBaseline: true,
    rows: [
      {
        what: 'a link to /etc/passwd',
        spoil: (dir) => symlinkSync('/etc/passwd', join(dir, 'passwd')),
        words: ['passwd: is a symbolic link to /etc/passwd'],
      },
    ],
  },
]

/** What the data dir holds that a refused skill must not have written. */
function written(dataDir: string): { snapshots: boolean; rows: Record<string, number> } {
  const snapshots = existsSync(join(dataDir, 'skills'))
  if (!existsSync(join(dataDir, 'skill-ab.db'))) return { snapshots, rows: {} }
  const store = openStore(dataDir)
  try {
    const count = (table: string): number =>
      (store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
    return {
      snapshots,
      rows: { task: count('grayscale_task'), run: count('run'), skill_version: count('skill_version') },
    }
  } finally {
    store.close()
  }
}

describe('a bad skill folder is refused by run and doctor alike, before anything is written', () => {
  it.each(badSkills.map((b, i) => [b.what, b, i + 1] as const))('%s', async (_what, bad, n) => {
    const dir = writeSkill(world, `skills/bad${n}`, `bad-skill-${n}`)
    const data = join(world.root, `data-${n}`)
    mkdirSync(data, { recursive: true })
    for (const row of bad.rows) row.spoil(dir, data)
    const config = world.write(
      `bad${n}.json`,
      JSON.stringify({
        name: 't',
        skill: { path: bad.asBaseline ? './good' : `./skills/bad${n}` },
        ...(bad.asBaseline ? { baseline: { kind: 'skill', path: `./skills/bad${n}` } } : {}),
        dataset: { path: './cases.jsonl' },
        agent: { model: 'scripted/agent' },
      }),
    )
    const env = { ...world.env, SKILL_AB_HOME: data }
    const user = bad.unprivileged ? UNPRIVILEGED : null
    if (user) shareWorld(world, [data])

    // Both fail before any agent starts; run side by side, neither may write a snapshot or a row.
    const [run, doctor] = await Promise.all([
      runCli(['run', config], env, world.root, user),
      runCli(['doctor', config], env, world.root, user),
    ])
    expect(run.stderr).not.toContain('rename SKILL.md to SKILL.md')
    expect(run.code, run.stderr).toBe(2)
    for (const row of bad.rows) for (const w of row.words) expect(run.stderr, row.what).toContain(w)
    expect(run.stderr).not.toMatch(/\n\s+at .*:\d+:\d+\)?/) // no stack trace
    expect(written(data)).toEqual({ snapshots: false, rows: { task: 0, run: 0, skill_version: 0 } })

    expect(doctor.code, doctor.stdout).toBe(2)
    const message = run.stderr.slice(run.stderr.indexOf('skill-ab run: ') + 'skill-ab run: '.length).trim()
    expect(doctor.stdout).toMatch(new RegExp(`FAIL\\s+${bad.asBaseline ? 'baseline' : 'skill'}\\s`))
    expect(doctor.stdout).toContain(message)
    expect(doctor.stdout).not.toContain('all checks passed')
  })
})
