// Skill folders: SKILL.md checks, the content hash and immutable snapshots.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentHash, readSkill } from './skill'
import { snapshotSkill } from './skill-snapshot'
import { inputError, tempTree } from './temp-files.fixture'

const VECTOR = {
  'SKILL.md': '---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n',
  'scripts/run.sh': 'echo hi\n',
  'a b/é.txt': 'x',
}

describe('contentHash', () => {
  it('matches the content-hash test vector (path, NUL, length, NUL, content per file, sorted by UTF-8 path)', () => {
    expect(contentHash(tempTree(VECTOR))).toBe(
      'sha256:02f794052eef70d21a4ff6d451116040737296f720098a706dbfe84b9a27cf7a',
    )
  })

  it('skips .git and does not depend on where the folder is', () => {
    const dir = tempTree({ ...VECTOR, '.git/HEAD': 'ref: refs/heads/main\n', 'sub/.git': 'gitdir: /x\n' })
    expect(contentHash(dir)).toBe(contentHash(tempTree(VECTOR)))
  })

  it('changes when a byte, a name or the file set changes', () => {
    const base = contentHash(tempTree(VECTOR))
    expect(contentHash(tempTree({ ...VECTOR, 'scripts/run.sh': 'echo hi!\n' }))).not.toBe(base)
    expect(contentHash(tempTree({ ...VECTOR, 'extra.txt': '' }))).not.toBe(base)
    const { 'a b/é.txt': _moved, ...rest } = VECTOR
    expect(contentHash(tempTree({ ...rest, 'a b/e.txt': 'x' }))).not.toBe(base)
  })

  it('hashes a symlink as its link text, not its target', () => {
    const a = tempTree(VECTOR)
    symlinkSync('SKILL.md', join(a, 'link'))
    const b = tempTree({ ...VECTOR, link: 'SKILL.md' })
    expect(contentHash(a)).toBe(contentHash(b))
  })
})

describe('readSkill', () => {
  it('reads name and description, quoted, folded or with a colon', () => {
    const dir = tempTree({
      'SKILL.md':
        '\uFEFF---\r\nname: "pirate-speak"\r\ndescription: >\r\n  Use when: the user\r\n  wants pirate talk.\r\nlicense: MIT\r\nmetadata:\r\n  a: b\r\n---\r\nbody\r\n',
    })
    expect(readSkill(dir)).toEqual({
      name: 'pirate-speak',
      description: 'Use when: the user wants pirate talk.',
      dir,
    })
  })

  it('refuses a folder without SKILL.md and says what to add', () => {
    const dir = tempTree({ 'README.md': 'hi' })
    const err = inputError(() => readSkill(dir))
    expect(err.message).toContain('no SKILL.md in the skill folder')
    expect(err.file).toContain('skill-ab-inputs-')
    expect(err.fix).toMatch(/add a SKILL.md .*name: my-skill.*description/)
  })

  it('names the skills a folder of skills holds, and says to pick one', () => {
    const md = (name: string) => `---\nname: ${name}\ndescription: d\n---\n`
    const dir = tempTree({ 'pdf/SKILL.md': md('pdf'), 'docx/SKILL.md': md('docx'), 'README.md': 'hi' })
    const err = inputError(() => readSkill(dir))
    expect(err.message).toContain('holds 2 skills (docx, pdf), not one')
    expect(err.fix).toBe(
      `pick one: give the folder of the skill to test, e.g. ${join(err.file ?? '', 'docx')}`,
    )
  })

  it('points at a wrongly cased skill.md', () => {
    const err = inputError(() => readSkill(tempTree({ 'skill.md': '---\nname: x\n---\n' })))
    expect(err.fix).toBe('rename skill.md to SKILL.md (opencode looks for that exact name)')
  })

  it('refuses SKILL.md without front matter, naming line 1', () => {
    const err = inputError(() => readSkill(tempTree({ 'SKILL.md': '# Just markdown\n' })))
    expect(err.message).toMatch(/SKILL\.md line 1: no YAML front matter/)
  })

  it('refuses a bad name and a missing description together', () => {
    const err = inputError(() => readSkill(tempTree({ 'SKILL.md': '---\nname: Pirate_Speak\n---\n' })))
    expect(err.problems).toHaveLength(2)
    expect(err.problems[0]).toMatch(
      /SKILL\.md line 2: name "Pirate_Speak" is not a valid skill name: .*"pirate-speak"/,
    )
    expect(err.problems[1]).toMatch(/the front matter has no "description": add "description: /)
  })

  it('refuses what opencode would read otherwise: lone-CR line ends, a key given twice', () => {
    const cr = inputError(() =>
      readSkill(tempTree({ 'SKILL.md': '---\rname: pirate-speak\rdescription: Talk.\r---\rbody\r' })),
    )
    expect(cr.message).toMatch(
      /opencode reads this front matter otherwise \(name null, description missing\)/,
    )
    expect(cr.fix).toMatch(/LF \(or CRLF\) line ends: its lines end in a lone CR/)
    const twice = inputError(() =>
      readSkill(
        tempTree({ 'SKILL.md': '---\nname: pirate-speak\nname: pirate-speak\ndescription: d\n---\n' }),
      ),
    )
    expect(twice.message).toMatch(/opencode cannot read the front matter: duplicated mapping key/)
    expect(twice.fix).toMatch(/give "name" and "description" once each/)
  })

  it('refuses a missing folder', () => {
    const err = inputError(() => readSkill(join(tempTree(), 'nope')))
    expect(err.message).toMatch(/nope: skill folder not found: check skill.path/)
  })
})

describe('snapshotSkill', () => {
  it('copies the skill under <dataDir>/skills/<name>/<hex>/<name>, read-only, with the same hash', () => {
    const src = tempTree({ ...VECTOR, '.git/HEAD': 'x' })
    chmodSync(join(src, 'scripts/run.sh'), 0o755)
    const data = tempTree()
    const snap = snapshotSkill(src, data)
    const hex = '02f794052eef70d21a4ff6d451116040737296f720098a706dbfe84b9a27cf7a'
    expect(snap).toEqual({
      name: 'demo',
      description: 'A demo skill.',
      contentHash: `sha256:${hex}`,
      hashRecipe: 2,
      recipe1Hash: `sha256:${hex}`,
      snapshotDir: join(data, 'skills', 'demo', hex, 'demo'),
      label: '02f79405',
      files: 3,
      leftOut: { evalsFiles: 0, ignored: [] },
    })
    expect(contentHash(snap.snapshotDir)).toBe(snap.contentHash)
    expect(existsSync(join(snap.snapshotDir, '.git'))).toBe(false)
    expect(statSync(join(snap.snapshotDir, 'SKILL.md')).mode & 0o777).toBe(0o444)
    expect(statSync(join(snap.snapshotDir, 'scripts/run.sh')).mode & 0o777).toBe(0o555)
    expect(snapshotSkill(src, data, { label: 'v2' }).label).toBe('v2')
  })

  it('reuses an intact snapshot and replaces a damaged one', () => {
    const src = tempTree(VECTOR)
    const data = tempTree()
    const first = snapshotSkill(src, data)
    const marker = statSync(join(first.snapshotDir, 'SKILL.md')).ino
    expect(statSync(join(snapshotSkill(src, data).snapshotDir, 'SKILL.md')).ino).toBe(marker)

    // A crash mid-copy under an older scheme, or a hand edit: the folder is there but incomplete.
    rmSync(join(first.snapshotDir, 'scripts'), { recursive: true, force: true })
    writeFileSync(join(first.snapshotDir, 'stray.txt'), 'half')
    const again = snapshotSkill(src, data)
    expect(again.snapshotDir).toBe(first.snapshotDir)
    expect(contentHash(again.snapshotDir)).toBe(first.contentHash)
    expect(readdirSync(join(data, 'skills', 'demo'))).toEqual([first.contentHash.slice(7)])
  })

  it('ignores a temp folder a crashed copy left behind', () => {
    const src = tempTree(VECTOR)
    const data = tempTree()
    mkdirSync(join(data, 'skills', 'demo', '.tmp-02f79405-abc', 'demo'), { recursive: true })
    const snap = snapshotSkill(src, data)
    expect(readFileSync(join(snap.snapshotDir, 'scripts/run.sh'), 'utf8')).toBe('echo hi\n')
  })

  it('refuses an invalid skill before copying anything', () => {
    const data = tempTree()
    inputError(() => snapshotSkill(tempTree({ 'SKILL.md': '---\nname: x\n---\n' }), data))
    expect(readdirSync(data)).toEqual([])
  })
})
