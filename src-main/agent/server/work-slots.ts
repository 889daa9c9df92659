// Work-dir slots of a side's `opencode serve`. opencode boots an instance per directory (seconds on 2 cores:
// config, tools, the agent loop), so a run executes in a slot, a path the side reuses, whose instance stays
// loaded. Before each run the slot is created afresh with the case's files in a new git repo; after it the
// whole folder is moved (a rename, same parent) to the run's own work dir, which is kept. So nothing one run
// wrote is in the next one's folder, and the diff is exactly what this run did.
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import type { CaseFiles } from '../../../src-shared/case-file'

/** Slot folder names start with this (then a random token, never the side: paths reach the judge). */
export const SLOT_PREFIX = '.slot-'

/**
 * Names opencode reads as config, skills or instructions from a project. Config and skills are cached by an
 * instance when it boots (instructions are read per prompt, listed to be safe): a run whose files hold one
 * gets a cold instance before and after it; one whose agent wrote one too.
 */
const CONFIG_NAMES = new Set([
  '.opencode',
  'opencode.json',
  'opencode.jsonc',
  '.claude',
  '.agents',
  'AGENTS.md',
  'CLAUDE.md',
  'CONTEXT.md',
])

/** Beyond this many entries a folder counts as holding config: checking more costs more than a boot. */
const MAX_SCANNED = 20_000

/** Whether any of the case's file paths goes through a name opencode reads as config. */
export function shipsConfig(files: CaseFiles): boolean {
  return Object.keys(files).some((rel) => rel.split(/[\\/]/).some((part) => CONFIG_NAMES.has(part)))
}

/** Whether the folder holds (at any depth, outside `.git`) a name opencode reads as config. */
export async function holdsConfig(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => null)
  if (!entries || entries.length > MAX_SCANNED) return true
  const git = join(dir, '.git')
  return entries.some(
    (e) => CONFIG_NAMES.has(e.name) && e.parentPath !== git && !e.parentPath.startsWith(`${git}${sep}`),
  )
}

export interface Slot {
  dir: string
  /**
   * Its instance is loaded with no project config (a run may use it as it is). False only once it was
   * disposed (or never loaded): a run that needs a cold instance disposes a warm one first.
   */
  warm: boolean
  busy: boolean
}

/** Tokens of the pools open in this process: a slot folder with another token was left by a crash. */
const liveTokens = new Set<string>()

/** Removes slot folders under `parent` that no open pool of this process owns (an earlier crash's). */
function sweepStale(parent: string): void {
  let names: string[]
  try {
    names = readdirSync(parent)
  } catch {
    return
  }
  for (const name of names) {
    if (!name.startsWith(SLOT_PREFIX)) continue
    const token = name.slice(SLOT_PREFIX.length).split('-')[0] ?? ''
    if (!liveTokens.has(token)) rmSync(join(parent, name), { recursive: true, force: true })
  }
}

export class SlotPool {
  private readonly token = randomBytes(4).toString('hex')
  private readonly slots: Slot[] = []
  private readonly swept = new Set<string>()

  constructor() {
    liveTokens.add(this.token)
  }

  /** A free slot beside `workDir` (the run's own work dir), made when none is free. */
  acquire(workDir: string): Slot {
    return this.acquireIn(dirname(workDir))
  }

  /** A free slot in `parent` (the folder of the runs' work dirs), made when none is free. */
  acquireIn(parent: string): Slot {
    if (!this.swept.has(parent)) {
      this.swept.add(parent)
      sweepStale(parent)
    }
    const free = this.slots.find((s) => !s.busy && dirname(s.dir) === parent)
    if (free) {
      free.busy = true
      return free
    }
    const slot = {
      dir: join(parent, `${SLOT_PREFIX}${this.token}-${this.slots.length}`),
      warm: false,
      busy: true,
    }
    this.slots.push(slot)
    return slot
  }

  release(slot: Slot, warm: boolean): void {
    slot.warm = warm
    slot.busy = false
  }

  /** Every slot's instance is gone (its server was started again): the next run in each boots one. */
  coolAll(): void {
    for (const s of this.slots) s.warm = false
  }

  /** Removes what is left of the slots (a run that failed before its folder was moved). */
  close(): void {
    liveTokens.delete(this.token)
    for (const s of this.slots) rmSync(s.dir, { recursive: true, force: true })
  }
}

/** Moves a finished slot's folder to the run's own work dir (replacing a leftover of the same name). */
export function archiveSlot(slotDir: string, workDir: string): void {
  if (existsSync(workDir)) rmSync(workDir, { recursive: true, force: true })
  renameSync(slotDir, workDir)
}
