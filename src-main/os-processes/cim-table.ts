// Windows: processes read with PowerShell's Get-CimInstance Win32_Process (built into every Windows 10/11;
// wmic is removed from recent builds) and trees ended with `taskkill /T /F`. Windows has no process groups,
// no SIGTERM for console programs and no way for these tools to read another process's environment: a run's
// group is its process tree (by ParentProcessId), and a sweep by env marker finds nothing there.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { ProcessProbe } from './probe-types'

export interface CimRow {
  pid: number
  ppid: number
  /** CreationDate as ISO 8601 UTC (100 ns); null for the System Idle Process. */
  started: string | null
}

/** Culture-independent start times (ISO 'o' in UTC) in CSV; `filter` narrows to one pid. */
export function cimScript(filter = ''): string {
  const started =
    "@{n='Started';e={if ($_.CreationDate) { $_.CreationDate.ToUniversalTime().ToString('o') }}}"
  return `Get-CimInstance Win32_Process${filter} | Select-Object ProcessId,ParentProcessId,${started} | ConvertTo-Csv -NoTypeInformation`
}

/** One CSV line: fields optionally double-quoted, a quote inside doubled. */
function csvFields(line: string): string[] {
  const fields = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g
  return [...line.matchAll(fields)].map((m) =>
    m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ''),
  )
}

/** Rows of `ConvertTo-Csv` output (header first; CRLF or LF); columns found by name. */
export function parseCimCsv(text: string): CimRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '')
  const header = csvFields(lines[0] ?? '')
  const col = (name: string): number => header.indexOf(name)
  const [pidAt, ppidAt, startedAt] = [col('ProcessId'), col('ParentProcessId'), col('Started')]
  if (pidAt < 0 || ppidAt < 0) return []
  return lines.slice(1).flatMap((line) => {
    const f = csvFields(line)
    if (!/^\d+$/.test(f[pidAt] ?? '')) return []
    return [{ pid: Number(f[pidAt]), ppid: Number(f[ppidAt]), started: f[startedAt] || null }]
  })
}

/**
 * `root` and its descendants. A child counts only if it started after its parent: Windows keeps a dead
 * parent's id in ParentProcessId, and that id may since belong to an unrelated process. A dead root is
 * known by `rootStarted` (its recorded start time): its orphans are the processes naming it that started
 * after it; without it, a dead root has no tree.
 */
export function treeOf(rows: CimRow[], root: number, rootStarted?: string | null): number[] {
  const byPid = new Map(rows.map((r) => [r.pid, r]))
  const alive = byPid.get(root)
  if (!alive && !rootStarted) return []
  const tree = [root]
  if (!alive) byPid.set(root, { pid: root, ppid: -1, started: rootStarted ?? null })
  for (let i = 0; i < tree.length; i++) {
    const parent = byPid.get(tree[i] as number) as CimRow
    for (const r of rows) {
      if (r.ppid !== parent.pid || r.pid === parent.pid || tree.includes(r.pid)) continue
      if (r.started && parent.started && r.started < parent.started) continue
      tree.push(r.pid)
    }
  }
  return alive ? tree : tree.slice(1)
}

const system32 = (exe: string): string => join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', exe)

function cimRows(filter?: string): CimRow[] {
  try {
    const out = execFileSync(
      system32('WindowsPowerShell\\v1.0\\powershell.exe'),
      ['-NoProfile', '-NonInteractive', '-Command', cimScript(filter)],
      { encoding: 'utf8', windowsHide: true, maxBuffer: 64 << 20, stdio: 'pipe' },
    )
    return parseCimCsv(out)
  } catch {
    return []
  }
}

export const cimProbe: ProcessProbe = {
  startTime: (pid) => cimRows(` -Filter 'ProcessId=${pid}'`).find((r) => r.pid === pid)?.started ?? null,
  groupMembers: (pgid, leaderStarted) => treeOf(cimRows(), pgid, leaderStarted),
  withEnv: () => [],
  commandLine: () => '',
  cwd: () => null,
  signalGroup(pgid) {
    try {
      execFileSync(system32('taskkill.exe'), ['/T', '/F', '/PID', String(pgid)], {
        stdio: 'ignore',
        windowsHide: true,
      })
    } catch {
      // already gone
    }
  },
}
