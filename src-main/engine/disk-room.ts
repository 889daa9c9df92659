// Room on the data folder's disk for a task's runs: checked before the first run starts (no run is paid for
// only to fail on a full disk), and after every run that failed (a full disk fails opencode, which is no fault
// of the side: such a run is not a result, it waits as `canceled` and the task stops).
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import type { CaseInput, RunOutcome } from '../agent/types'
import { diskFull, freeBytes, ROOM_FLOOR_BYTES, type StoreError } from '../db'

/** Room each run keeps besides its case's files: its work dir's git repo and its trajectory (~180 KB measured). */
export const ROOM_PER_RUN_BYTES = 512 * 1024
/** Below this much free space a failed run is taken for one the full disk failed. */
const LOW_SPACE_BYTES = 4 * 1024 * 1024
/** How a full disk shows in opencode's own messages (its database, its logs, git in the work dir). */
const NO_SPACE = /ENOSPC|no space left on device|database or disk is full|SQLITE_FULL|disk quota exceeded/i

/** The room `runs` need on the disk that holds `dir`. */
export function roomNeeded(runs: readonly (CaseInput | undefined)[]): number {
  let bytes = ROOM_FLOOR_BYTES
  for (const c of runs) bytes += ROOM_PER_RUN_BYTES + caseBytes(c)
  return bytes
}

function caseBytes(c: CaseInput | undefined): number {
  let bytes = 0
  for (const content of Object.values(c?.files ?? {}))
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : (content.base64.length * 3) / 4
  return bytes
}

/** Free bytes on the disk of `dir` (or of its nearest existing parent: a work root is made later). */
function freeAt(dir: string): number {
  let at = dir
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at)
  return freeBytes(at)
}

/** A `disk_full` error when the disk holding `dir` has less room than `needed`, else null. */
export function lackOfRoom(dir: string, needed: number): StoreError | null {
  const free = freeAt(dir)
  return free < needed ? diskFull(dir, undefined, { free, needed }) : null
}

/**
 * The run failed because the disk of `dir` is full: almost nothing is left, or little is and opencode's own
 * words say so (words alone never do: an agent must not be able to excuse its failure by printing them).
 */
export function failedForRoom(outcome: RunOutcome, dir: string): StoreError | null {
  if (outcome.kind === 'ok' || outcome.kind === 'canceled' || outcome.kind === 'not_isolated') return null
  const free = freeAt(dir)
  const said = NO_SPACE.test(`${outcome.message ?? ''}\n${outcome.stderrTail}`)
  if (free >= LOW_SPACE_BYTES && !(said && free < ROOM_FLOOR_BYTES)) return null
  return diskFull(dir, undefined, { free, needed: ROOM_FLOOR_BYTES })
}
