import { describe, expect, it } from 'vitest'
import { openExportFile } from './open-export'

/** A chosen file of `size` bytes whose text must never be read. */
const huge = (size: number): File =>
  ({
    name: 'big.json',
    size,
    text: () => Promise.reject(new Error('the file was read')),
  }) as unknown as File

describe('Open export (and compare)', () => {
  it('refuses an export over the size limit before reading it, saying the limit', async () => {
    await expect(openExportFile(huge(913 * 1024 ** 2))).rejects.toThrow(
      'big.json: the export is 913 MiB, over the 256 MiB limit: give an export skill-ab wrote (no task exports that much)',
    )
  })
})
