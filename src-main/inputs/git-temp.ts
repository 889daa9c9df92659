// The private temp folders a git version is read into (README "Skill versions from git"). Each holds an
// owner marker (pid, start time, host), so a folder a crashed process left behind is removed by the next
// process that reads a git version, and a reused pid is not taken for its owner (os-processes/process-info.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { instanceAlive, processStartTime } from '../os-processes/process-info'

const PREFIX = 'skill-ab-git-'
/** The owner marker inside a temp folder (beside the skill folder, so never part of a snapshot). */
const MARKER = 'owner.json'
/** A folder without a readable marker (an older app, or one being created right now) is left this long. */
const UNMARKED_MAX_AGE_MS = 24 * 60 * 60 * 1000

interface Owner {
  pid: number
  startTime: string | null
  hostname: string
}

/** A new private temp folder for one git version, marked as this process's. */
export function makeGitTemp(base: string = tmpdir()): string {
  const root = mkdtempSync(join(base, PREFIX))
  const owner: Owner = { pid: process.pid, startTime: processStartTime(process.pid), hostname: hostname() }
  writeFileSync(join(root, MARKER), JSON.stringify(owner))
  return root
}

function readOwner(root: string): Owner | null {
  try {
    const o = JSON.parse(readFileSync(join(root, MARKER), 'utf8')) as Partial<Owner>
    if (typeof o.pid !== 'number' || typeof o.hostname !== 'string') return null
    return {
      pid: o.pid,
      startTime: typeof o.startTime === 'string' ? o.startTime : null,
      hostname: o.hostname,
    }
  } catch {
    return null
  }
}

function isStale(root: string, now: number): boolean {
  const owner = readOwner(root)
  if (owner) return !instanceAlive(owner)
  try {
    return now - statSync(root).mtimeMs > UNMARKED_MAX_AGE_MS
  } catch {
    return false
  }
}

/**
 * Removes the git temp folders under `base` whose owner process is gone (or, unmarked, older than a day);
 * returns the folders removed. Another host's folders (a shared temp dir) are left to that host.
 */
export function sweepStaleGitTemps(base: string = tmpdir(), now: number = Date.now()): string[] {
  let names: string[]
  try {
    names = readdirSync(base).filter((n) => n.startsWith(PREFIX))
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const root = join(base, name)
    if (!isStale(root, now)) continue
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 3 })
      removed.push(root)
    } catch {
      // another user's folder in a shared temp dir: theirs to remove
    }
  }
  return removed
}

let swept = false

/** Sweeps once per process, at its first git version read (a check or a snapshot). */
export function sweepStaleGitTempsOnce(): void {
  if (swept) return
  swept = true
  sweepStaleGitTemps()
}
