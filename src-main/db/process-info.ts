// Process identity as the OS sees it: pid + start time, so a reused pid is never mistaken for its predecessor.
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'

/**
 * The start time of `pid` in clock ticks since boot (/proc/<pid>/stat field 22) on Linux; null when the
 * process does not exist or the platform has no /proc.
 */
export function processStartTime(pid: number): string | null {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // Field 2 (comm) is parenthesised and may hold spaces or ')': fields 3… follow the LAST ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const field22 = rest[22 - 3]
  return field22 && /^\d+$/.test(field22) ? field22 : null
}

/** Whether a process with this pid exists (EPERM means it exists but belongs to someone else). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether the process recorded as (pid, startTime) is still running on this host. A pid that exists
 * with another start time is a different process (dead original). Without a recorded start time
 * (non-Linux) only the pid can be checked.
 */
export function processAlive(pid: number, startTime: string | null): boolean {
  if (!pidExists(pid)) return false
  if (startTime === null) return true
  const now = processStartTime(pid)
  return now === null ? true : now === startTime
}

/** Liveness of a registered instance. Another host's process cannot be checked: it counts as alive. */
export function instanceAlive(instance: {
  pid: number
  startTime: string | null
  hostname: string
}): boolean {
  if (instance.hostname !== hostname()) return true
  return processAlive(instance.pid, instance.startTime)
}
