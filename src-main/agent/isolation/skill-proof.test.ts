// Unit tests of the isolation verdict: exactly the side's own snapshot, or no skill at all.
import { describe, expect, it } from 'vitest'
import {
  failedProofLines,
  judgeProbeVisibility,
  judgeRunVisibility,
  judgeVisibility,
  nonBuiltIn,
  parseDebugSkill,
} from './skill-proof'
import { sideSkillName, type SideSpec } from '../types'

const spec = (side: 'a' | 'b', snapshotDir: string | null, name = 'pirate'): SideSpec => ({
  side,
  skill: snapshotDir ? { name, snapshotDir, contentHash: 'sha256:x' } : null,
  skillUnderTest: 'pirate',
  model: 'p/m',
  runRoot: '/tmp/r',
  timeoutSec: 60,
  idleTimeoutSec: 30,
})

describe('parseDebugSkill', () => {
  it('reads the JSON array and drops built-ins', () => {
    const out = JSON.stringify([
      { name: 'customize-opencode', location: '<built-in>', content: '…' },
      { name: 'pirate', location: '/d/skills/pirate/h/pirate/SKILL.md', description: 'd' },
    ])
    expect(nonBuiltIn(parseDebugSkill(`noise\n${out}\n`))).toEqual([
      { name: 'pirate', location: '/d/skills/pirate/h/pirate/SKILL.md' },
    ])
    expect(() => parseDebugSkill('no json')).toThrow(/no JSON array/)
  })
})

describe('judgeVisibility', () => {
  const mine = { name: 'pirate', location: '/d/skills/pirate/h1/pirate/SKILL.md' }
  it('side b must see exactly its own snapshot', () => {
    expect(judgeVisibility(spec('b', '/d/skills/pirate/h1/pirate'), [mine]).ok).toBe(true)
    expect(judgeVisibility(spec('b', '/d/skills/pirate/h1/pirate'), []).ok).toBe(false)
    const other = { name: 'pirate', location: '/home/u/.claude/skills/pirate/SKILL.md' }
    const r = judgeVisibility(spec('b', '/d/skills/pirate/h1/pirate'), [mine, other])
    expect(r.ok).toBe(false)
    expect(r.message).toContain('.claude')
  })
  it('side a without a skill must see none; with a baseline version, exactly its own', () => {
    expect(judgeVisibility(spec('a', null), []).ok).toBe(true)
    const leak = judgeVisibility(spec('a', null), [mine])
    expect(leak.ok).toBe(false)
    expect(leak.message).toContain('skill under test')
    expect(judgeVisibility(spec('a', '/d/skills/pirate/h0/pirate'), [mine]).ok).toBe(false)
    expect(judgeVisibility(spec('a', '/d/skills/pirate/h1/pirate'), [mine]).ok).toBe(true)
  })
  it('side a with a baseline skill of another name: exactly its own, never the skill under test', () => {
    const own = { name: 'parrot', location: '/d/skills/parrot/h2/parrot/SKILL.md' }
    const baseline = spec('a', '/d/skills/parrot/h2/parrot', 'parrot')
    expect(judgeVisibility(baseline, [own]).ok).toBe(true)
    const leak = judgeVisibility(baseline, [own, mine])
    expect(leak.ok).toBe(false)
    expect(leak.message).toContain('including the skill under test "pirate"')
    expect(sideSkillName(baseline)).toBe('parrot')
    expect(sideSkillName(spec('a', null))).toBe('pirate')
  })
})

describe('judgeProbeVisibility', () => {
  const probe = { ...spec('b', null), skillUnderTest: 'pdf' }
  const at = (name: string) => ({ name, location: `/probe/skills/${name}/SKILL.md` })

  it('holds when the probes see exactly the skill under test and the competing skills', () => {
    const proof = judgeProbeVisibility(probe, '/probe/skills', ['pdf', 'docx'], [at('docx'), at('pdf')])
    expect(proof).toMatchObject({ ok: true, message: 'the probes see exactly pdf and 1 competing skill' })
  })

  it('fails on a skill from elsewhere (even one of the same name) and on a missing one', () => {
    const planted = { name: 'pdf', location: '/home/me/.claude/skills/pdf/SKILL.md' }
    expect(judgeProbeVisibility(probe, '/probe/skills', ['pdf'], [planted]).message).toBe(
      'the probes see skills they must not see: pdf (/home/me/.claude/skills/pdf/SKILL.md)',
    )
    expect(judgeProbeVisibility(probe, '/probe/skills', ['pdf', 'docx'], [at('pdf')])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^the probes do not see docx in \/probe\/skills/),
    })
  })
})

describe('judgeRunVisibility (what one run is offered in its work dir)', () => {
  const mine = { name: 'pirate', location: '/d/skills/pirate/h1/pirate/SKILL.md' }
  const kit = { name: 'case-kit', location: '/w/slot-0/.opencode/skills/case-kit/SKILL.md' }
  it("allows the skills the case ships in its own work dir, beside exactly the side's own", () => {
    const b = judgeRunVisibility(spec('b', '/d/skills/pirate/h1/pirate'), '/w/slot-0', [mine, kit])
    expect(b).toMatchObject({ ok: true, visible: [mine, kit] })
    expect(judgeRunVisibility(spec('a', null), '/w/slot-0', [kit]).ok).toBe(true)
    // The same skill anywhere else is foreign.
    const elsewhere = { ...kit, location: '/w/slot-1/.opencode/skills/case-kit/SKILL.md' }
    expect(judgeRunVisibility(spec('a', null), '/w/slot-0', [elsewhere]).ok).toBe(false)
  })

  it('refuses a skill the case ships under the name of the skill under test', () => {
    const copy = { name: 'pirate', location: '/w/slot-0/.opencode/skills/pirate/SKILL.md' }
    const a = judgeRunVisibility(spec('a', null), '/w/slot-0', [copy])
    expect(a.ok).toBe(false)
    expect(a.message).toMatch(/the case ships a skill named like the skill under test \(pirate at /)
  })
})

describe('failed proofs as lines', () => {
  const model = 'model p/x: provider "p" has no such model; it has: p/m'
  it('says a problem both sides share once, for both; each side its own problem', () => {
    const both = [
      { side: 'a', ok: false, message: model },
      { side: 'b', ok: false, message: model },
    ]
    expect(failedProofLines(both)).toEqual([`sides a and b: ${model}`])
    expect(failedProofLines(both, 'version')).toEqual([`versions a and b: ${model}`])
    const own = [
      { side: 'a', ok: true, message: 'side a sees no skill' },
      { side: 'b', ok: false, message: 'side b does not see its skill pirate at /s/SKILL.md' },
    ]
    // A message that names its side is not prefixed with it again.
    expect(failedProofLines(own)).toEqual(['side b does not see its skill pirate at /s/SKILL.md'])
  })
})
