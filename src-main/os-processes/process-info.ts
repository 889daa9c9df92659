// Process identity as the OS sees it: pid + start time, so a reused pid is never mistaken for its predecessor.
import { hostname } from 'node:os'
import { processes } from './probe'

/**
 * The start time of `pid` as this platform's probe reads it (Linux: clock ticks since boot, /proc/<pid>/stat
 * field 22; macOS: `ps` lstart; Windows: CIM CreationDate); null when the process does not exist or cannot
 * be read.
 */
export function processStartTime(pid: number): string | null {
  return processes.startTime(pid)
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
 * (or none readable) only the pid can be checked.
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
