// Helpers for the agent integration tests: snapshot layout, side specs, the process table of a run.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SideSpec } from '../src-main/agent/types'

export const SKILL = 'pirate-speak'

export interface Snapshot {
  name: string
  snapshotDir: string
  contentHash: string
}

/** `<dataDir>/skills/<name>/<hash>/<name>/SKILL.md`, as the app's snapshots are laid out. */
export function makeSnapshot(dataDir: string, name: string, hash: string, body: string): Snapshot {
  const snapshotDir = join(dataDir, 'skills', name, hash, name)
  mkdirSync(snapshotDir, { recursive: true })
  writeFileSync(
    join(snapshotDir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Use when the user asks for pirate talk.\n---\n# ${name}\n\n${body}\n`,
  )
  return { name, snapshotDir, contentHash: `sha256:${hash}` }
}

/** A planted copy of the skill somewhere it must never be seen from. */
export function plantSkill(dir: string, name: string, body: string): void {
  mkdirSync(join(dir, name), { recursive: true })
  writeFileSync(
    join(dir, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Use when the user asks for pirate talk.\n---\n${body}\n`,
  )
}

export function sideSpec(base: {
  side: 'a' | 'b'
  skill: Snapshot | null
  providerConfig: string
  runRoot: string
  timeoutSec?: number
  idleTimeoutSec?: number
}): SideSpec {
  return {
    side: base.side,
    skill: base.skill,
    skillUnderTest: SKILL,
    model: 'scripted/agent',
    opencodeConfigPath: base.providerConfig,
    runRoot: base.runRoot,
    timeoutSec: base.timeoutSec ?? 120,
    idleTimeoutSec: base.idleTimeoutSec ?? 60,
  }
}

function pids(): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
}

function stat(pid: number): { state: string; pgid: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ')
    return { state: rest[0] ?? '', pgid: Number(rest[2]) }
  } catch {
    return null
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
  } catch {
    return ''
  }
}

/** Live processes of a run: in the group its opencode led, or working inside its work dir or run root. */
export function processesOfRun(pgid: number | null, dirs: string[]): string[] {
  const found: string[] = []
  for (const pid of pids()) {
    const st = stat(pid)
    if (!st || st.state === 'Z') continue
    let cwd = ''
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`)
    } catch {
      // not ours to read
    }
    const inDirs = dirs.some((d) => cwd === d || cwd.startsWith(`${d}/`))
    if ((pgid !== null && st.pgid === pgid) || inDirs) found.push(`${pid} pgid=${st.pgid} ${cmdline(pid)}`)
  }
  return found
}

/** Resolves once `cond()` holds (polling), or rejects after `ms`. */
export async function waitFor(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The TCP ports `pid` listens on: its sockets' inodes, found in /proc/net/tcp(6) in state LISTEN (0A). */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (m?.[1]) inodes.add(m[1])
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = []
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/)
      if (f[3] === '0A' && inodes.has(f[9] ?? '')) ports.push(parseInt(f[1]?.split(':')[1] ?? '', 16))
    }
  }
  return ports
}

/** One variable of a process's environment, or null. */
export function envOf(pid: number, name: string): string | null {
  const entry = readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .find((v) => v.startsWith(`${name}=`))
  return entry === undefined ? null : entry.slice(name.length + 1)
}
