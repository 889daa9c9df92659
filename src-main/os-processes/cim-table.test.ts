// The Windows probe reads PowerShell's Get-CimInstance Win32_Process as CSV and ends trees with taskkill:
// fed the output Windows PowerShell 5.1 prints for the probe's script (CRLF, every field quoted).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cimScript, parseCimCsv, treeOf } from './cim-table'

// The app (7420) ran opencode (8100), whose bash (8120) started a sleep (8124). 8300 names 8100 as its
// parent but started before it: that parent id was reused, 8300 is not opencode's child.
const rows = [
  '"ProcessId","ParentProcessId","Started"',
  '"0","0",""',
  '"4","0","2026-11-30T08:01:02.1250000Z"',
  '"612","4","2026-11-30T08:01:03.5000000Z"',
  '"7420","6112","2026-12-02T05:30:01.1234567Z"',
  '"8100","7420","2026-12-02T05:35:36.0000001Z"',
  '"8120","8100","2026-12-02T05:35:37.2000000Z"',
  '"8124","8120","2026-12-02T05:35:37.3000000Z"',
  '"8300","8100","2026-12-01T22:10:00.0000000Z"',
]
const CIM_CSV = `${rows.join('\r\n')}\r\n`

describe('Get-CimInstance Win32_Process as CSV', () => {
  it('reads pid, parent and the UTC start time; the idle process has none', () => {
    const parsed = parseCimCsv(CIM_CSV)
    expect(parsed).toHaveLength(8)
    expect(parsed[0]).toEqual({ pid: 0, ppid: 0, started: null })
    expect(parsed[4]).toEqual({ pid: 8100, ppid: 7420, started: '2026-12-02T05:35:36.0000001Z' })
  })

  it('reads columns by name, whatever their order, quoted or not', () => {
    const csv =
      'Node,Started,ProcessId,Name,ParentProcessId\nPC,2026-12-02T05:35:36Z,8100,"open,""code""",7420\n'
    expect(parseCimCsv(csv)).toEqual([{ pid: 8100, ppid: 7420, started: '2026-12-02T05:35:36Z' }])
    expect(parseCimCsv('')).toEqual([])
  })

  it('a group is the process tree; a reused parent id is not a child', () => {
    const parsed = parseCimCsv(CIM_CSV)
    expect(treeOf(parsed, 8100)).toEqual([8100, 8120, 8124])
    expect(treeOf(parsed, 9999)).toEqual([])
  })

  it("a dead leader's orphans are found by its recorded start time", () => {
    // bash (8120) exited and left its sleep (8124); 8126 names 8120 too but is older than bash was.
    const older = '"8126","8120","2026-12-01T09:00:00.0000000Z"'
    const parsed = parseCimCsv([...rows.filter((r) => !r.startsWith('"8120"')), older].join('\r\n'))
    expect(treeOf(parsed, 8120, '2026-12-02T05:35:37.2000000Z')).toEqual([8124])
    expect(treeOf(parsed, 8120)).toEqual([])
  })

  it('asks for start times that do not depend on the culture', () => {
    expect(cimScript(" -Filter 'ProcessId=8100'")).toBe(
      "Get-CimInstance Win32_Process -Filter 'ProcessId=8100' | Select-Object ProcessId,ParentProcessId," +
        "@{n='Started';e={if ($_.CreationDate) { $_.CreationDate.ToUniversalTime().ToString('o') }}} | ConvertTo-Csv -NoTypeInformation",
    )
  })
})

describe('the Windows probe', () => {
  afterEach(() => {
    vi.doUnmock('node:child_process')
    vi.resetModules()
  })

  it('reads start times and trees through PowerShell and ends a tree with taskkill /T /F', async () => {
    const calls: string[][] = []
    vi.doMock('node:child_process', () => ({
      execFileSync: (file: string, args: string[]) => {
        calls.push([file, ...args])
        if (file.endsWith('taskkill.exe')) return ''
        const filter = /ProcessId=(\d+)/.exec(args.at(-1) ?? '')
        return filter
          ? [rows[0], ...rows.filter((r) => r.startsWith(`"${filter[1]}"`))].join('\r\n')
          : CIM_CSV
      },
    }))
    vi.resetModules()
    const { cimProbe } = await import('./cim-table')
    expect(cimProbe.startTime(8124)).toBe('2026-12-02T05:35:37.3000000Z')
    expect(cimProbe.startTime(5)).toBeNull()
    expect(cimProbe.groupMembers(8120)).toEqual([8120, 8124])
    expect(calls[0]?.[0]).toMatch(/System32[\\/]WindowsPowerShell[\\/]v1\.0[\\/]powershell\.exe$/)
    expect(calls[0]?.slice(1, 4)).toEqual(['-NoProfile', '-NonInteractive', '-Command'])
    calls.length = 0
    cimProbe.signalGroup(8100, 'SIGTERM')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.[0]).toMatch(/System32[\\/]taskkill\.exe$/)
    expect(calls[0]?.slice(1)).toEqual(['/T', '/F', '/PID', '8100'])
    // No tool reads another process's environment there: a sweep by marker finds nothing.
    expect(cimProbe.withEnv('SKILL_AB_OWNER', 'inst_1')).toEqual([])
  })
})
