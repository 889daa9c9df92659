// macOS (and other BSDs): processes read with the system's `ps` (one call gives pid, parent, group, state,
// start time and the command with its environment) and working directories with `lsof`. No /proc there.
import { execFileSync } from 'node:child_process'
import type { ProcessProbe } from './probe-types'

export interface PsRow {
  pid: number
  ppid: number
  pgid: number
  zombie: boolean
  /** Start time, ISO 8601 UTC to the second; null when unreadable. */
  started: string | null
  /** The command line; with `-E`, followed by the environment (`NAME=value` words). */
  command: string
}

/** Fixed columns, C locale and UTC, so `lstart` reads `Wed Dec  2 05:35:36 2026` on every machine. */
const PS_COLUMNS = 'pid=,ppid=,pgid=,stat=,lstart=,command='
const PS_ENV = { LC_ALL: 'C', TZ: 'UTC', PATH: '/usr/bin:/bin:/usr/sbin:/sbin' }
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const ROW = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+\w{3} (\w{3}) +(\d{1,2}) (\d\d:\d\d:\d\d) (\d{4}) ?(.*)$/

/** One `ps -o pid=,ppid=,pgid=,stat=,lstart=,command=` line per process (macOS and procps print the same). */
export function parsePs(text: string): PsRow[] {
  const rows: PsRow[] = []
  for (const line of text.split('\n')) {
    const m = ROW.exec(line)
    if (!m) continue
    const [, pid, ppid, pgid, stat, mon, day, time, year, command] = m as unknown as string[]
    const month = MONTHS.indexOf(mon as string) + 1
    rows.push({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      zombie: (stat as string).startsWith('Z'),
      started: month ? `${year}-${pad(month)}-${pad(Number(day))}T${time}Z` : null,
      command: (command as string).trim(),
    })
  }
  return rows
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** Whether a `ps -E` command (args, then the environment) holds the word `name=value`. */
export function commandHasEnv(command: string, name: string, value: string): boolean {
  const word = `${name}=${value}`
  let at = command.indexOf(` ${word}`)
  while (at >= 0) {
    const end = at + 1 + word.length
    if (end === command.length || command[end] === ' ') return true
    at = command.indexOf(` ${word}`, at + 1)
  }
  return false
}

/** The working directory in `lsof -a -d cwd -Fn -p <pid>` output (`p<pid>`, `fcwd`, `n<path>` lines). */
export function parseLsofCwd(text: string): string | null {
  const line = text.split('\n').find((l) => l.startsWith('n'))
  return line ? line.slice(1) : null
}

function run(file: string, args: string[]): string {
  try {
    return execFileSync(file, args, { env: PS_ENV, encoding: 'utf8', maxBuffer: 64 << 20, stdio: 'pipe' })
  } catch (err) {
    // ps exits 1 when `-p` names no live process; its output (none) is still the answer.
    return String((err as { stdout?: unknown }).stdout ?? '')
  }
}

/** `ps <args> -o PS_COLUMNS`, parsed. */
export const readPs = (args: string[]): PsRow[] => parsePs(run('ps', [...args, '-o', PS_COLUMNS]))
/** Every process, with environments (macOS shows them for the user's own processes only). */
const table = (): PsRow[] => readPs(['-axww', '-E'])
const row = (pid: number): PsRow | undefined => readPs(['-ww', '-p', String(pid)]).find((r) => r.pid === pid)

export const psProbe: ProcessProbe = {
  startTime: (pid) => row(pid)?.started ?? null,
  groupMembers: (pgid) => table().flatMap((r) => (r.pgid === pgid && !r.zombie ? [r.pid] : [])),
  withEnv: (name, value) =>
    table().flatMap((r) =>
      r.pid !== process.pid && !r.zombie && commandHasEnv(r.command, name, value) ? [r.pid] : [],
    ),
  commandLine: (pid) => row(pid)?.command ?? '',
  cwd: (pid) => parseLsofCwd(run('lsof', ['-a', '-d', 'cwd', '-Fn', '-p', String(pid)])),
  signalGroup(pgid, signal) {
    try {
      process.kill(-pgid, signal)
    } catch {
      // already gone
    }
  },
}
