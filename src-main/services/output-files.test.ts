// Where a command may write: never the store, an input of the same command, a file twice, a
// folder or a device; and a write never leaves half a file.
import { linkSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../db/store.fixture'
import { checkOutputs, writeTextFile } from './output-files'
import { UserError } from '../../src-shared/user-error'

let root: string
let data: string
beforeEach(() => {
  root = makeTempDir()
  data = join(root, 'data')
  mkdirSync(join(data, 'skills'), { recursive: true })
  writeFileSync(join(data, 'skill-ab.db'), 'SQLite format 3')
  writeFileSync(join(root, 'task.json'), '{}')
  mkdirSync(join(root, 'skill'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const refusal = (path: string, inputs: string[] = [], others: string[] = []): string => {
  const outputs = [...others.map((p) => ({ path: p, what: 'the export' })), { path, what: 'the report' }]
  try {
    checkOutputs(outputs, data, inputs)
  } catch (err) {
    expect(err).toBeInstanceOf(UserError)
    expect((err as UserError).kind).toBe('storage')
    return (err as Error).message
  }
  return ''
}

describe('checkOutputs', () => {
  it('refuses the store: the database, its WAL and SHM, its folders, by any path or link to them', () => {
    for (const rel of ['skill-ab.db', 'skill-ab.db-wal', 'skill-ab.db-shm', 'skills/x.json', 'work/t/r.md'])
      expect(refusal(join(data, rel)), rel).toMatch(
        /^cannot write the report to .*: it is part of skill-ab's store in .*: write it elsewhere/,
      )
    symlinkSync(data, join(root, 'alias'))
    expect(refusal(join(root, 'alias', 'skill-ab.db'))).toMatch(/part of skill-ab's store/)
    linkSync(join(data, 'skill-ab.db'), join(root, 'hard-link.db'))
    expect(refusal(join(root, 'hard-link.db'))).toMatch(/part of skill-ab's store/)
    // Beside the store, in the data dir itself, is allowed.
    expect(refusal(join(data, 'result.json'))).toBe('')
  })

  it('refuses an input of the command, a file inside an input folder, and one file named twice', () => {
    const config = join(root, 'task.json')
    expect(refusal(config, [config])).toMatch(/it is .*task\.json, an input of this command/)
    expect(refusal(join(root, 'skill', 'out.json'), [join(root, 'skill')])).toMatch(
      /it is inside .*skill, an input of this command \(writing there changes it\)/,
    )
    expect(refusal(join(root, 'a.json'), [], [join(root, 'a.json')])).toMatch(/it is named twice/)
  })

  it('refuses a folder, a device, a missing folder; says nothing was run or written', () => {
    expect(refusal(join(root, 'skill'))).toMatch(/it is a folder: name a file in it/)
    expect(refusal('/dev/full')).toMatch(/it is not a regular file/)
    expect(refusal(join(root, 'nope', 'x.json'))).toMatch(/its folder .*nope does not exist: create it first/)
    expect(refusal(join(root, 'nope', 'x.json'))).toMatch(/\(nothing was run or written\)$/)
  })
})

describe('writeTextFile', () => {
  it('writes through a temp file renamed into place, and leaves nothing behind when it cannot', () => {
    const file = join(root, 'out.json')
    writeFileSync(file, 'OLD')
    writeTextFile(file, 'NEW', 'the export')
    expect(readFileSync(file, 'utf8')).toBe('NEW')
    expect(() => writeTextFile(join(root, 'skill'), 'X', 'the export')).toThrow(
      /cannot write the export to .*skill \(EISDIR\)/,
    )
    expect(readdirSync(root).filter((n) => n.endsWith('.tmp'))).toEqual([])
  })
})
