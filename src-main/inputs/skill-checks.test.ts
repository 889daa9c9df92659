// What a skill snapshot may hold: no links, no pipes or devices, no giant files, a UTF-8 SKILL.md; every
// problem named with its file, and nothing written when a skill is refused.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inspectSkill } from './skill'
import { snapshotSkill } from './skill-snapshot'
import { MAX_SKILL_BYTES, MAX_SKILL_FILE_BYTES } from './skill-checks'
import { inputError, shown, tempTree } from './temp-files.fixture'

const SKILL_MD = '---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n'
const GiB = 1024 ** 3
const MiB = 1024 ** 2

/** A sparse file of `size` bytes: takes no disk space and must never be read. */
function sparse(path: string, size: number): void {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, '')
  truncateSync(path, size)
}
const fifo = (path: string): void => void execFileSync('mkfifo', [path])

/** Builds a bad skill in a fresh folder; `data` is the data dir beside it (for links into it). */
type Build = (skill: string, data: string) => void

const refused: [string, Build, string[]][] = [
  [
    'a symlink to /etc/shadow',
    (s) => symlinkSync('/etc/shadow', join(s, 'secret.txt')),
    ['secret.txt: is a symbolic link to /etc/shadow, outside the skill folder', '.skillabignore'],
  ],
  [
    'a relative link into the data dir',
    (s) => symlinkSync('../data/skill-ab.db', join(s, 'db')),
    ['db: is a symbolic link to ../data/skill-ab.db (', '/data/skill-ab.db), outside the skill folder'],
  ],
  [
    'a link to a folder',
    (s) => symlinkSync('/root', join(s, 'rootdir')),
    ['rootdir: is a symbolic link to /root, outside the skill folder'],
  ],
  [
    'a link that stays inside the skill',
    (s) => (writeFileSync(join(s, 'run.sh'), 'echo\n'), symlinkSync('run.sh', join(s, 'alias.sh'))),
    [
      'alias.sh: is a symbolic link to run.sh (',
      'inside the skill folder; a skill snapshot holds regular files only',
    ],
  ],
  [
    'a named pipe',
    (s) => fifo(join(s, 'pipe')),
    ['pipe: is a named pipe (FIFO); a skill snapshot holds regular files only: remove it'],
  ],
  [
    'a 3 GiB sparse file',
    (s) => sparse(join(s, 'data/big.bin'), 3 * GiB),
    ['data/big.bin: is 3 GiB, over the 5 MiB limit for one skill file: list "data/big.bin" in'],
  ],
  [
    'a file one byte over the limit',
    (s) => sparse(join(s, 'a.bin'), MAX_SKILL_FILE_BYTES + 1),
    ['a.bin: is 5 MiB (5242881 bytes), over the 5 MiB limit for one skill file'],
  ],
  [
    'files that add up to more than the skill limit',
    (s) => {
      for (let i = 1; i <= 5; i++) sparse(join(s, `part${i}.bin`), 4.5 * MiB)
    },
    ['files add up to 22.5 MiB (6 files), over the 20 MiB limit for one skill', 'largest: part1.bin 4.5 MiB'],
  ],
  [
    'a SKILL.md that is not UTF-8',
    (s) => writeFileSync(join(s, 'SKILL.md'), Buffer.from(`${SKILL_MD}Caf\xe9\n`, 'latin1')),
    ['SKILL.md line 6: is not UTF-8 text: the byte at offset 56 (0xe9) is not valid UTF-8'],
  ],
  [
    'a SKILL.md that is a link',
    (s, d) => {
      writeFileSync(join(d, 'SKILL.md'), SKILL_MD)
      execFileSync('ln', ['-sf', join(d, 'SKILL.md'), join(s, 'SKILL.md')])
    },
    ['SKILL.md: is a symbolic link to', 'outside the skill folder'],
  ],
  [
    'a SKILL.md that is a named pipe',
    (s) => (execFileSync('rm', [join(s, 'SKILL.md')]), fifo(join(s, 'SKILL.md'))),
    ['SKILL.md: is a named pipe (FIFO)'],
  ],
  [
    'a .skillabignore that is a named pipe',
    (s) => fifo(join(s, '.skillabignore')),
    ['.skillabignore: is not a regular file'],
  ],
]

describe('a skill snapshot holds regular files of bounded size only', () => {
  it.each(refused)('refuses %s, naming the file, and writes nothing', (_what, build, words) => {
    const root = tempTree({ 'skill/SKILL.md': SKILL_MD })
    const skill = join(root, 'skill')
    const data = join(root, 'data')
    mkdirSync(data)
    build(skill, data)
    const err = inputError(() => snapshotSkill(skill, data))
    const text = shown(err, skill).message
    for (const w of words) expect(text).toContain(w)
    expect(readdirSync(data).filter((n) => n !== 'SKILL.md')).toEqual([])
  })

  it('lists every problem at once', () => {
    const skill = tempTree({ 'SKILL.md': SKILL_MD })
    symlinkSync('/etc/passwd', join(skill, 'a'))
    fifo(join(skill, 'b'))
    sparse(join(skill, 'c'), GiB)
    const err = inputError(() => inspectSkill(skill))
    expect(err.problems).toHaveLength(3)
    expect(err.message).toMatch(/3 problems/)
  })

  it('leaves out what evals/ and .skillabignore hold: links, pipes and giants there are never read', () => {
    const skill = tempTree({ 'SKILL.md': SKILL_MD, '.skillabignore': 'data/\nlink\n', 'bin.dat': '\x00\xff' })
    sparse(join(skill, 'data/huge.bin'), 3 * GiB)
    sparse(join(skill, 'evals/files/huge.csv'), 3 * GiB)
    symlinkSync('/etc/shadow', join(skill, 'link'))
    fifo(join(skill, 'evals/pipe'))
    const data = tempTree()
    const snap = snapshotSkill(skill, data)
    expect(readdirSync(snap.snapshotDir).sort()).toEqual(['SKILL.md', 'bin.dat'])
    expect(snap.leftOut).toEqual({ evalsFiles: 1, ignored: ['data/huge.bin', 'link'] })
    // Too big for the reader that made recipe-1 hashes: no older task can match, so none is computed.
    expect(snap.recipe1Hash).toBe(snap.contentHash)
  })

  it('accepts files just under the limits, binary ones included', () => {
    const skill = tempTree({ 'SKILL.md': SKILL_MD, 'img.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff]) })
    for (let i = 1; i <= 3; i++) sparse(join(skill, `p${i}.bin`), MAX_SKILL_FILE_BYTES)
    expect(3 * MAX_SKILL_FILE_BYTES).toBeLessThan(MAX_SKILL_BYTES)
    const snap = snapshotSkill(skill, tempTree())
    expect(snap.files).toBe(5)
    expect(existsSync(join(snap.snapshotDir, 'p3.bin'))).toBe(true)
  })
})
