// The macOS probe reads `ps` (and `lsof`): fed the formats those tools print, and the same columns read live
// from this machine's `ps` must agree with /proc on Linux.
import { spawn } from 'node:child_process'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { linuxProbe } from './linux-proc'
import { commandHasEnv, parseLsofCwd, parsePs, readPs } from './ps-table'

// `LC_ALL=C TZ=UTC ps -axww -E -o pid=,ppid=,pgid=,stat=,lstart=,command=` on macOS: a run's opencode
// (its own group), a tool's shell, a zombie, a stray that left the group, and another owner's stray.
const MACOS_PS = `    1     0     1 Ss   Mon Nov 30 08:01:12 2026 /sbin/launchd
  412     1   412 Ss   Mon Nov 30 08:01:20 2026 /usr/libexec/logd
  781     1   781 S    Wed Dec  2 05:30:01 2026 /Applications/Skill A-B.app/Contents/MacOS/Skill A-B HOME=/Users/ada
  902   781   902 Ss   Wed Dec  2 05:35:36 2026 /Applications/Skill A-B.app/Contents/Resources/app.asar.unpacked/node_modules/opencode-darwin-arm64/bin/opencode run --format json --title case-1 HOME=/private/var/folders/x1/T/skill-ab-r1/home SKILL_AB_OWNER=inst_7f3a PATH=/usr/bin:/bin
  903   902   902 S    Wed Dec  2 05:35:37 2026 /bin/bash -c sleep 600 & echo started SKILL_AB_OWNER=inst_7f3a PATH=/usr/bin:/bin
  904   903   902 Z    Wed Dec  2 05:35:37 2026 <defunct>
  905     1   905 Ss   Wed Dec  2 05:35:38 2026 sleep 600 SKILL_AB_OWNER=inst_7f3a
  906     1   906 Ss   Wed Dec 12 15:35:39 2026 sleep 600 SKILL_AB_OWNER=inst_7f3ab
`
// `lsof -a -d cwd -Fn -p 903` on macOS.
const MACOS_LSOF = 'p903\nfcwd\nn/private/var/folders/x1/T/skill-ab-work/.slot-ab12-0\n'

describe('ps output (macOS format)', () => {
  it('reads pid, parent, group, zombie state and the start time in UTC', () => {
    const rows = parsePs(MACOS_PS)
    expect(rows).toHaveLength(8)
    expect(rows[3]).toMatchObject({
      pid: 902,
      ppid: 781,
      pgid: 902,
      zombie: false,
      started: '2026-12-02T05:35:36Z',
    })
    expect(rows[5]).toMatchObject({ pid: 904, zombie: true, command: '<defunct>' })
    expect(rows[7]?.started).toBe('2026-12-12T15:35:39Z')
    expect(rows[2]?.command).toBe('/Applications/Skill A-B.app/Contents/MacOS/Skill A-B HOME=/Users/ada')
  })

  it('finds an env marker as a whole word only', () => {
    const [, , , opencode, , , , other] = parsePs(MACOS_PS)
    expect(commandHasEnv(opencode?.command ?? '', 'SKILL_AB_OWNER', 'inst_7f3a')).toBe(true)
    expect(commandHasEnv(other?.command ?? '', 'SKILL_AB_OWNER', 'inst_7f3a')).toBe(false)
    expect(commandHasEnv(other?.command ?? '', 'SKILL_AB_OWNER', 'inst_7f3ab')).toBe(true)
  })

  it('reads the working directory lsof prints', () => {
    expect(parseLsofCwd(MACOS_LSOF)).toBe('/private/var/folders/x1/T/skill-ab-work/.slot-ab12-0')
    expect(parseLsofCwd('')).toBeNull()
  })
})

describe('the macOS probe over those outputs', () => {
  afterEach(() => {
    vi.doUnmock('node:child_process')
    vi.resetModules()
  })

  it('a group is its live members, a sweep finds every marked process, zombies left out', async () => {
    const calls: string[][] = []
    vi.doMock('node:child_process', () => ({
      execFileSync: (file: string, args: string[]) => {
        calls.push([file, ...args])
        return file === 'lsof' ? MACOS_LSOF : MACOS_PS
      },
    }))
    vi.resetModules()
    const { psProbe } = await import('./ps-table')
    expect(psProbe.groupMembers(902)).toEqual([902, 903])
    expect(psProbe.withEnv('SKILL_AB_OWNER', 'inst_7f3a')).toEqual([902, 903, 905])
    expect(psProbe.startTime(902)).toBe('2026-12-02T05:35:36Z')
    expect(psProbe.startTime(12345)).toBeNull()
    expect(psProbe.cwd(903)).toBe('/private/var/folders/x1/T/skill-ab-work/.slot-ab12-0')
    expect(calls[1]).toEqual(['ps', '-axww', '-E', '-o', 'pid=,ppid=,pgid=,stat=,lstart=,command='])
  })
})

describe.runIf(process.platform === 'linux')('ps read live (procps prints the same columns)', () => {
  it('agrees with /proc on a process group, its parents and start time', async () => {
    // lstart has whole seconds, computed from the boot time: allow a second either side.
    const before = Date.now() - 2000
    const child = spawn('sh', ['-c', 'sleep 30 & sleep 30 & wait'], { detached: true, stdio: 'ignore' })
    const pgid = child.pid as number
    try {
      while (linuxProbe.groupMembers(pgid).length < 3) await new Promise((r) => setTimeout(r, 20))
      const rows = readPs(['-axww'])
      const group = rows.filter((r) => r.pgid === pgid)
      expect(group.map((r) => r.pid).sort()).toEqual(linuxProbe.groupMembers(pgid).sort())
      expect(group.filter((r) => r.pid !== pgid).every((r) => r.ppid === pgid)).toBe(true)
      const started = Date.parse(group.find((r) => r.pid === pgid)?.started ?? '')
      expect(started).toBeGreaterThanOrEqual(before)
      expect(started).toBeLessThanOrEqual(Date.now() + 1000)
    } finally {
      linuxProbe.signalGroup(pgid, 'SIGKILL')
    }
  })
})
