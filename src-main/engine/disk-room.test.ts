import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunOutcome } from '../agent/types'
import { ROOM_FLOOR_BYTES } from '../db'
import { failedForRoom, lackOfRoom, ROOM_PER_RUN_BYTES, roomNeeded } from './disk-room'

const dir = mkdtempSync(join(tmpdir(), 'skill-ab-room-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const failed = (kind: RunOutcome['kind'], message: string): RunOutcome =>
  ({ kind, message, stderrTail: message }) as RunOutcome

describe('room on the disk for runs', () => {
  it('needs the floor, plus each run and its case files', () => {
    expect(roomNeeded([])).toBe(ROOM_FLOOR_BYTES)
    const c = { caseId: 'c', prompt: 'p', files: { 'a.txt': 'x'.repeat(1000), 'b.bin': { base64: 'AAAA' } } }
    expect(roomNeeded([c, undefined])).toBe(ROOM_FLOOR_BYTES + 2 * ROOM_PER_RUN_BYTES + 1000 + 3)
  })

  it('a disk with room passes; asking for more than it has names free and needed space', () => {
    expect(lackOfRoom(join(dir, 'work', 'not-made-yet'), 1)).toBeNull()
    const err = lackOfRoom(dir, Number.MAX_SAFE_INTEGER)
    expect(err?.code).toBe('disk_full')
    expect(err?.message).toMatch(
      /^disk full at .* \([\d.]+ [KM]B free, at least [\d.]+ MB needed\): free at least/,
    )
  })

  it('words alone never excuse a failed run: with room on the disk it stays the side’s failure', () => {
    for (const kind of ['agent_error', 'timeout', 'crashed'] as const)
      expect(
        failedForRoom(failed(kind, 'ENOSPC: no space left on device, database or disk is full'), dir),
      ).toBeNull()
    expect(failedForRoom(failed('ok', ''), dir)).toBeNull()
  })
})
