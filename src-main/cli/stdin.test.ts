// Standard input for the commands that read it (decide, judge-parse): all of it, a byte-order mark dropped,
// refused past a limit while it is read.
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UserError } from '../../src-shared/user-error'
import { readProcessStdin } from './stdin'

describe('readProcessStdin', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads process.stdin by default', async () => {
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(
      Readable.from([Buffer.from('{"ru'), Buffer.from('ns":[]}')]) as unknown as typeof process.stdin,
    )
    expect(await readProcessStdin(1024, 'x')).toBe('{"runs":[]}')
  })

  it('refuses a stdin over its limit while reading it, before a string too long for JavaScript', async () => {
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(
      Readable.from([Buffer.alloc(600, 32), Buffer.alloc(600, 32)]) as unknown as typeof process.stdin,
    )
    await expect(readProcessStdin(1024, 'give the experiments over several calls')).rejects.toThrow(
      new UserError(
        'input',
        'stdin holds more than 1 KiB, over the limit: give the experiments over several calls',
      ),
    )
  })

  it('drops a UTF-8 byte-order mark at the start of stdin, as from every JSON file', async () => {
    const bom = Buffer.from('\ufeff{"runs":[]}')
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(
      Readable.from([bom.subarray(0, 2), bom.subarray(2)]) as unknown as typeof process.stdin,
    )
    expect(await readProcessStdin(1024, 'x')).toBe('{"runs":[]}')
  })
})
