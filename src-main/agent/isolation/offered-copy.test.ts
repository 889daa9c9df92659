// The offered copy (docs/opencode.md "Every instance sees the skill"): a SKILL.md that is YAML is given as it
// is; one opencode reads through its fallback is given as that fallback makes it; every other file as it is.
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import matter from 'gray-matter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../db/store.fixture'
import { offeredSkillText, sanitizeFrontMatter } from '../../inputs/opencode-front-matter'
import { ensureOfferedCopy, offeredDirOf } from './offered-copy'

const colon =
  '---\nname: pirate\ndescription: Use when: the user asks, arr.\n---\n# Pirate\n\nTalk: like a pirate.\n'
const clean = '---\nname: pirate\ndescription: "Use when: the user asks, arr."\n---\n# Pirate\n'

describe('offeredSkillText', () => {
  it('leaves YAML front matter as it is, and rewrites a plain value holding ": " as opencode does', () => {
    expect(offeredSkillText(clean)).toBe(clean)
    const offered = offeredSkillText(colon)
    expect(offered).toBe(
      '---\nname: pirate\ndescription: |-\n  Use when: the user asks, arr.\n---\n# Pirate\n\nTalk: like a pirate.\n',
    )
    // What opencode reads from either: the same name, description and body.
    expect(() => matter(colon, {})).toThrow()
    expect(matter(offered, {}).data).toEqual({ name: 'pirate', description: 'Use when: the user asks, arr.' })
    expect(matter(offered, {}).content).toBe(matter(sanitizeFrontMatter(colon), {}).content)
  })

  it('keeps a text the fallback cannot mend (opencode then hides it in every instance alike)', () => {
    const broken = '---\nname: [pirate\ndescription: x\n---\nbody\n'
    expect(offeredSkillText(broken)).toBe(broken)
  })
})

describe('ensureOfferedCopy', () => {
  let dir: string
  let snapshot: string
  beforeEach(() => {
    dir = makeTempDir()
    snapshot = join(dir, 'skills', 'pirate', 'h1', 'pirate')
    mkdirSync(join(snapshot, 'scripts'), { recursive: true })
    writeFileSync(join(snapshot, 'SKILL.md'), colon)
    writeFileSync(join(snapshot, 'scripts', 'run.sh'), '#!/bin/sh\necho arr\n')
    chmodSync(join(snapshot, 'scripts', 'run.sh'), 0o755)
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes the copy beside the snapshot, read-only, every file as it is but the SKILL.md', () => {
    const copy = ensureOfferedCopy(snapshot)
    expect(copy).toBe(join(dir, 'skills', 'pirate', 'h1', 'offered', 'pirate'))
    expect(copy).toBe(offeredDirOf(snapshot))
    expect(readFileSync(join(copy, 'SKILL.md'), 'utf8')).toBe(offeredSkillText(colon))
    expect(readFileSync(join(copy, 'scripts', 'run.sh'), 'utf8')).toBe('#!/bin/sh\necho arr\n')
    expect(statSync(join(copy, 'scripts', 'run.sh')).mode & 0o777).toBe(0o555)
    expect(statSync(join(copy, 'SKILL.md')).mode & 0o777).toBe(0o444)
  })

  it('keeps a copy that is right, and replaces one that was changed or has a file too many', () => {
    const copy = ensureOfferedCopy(snapshot)
    const before = statSync(join(copy, 'SKILL.md')).ino
    expect(ensureOfferedCopy(snapshot)).toBe(copy)
    expect(statSync(join(copy, 'SKILL.md')).ino).toBe(before)
    chmodSync(join(copy, 'SKILL.md'), 0o644)
    writeFileSync(join(copy, 'SKILL.md'), '---\nname: pirate\ndescription: tampered\n---\n')
    writeFileSync(join(copy, 'extra.md'), 'not in the snapshot')
    ensureOfferedCopy(snapshot)
    expect(readFileSync(join(copy, 'SKILL.md'), 'utf8')).toBe(offeredSkillText(colon))
    expect(() => statSync(join(copy, 'extra.md'))).toThrow()
  })
})
