import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { archiveSlot, holdsConfig, shipsConfig, SlotPool, SLOT_PREFIX } from './work-slots'

const roots: string[] = []
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'slots-'))
  roots.push(d)
  return d
}
afterEach(() => {
  for (const d of roots.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('work-dir slots', () => {
  it('a case that ships opencode config, instructions or skills is seen as such, at any depth', () => {
    expect(shipsConfig({ 'src/a.py': '', 'README.md': '' })).toBe(false)
    expect(shipsConfig({ 'AGENTS.md': '' })).toBe(true)
    expect(shipsConfig({ '.opencode/skills/x/SKILL.md': '' })).toBe(true)
    expect(shipsConfig({ 'pkg\\.claude\\settings.json': '' })).toBe(true)
    expect(shipsConfig({ 'sub/opencode.jsonc': '' })).toBe(true)
  })

  it('a folder an agent wrote config into is seen as such; .git does not count', async () => {
    const d = tmp()
    mkdirSync(join(d, '.git', 'info'), { recursive: true })
    writeFileSync(join(d, '.git', 'info', 'AGENTS.md'), '')
    writeFileSync(join(d, 'answer.txt'), 'x')
    expect(await holdsConfig(d)).toBe(false)
    mkdirSync(join(d, 'deep', '.opencode'), { recursive: true })
    expect(await holdsConfig(d)).toBe(true)
    expect(await holdsConfig(join(d, 'missing'))).toBe(true)
  })

  it('a free slot is reused, a busy one is not, and slot names never say the side', () => {
    const parent = tmp()
    const pool = new SlotPool()
    const one = pool.acquire(join(parent, 'run1-a1'))
    const two = pool.acquire(join(parent, 'run2-a1'))
    expect(one.dir).not.toBe(two.dir)
    for (const s of [one, two]) expect(s.dir).toMatch(new RegExp(`/\\${SLOT_PREFIX}[0-9a-f]{8}-\\d+$`))
    pool.release(one, true)
    const again = pool.acquire(join(parent, 'run3-a1'))
    expect(again).toBe(one)
    expect(again.warm).toBe(true)
    pool.close()
  })

  it('slot folders a crashed process left are removed; an open pool keeps its own', () => {
    const parent = tmp()
    const stale = join(parent, `${SLOT_PREFIX}deadbeef-0`)
    mkdirSync(join(stale, '.git'), { recursive: true })
    const other = new SlotPool()
    const live = other.acquire(join(parent, 'r0'))
    mkdirSync(live.dir)
    const pool = new SlotPool()
    pool.acquire(join(parent, 'r1'))
    expect(existsSync(stale)).toBe(false)
    expect(existsSync(live.dir)).toBe(true)
    other.close()
    expect(existsSync(live.dir)).toBe(false)
    pool.close()
  })

  it('a finished slot becomes the run’s own work dir, replacing a leftover of that name', () => {
    const parent = tmp()
    const slot = join(parent, `${SLOT_PREFIX}0a0a0a0a-0`)
    mkdirSync(slot)
    writeFileSync(join(slot, 'answer.txt'), 'mine')
    const workDir = join(parent, 'run1-a1')
    mkdirSync(workDir)
    writeFileSync(join(workDir, 'old.txt'), 'old')
    archiveSlot(slot, workDir)
    expect(existsSync(slot)).toBe(false)
    expect(readFileSync(join(workDir, 'answer.txt'), 'utf8')).toBe('mine')
    expect(existsSync(join(workDir, 'old.txt'))).toBe(false)
  })
})
