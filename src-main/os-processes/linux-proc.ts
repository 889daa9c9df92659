// Linux: processes read from /proc (no process started). The reference behaviour the other platforms follow.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import type { ProcessProbe } from './probe-types'

/** The fields after `comm` of /proc/<pid>/stat (comm is parenthesised and may hold spaces or ')'). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** Start time in clock ticks since boot (field 22); null when gone. */
function startTime(pid: number): string | null {
  const field22 = statFields(pid)?.[22 - 3]
  return field22 && /^\d+$/.test(field22) ? field22 : null
}

/** Process group id (field 5); null if gone. */
function processGroupId(pid: number): number | null {
  const field = statFields(pid)?.[5 - 3]
  return field ? Number(field) : null
}

function isZombie(pid: number): boolean {
  const fields = statFields(pid)
  return fields === null || fields[0] === 'Z'
}

function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
  } catch {
    return []
  }
}

function withEnv(name: string, value: string): number[] {
  const needle = Buffer.from(`\0${name}=${value}\0`)
  const out: number[] = []
  for (const pid of allPids()) {
    if (pid === process.pid) continue
    let environ: Buffer
    try {
      environ = readFileSync(`/proc/${pid}/environ`)
    } catch {
      continue
    }
    if (Buffer.concat([Buffer.from([0]), environ]).includes(needle) && !isZombie(pid)) out.push(pid)
  }
  return out
}

export const linuxProbe: ProcessProbe = {
  startTime,
  groupMembers: (pgid) => allPids().filter((pid) => processGroupId(pid) === pgid && !isZombie(pid)),
  withEnv,
  commandLine(pid) {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
    } catch {
      return ''
    }
  },
  cwd(pid) {
    try {
      return readlinkSync(`/proc/${pid}/cwd`)
    } catch {
      return null
    }
  },
  signalGroup(pgid, signal) {
    try {
      process.kill(-pgid, signal)
    } catch {
      // already gone
    }
  },
}
