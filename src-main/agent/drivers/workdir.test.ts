// A run's work dir: the case's files arrive as the dataset gave them, binary fixtures byte for byte.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareWorkDir } from './workdir'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('prepareWorkDir', () => {
  it('writes text as UTF-8 and binary files byte for byte, all in the first commit', async () => {
    const root = mkdtempSync(join(tmpdir(), 'skill-ab-workdir-'))
    made.push(root)
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0xfe, 0x0a, 0x0d, 0x80])
    const dir = join(root, 'work')
    const commit = await prepareWorkDir(
      dir,
      { 'data/book.xlsx': { base64: bytes.toString('base64') }, 'notes.md': 'héllo\r\n' },
      process.env.PATH,
    )
    expect(commit).toMatch(/^[0-9a-f]{40}$/)
    expect(readFileSync(join(dir, 'data/book.xlsx')).equals(bytes)).toBe(true)
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('héllo\r\n')
  })
})
