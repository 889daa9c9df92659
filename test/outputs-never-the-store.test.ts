// Nothing lost: every output flag of `export`, `run` and `merge` pointed at the database, its WAL, a
// snapshot folder, the config, the dataset, the skill, a shard, a missing folder, a folder or a device is refused
// before anything is read, run or written (exit 2, the file and what to do named), and the store is
// byte-identical after.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databasePath, openStore } from '../src-main/db'
import { drive, findRun, seedExportTask } from '../src-main/export/task.fixture'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'

let world: World
let taskId = ''
let db = ''
const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

beforeAll(() => {
  world = makeWorld('http://127.0.0.1:9/v1')
  writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  world.write('cases.jsonl', '{"id":"c1","prompt":"Say hello."}\n')
  world.write(
    'task.json',
    JSON.stringify({
      name: 'never the store',
      skill: { path: './skills/pirate-speak' },
      dataset: { path: './cases.jsonl' },
      agent: { model: 'scripted/agent' },
    }),
  )
  world.write('a.json', '{}')
  world.write('b.json', '{}')
  mkdirSync(join(world.root, 'folder'))
  const store = openStore(world.dataDir)
  try {
    const { task, runs } = seedExportTask(store, { cases: ['c1'], rounds: 1 })
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 40 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 80 })
    taskId = task.id
  } finally {
    store.close()
  }
  db = databasePath(world.dataDir)
})

afterAll(() => world?.cleanup())

describe('no output is ever the store or an input', () => {
  const rows = (): [string, string[], RegExp][] => {
    const data = world.dataDir
    return [
      ['export over the database', ['export', taskId, '--out', db], /part of skill-ab's store/],
      ['export over the WAL', ['export', taskId, '--markdown', `${db}-wal`], /part of skill-ab's store/],
      ['a report in the snapshots', ['export', taskId, '--junit', join(data, 'skills', 'r.xml')], /store/],
      ['one file twice', ['export', taskId, '--out', 'x.json', '--markdown', 'x.json'], /named twice/],
      ['run over the database', ['run', 'task.json', '--export', db], /part of skill-ab's store/],
      ['run over its config', ['run', 'task.json', '--export', 'task.json'], /an input of this command/],
      ['run over its dataset', ['run', 'task.json', '--markdown', 'cases.jsonl'], /an input of this command/],
      [
        'run into its skill',
        ['run', 'task.json', '--benchmark-json', 'skills/pirate-speak/b.json'],
        /inside .*pirate-speak, an input of this command/,
      ],
      ['run into a missing folder', ['run', 'task.json', '--export', 'nope/x.json'], /does not exist/],
      ['run onto a folder', ['run', 'task.json', '--export', 'folder'], /it is a folder/],
      ['run onto a device', ['run', 'task.json', '--markdown', '/dev/full'], /not a regular file/],
      ['merge over a shard', ['merge', 'a.json', 'b.json', '--out', 'a.json'], /an input of this command/],
    ]
  }

  it('each is refused before anything is read, run or written (exit 2), the store byte-identical', async () => {
    const before = hash(db)
    for (const [what, args, words] of rows()) {
      const res = await runCli(args, world.env, world.root)
      expect(res.code, `${what}: ${res.stderr}`).toBe(2)
      expect(res.stderr, what).toMatch(words)
      expect(res.stderr, what).toMatch(/\(nothing was run or written\)/)
      expect(res.stderr, what).not.toMatch(/\n\s+at /) // no stack trace
      expect(hash(db), what).toBe(before)
    }
    expect(readFileSync(join(world.root, 'task.json'), 'utf8')).toContain('never the store')
    expect(readFileSync(join(world.root, 'a.json'), 'utf8')).toBe('{}')
  })
})
