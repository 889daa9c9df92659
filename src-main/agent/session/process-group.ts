// Process groups of agent runs: start time, SIGTERM→SIGKILL stop (never SIGINT) and sweeping leftovers.
// The OS side is the platform's process probe (os-processes): on Windows a "group" is the process tree.
import { processStartTime } from '../../os-processes/process-info'
import { processes } from '../../os-processes/probe'

export { processStartTime }

/**
 * Live (non-zombie) members of process group `pgid` (Windows: the tree under `pgid`, and with the leader's
 * start time, the orphans it left).
 */
export function groupMembers(pgid: number, leaderStarted?: string | null): number[] {
  return processes.groupMembers(pgid, leaderStarted)
}

/** Live processes whose environment holds `name=value` (inherited by everything a run starts). */
export function processesWithEnv(name: string, value: string): number[] {
  return processes.withEnv(name, value)
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  processes.signalGroup(pgid, signal)
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch {
    // already gone
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * `promise`'s value, or null when `ms` pass first. The timer is cleared either way: a pending one would keep
 * the CLI's process alive for the whole grace period after its work is done.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const over = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))
  try {
    return await Promise.race([promise, over])
  } finally {
    clearTimeout(timer)
  }
}

export interface StopOptions {
  /** Resolves when the group leader has exited (so the grace period can end early). */
  exited: Promise<unknown>
  graceMs: number
  /** The run's env marker: also SIGTERM/SIGKILL processes that left the group (own sessions). */
  marker?: { name: string; value: string }
  /** The leader's start time (processStartTime): on Windows, how a dead leader's orphans are found. */
  leaderStarted?: string | null
}

/** SIGTERM to the group (and marked strays), then SIGKILL to whatever is left after `graceMs`. */
export async function stopGroup(pgid: number, opts: StopOptions): Promise<void> {
  const strays = (): number[] => (opts.marker ? processesWithEnv(opts.marker.name, opts.marker.value) : [])
  signalGroup(pgid, 'SIGTERM')
  for (const pid of strays()) signalPid(pid, 'SIGTERM')
  await within(opts.exited, opts.graceMs)
  // Give the rest of the group a moment after the leader went, then force whatever is left.
  const deadline = Date.now() + Math.min(opts.graceMs, 1000)
  const left = (): boolean => groupMembers(pgid, opts.leaderStarted).length > 0 || strays().length > 0
  while (Date.now() < deadline && left()) await sleep(50)
  killLeftovers(pgid, opts.marker, opts.leaderStarted)
}

/** SIGKILL to the group and to every marked process; returns how many were still alive. */
export function killLeftovers(
  pgid: number | null,
  marker?: { name: string; value: string },
  leaderStarted?: string | null,
): number {
  const pids = new Set<number>(pgid ? groupMembers(pgid, leaderStarted) : [])
  if (marker) for (const pid of processesWithEnv(marker.name, marker.value)) pids.add(pid)
  if (pgid && pids.size > 0) signalGroup(pgid, 'SIGKILL')
  for (const pid of pids) signalPid(pid, 'SIGKILL')
  return pids.size
}

/**
 * Kills an orphaned run of a dead owner, by its recorded pid and start time (the reaper's helper):
 * a pid that now belongs to another process (different start time) is never touched. When the run's leader
 * is gone, what it left in its group (on Windows: its orphans started after it) is killed.
 */
export function killOrphanGroup(pid: number, startTime: string | null): boolean {
  const now = processStartTime(pid)
  if (now === null) return startTime ? killLeftovers(pid, undefined, startTime) > 0 : false
  if (startTime !== null && startTime !== '' && now !== startTime) return false
  signalGroup(pid, 'SIGKILL')
  signalPid(pid, 'SIGKILL')
  return true
}
