// A git version's temp folder left by a crashed process is removed by the next one that reads a git
// version; a live process's folder stays, and a reused pid does not keep a dead owner's folder.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { processStartTime } from '../os-processes/process-info'
import { makeGitTemp, sweepStaleGitTemps } from './git-temp'

let base: string
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'git-temp-test-'))
})
afterEach(() => rmSync(base, { recursive: true, force: true }))

/** A temp folder as another process would have left it: a skill folder inside, and this owner marker. */
function plant(name: string, owner: object | null, ageMs = 0): string {
  const root = join(base, `skill-ab-git-${name}`)
  mkdirSync(join(root, 'skill'), { recursive: true })
  writeFileSync(join(root, 'skill', 'SKILL.md'), '---\nname: x\n---\n')
  if (owner) writeFileSync(join(root, 'owner.json'), JSON.stringify(owner))
  const then = new Date(Date.now() - ageMs)
  utimesSync(root, then, then)
  return root
}

const DAY = 24 * 60 * 60 * 1000

describe('sweepStaleGitTemps', () => {
  it("removes a dead owner's folder and keeps a live one's; a reused pid is not the owner", () => {
    const host = hostname()
    const exited = spawnSync(process.execPath, ['-e', '0']).pid
    const me = { pid: process.pid, startTime: processStartTime(process.pid), hostname: host }
    const live = plant('live', me)
    const dead = plant('dead', { pid: exited, startTime: null, hostname: host })
    const reused = plant('reused', { ...me, startTime: 'another start' })
    const elsewhere = plant('elsewhere', { pid: exited, startTime: null, hostname: `not-${host}` })
    const other = join(base, 'not-ours')
    mkdirSync(other)

    expect(sweepStaleGitTemps(base).sort()).toEqual([dead, reused].sort())
    expect(existsSync(join(live, 'skill', 'SKILL.md'))).toBe(true)
    expect(existsSync(elsewhere)).toBe(true)
    expect(existsSync(other)).toBe(true)
  })

  it('removes an unmarked folder only once it is a day old', () => {
    const fresh = plant('fresh', null, 60_000)
    const old = plant('old', null, 2 * DAY)
    expect(sweepStaleGitTemps(base)).toEqual([old])
    expect(existsSync(fresh)).toBe(true)
  })

  it("a folder made by makeGitTemp is marked as this process's, so a sweep keeps it", () => {
    const root = makeGitTemp(base)
    expect(readdirSync(root)).toEqual(['owner.json'])
    expect(sweepStaleGitTemps(base, Date.now() + 2 * DAY)).toEqual([])
    expect(existsSync(root)).toBe(true)
  })
})
