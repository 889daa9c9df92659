// Text inputs: a FIFO or a device is refused at once (never waited on), bytes that are not UTF-8 are
// refused with their byte offset, and the size limit is said.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTextFile } from './text-file'
import { inputError, tempTree } from './temp-files.fixture'

const opts = { shown: 'x.json', what: 'config file', maxBytes: 1024, fix: 'check the path' }

describe('readTextFile', () => {
  it('reads UTF-8 text without its byte order mark', () => {
    const dir = tempTree({ 'a.json': Buffer.from('\uFEFF{"a": "é"}', 'utf8') })
    expect(readTextFile(join(dir, 'a.json'), opts)).toBe('{"a": "é"}')
  })

  it('refuses a FIFO without waiting for a writer', () => {
    const fifo = join(tempTree(), 'pipe.json')
    execFileSync('mkfifo', [fifo])
    const started = Date.now()
    expect(inputError(() => readTextFile(fifo, opts)).message).toBe(
      'x.json: the config file is a FIFO (named pipe), not a file: give the path of the config file itself (a regular file)',
    )
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('refuses a device and a folder', () => {
    expect(inputError(() => readTextFile('/dev/zero', opts)).message).toMatch(/is a device, not a file/)
    expect(inputError(() => readTextFile(tempTree(), opts)).message).toMatch(/config file is a folder/)
  })

  it('names the byte offset and line of the first byte that is not UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "name": "caf'), Buffer.from([0xe9]), Buffer.from('"\n}')])
    const dir = tempTree({ 'latin1.json': bytes })
    const err = inputError(() => readTextFile(join(dir, 'latin1.json'), opts))
    expect(err.message).toBe(
      'x.json line 2: the config file is not UTF-8 text: invalid byte sequence at byte offset 16 (0xE9): save the file as UTF-8',
    )
  })

  it('refuses a file over the limit, saying both sizes', () => {
    const dir = tempTree({ 'big.json': 'x'.repeat(2048) })
    expect(inputError(() => readTextFile(join(dir, 'big.json'), opts)).message).toBe(
      'x.json: the config file is 2 KiB, over the 1 KiB limit: make it smaller',
    )
  })

  it('says a missing file is not found', () => {
    expect(inputError(() => readTextFile('/nonexistent/x.json', opts)).message).toBe(
      'x.json: config file not found: check the path',
    )
  })
})
