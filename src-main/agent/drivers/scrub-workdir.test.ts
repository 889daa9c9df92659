// A file the agent wrote with a credential in it is kept in the work dir without it; other files are untouched.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { scrubWorkDir } from './scrub-workdir'

const SECRET = 'corp-secret-0123456789'
let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

it('replaces secrets in files the run wrote (also binary ones), but not in .git, old files or link targets', async () => {
  dir = mkdtempSync(join(tmpdir(), 'scrub-'))
  const work = join(dir, 'work')
  mkdirSync(join(work, '.git'), { recursive: true })
  mkdirSync(join(work, 'sub'))
  const outside = join(dir, 'outside.txt')
  writeFileSync(outside, `${SECRET}\n`)
  writeFileSync(join(work, 'env.txt'), `A=${SECRET}\nB=${SECRET}x\n`)
  writeFileSync(join(work, 'sub', 'blob.bin'), Buffer.concat([Buffer.from([0, 255]), Buffer.from(SECRET)]))
  writeFileSync(join(work, '.git', 'objects'), SECRET)
  writeFileSync(join(work, 'old.txt'), SECRET)
  utimesSync(join(work, 'old.txt'), new Date(0), new Date(0))
  symlinkSync(outside, join(work, 'link.txt'))
  const mode = statSync(join(work, 'env.txt')).mode

  expect(await scrubWorkDir(work, [SECRET], Date.now())).toBe('')
  expect(readFileSync(join(work, 'env.txt'), 'utf8')).toBe('A=[redacted]\nB=[redacted]x\n')
  expect(statSync(join(work, 'env.txt')).mode).toBe(mode)
  expect(readFileSync(join(work, 'sub', 'blob.bin'))).toEqual(Buffer.from('\u0000\u00ff[redacted]', 'latin1'))
  expect(readFileSync(join(work, '.git', 'objects'), 'utf8')).toBe(SECRET)
  expect(readFileSync(join(work, 'old.txt'), 'utf8')).toBe(SECRET)
  expect(readFileSync(outside, 'utf8')).toBe(`${SECRET}\n`)
})
