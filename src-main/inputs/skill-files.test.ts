// The sealed answer key: evals/ and what .skillabignore lists never reach the snapshot nor the skill's hash.
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentHash } from './skill'
import { snapshotSkill } from './skill-snapshot'
import { describeLeftOut, selectSkillFiles } from './skill-files'
import { inputError, tempTree } from './temp-files.fixture'

const SKILL = {
  'SKILL.md': '---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n',
  'scripts/run.sh': 'echo hi\n',
  'a b/é.txt': 'x',
}
const EVALS = {
  'evals/evals.json': '{"skill_name": "demo", "evals": [{"id": 1, "prompt": "p", "expected_output": "KEY"}]}',
  'evals/files/input.csv': 'a,b\n',
}
/** The documented test vector: the hash of SKILL's three files. */
const VECTOR_HASH = 'sha256:02f794052eef70d21a4ff6d451116040737296f720098a706dbfe84b9a27cf7a'

const kept = (dir: string): string[] => selectSkillFiles(dir).files.map((f) => f.rel)

describe('the skill content hash leaves the answer key out', () => {
  it('a skill folder with evals/ and the same folder without it have the same content hash', () => {
    const withEvals = tempTree({ ...SKILL, ...EVALS })
    expect(contentHash(withEvals)).toBe(VECTOR_HASH)
    expect(contentHash(withEvals)).toBe(contentHash(tempTree(SKILL)))
  })

  it('editing evals/ or an ignored file keeps the hash; editing a kept file changes it', () => {
    const base = contentHash(tempTree({ ...SKILL, ...EVALS, '.skillabignore': 'notes/\n', 'notes/a': '1' }))
    expect(
      contentHash(
        tempTree({ ...SKILL, 'evals/evals.json': '{}', '.skillabignore': 'notes/\n', 'notes/a': '2' }),
      ),
    ).toBe(base)
    expect(
      contentHash(
        tempTree({ ...SKILL, ...EVALS, 'scripts/run.sh': 'echo bye\n', '.skillabignore': 'notes/\n' }),
      ),
    ).not.toBe(base)
  })

  it('recipe 1 (what older snapshots recorded) still counts every file', () => {
    const dir = tempTree({ ...SKILL, ...EVALS })
    expect(contentHash(dir, 1)).not.toBe(contentHash(dir, 2))
    expect(contentHash(tempTree(SKILL), 1)).toBe(VECTOR_HASH)
    // Nothing left out: both recipes agree, so old tasks of such skills resume unchanged.
    expect(contentHash(tempTree(SKILL), 1)).toBe(contentHash(tempTree(SKILL), 2))
  })

  it('leaves out only evals/ at the root, whatever its kind; a nested evals/ is skill content', () => {
    const dir = tempTree({ ...SKILL, 'docs/evals/x.md': 'kept' })
    symlinkSync('../elsewhere', join(dir, 'evals'))
    expect(kept(dir)).toEqual(['SKILL.md', 'a b/é.txt', 'docs/evals/x.md', 'scripts/run.sh'])
    expect(selectSkillFiles(dir).evalsFiles).toBe(1)
  })
})

describe('.skillabignore (gitignore syntax)', () => {
  const tree = {
    ...SKILL,
    'notes/todo.md': 'n',
    'notes/keep.md': 'n',
    'build/out.bin': 'b',
    'build/keep.txt': 'k',
    'debug.log': 'l',
    'sub/trace.log': 'l',
    'sub/keep.log': 'l',
    'drafts/a.md': 'd',
    'sub/drafts/b.md': 'd',
  }
  const rules = [
    '# comments and blank lines are skipped',
    '',
    'notes/', // a folder anywhere: re-including a file inside it is impossible (as in git)
    '!notes/keep.md',
    '*.log', // a glob at any depth…
    '!keep.log', // …with an exception
    'build/**', // the contents of a folder…
    '!build/keep.txt', // …so one file can come back
    '/drafts', // anchored: only the root one
  ].join('\n')

  it('applies patterns, negation, folders and anchoring like git; the file itself is left out too', () => {
    const dir = tempTree({ ...tree, '.skillabignore': rules })
    const sel = selectSkillFiles(dir)
    expect(sel.files.map((f) => f.rel)).toEqual([
      'SKILL.md',
      'a b/é.txt',
      'build/keep.txt',
      'scripts/run.sh',
      'sub/drafts/b.md',
      'sub/keep.log',
    ])
    expect(sel.ignored).toEqual([
      'build/out.bin',
      'debug.log',
      'drafts/a.md',
      'notes/keep.md',
      'notes/todo.md',
      'sub/trace.log',
    ])
    expect(describeLeftOut(sel)).toBe('6 ignored files left out of the snapshot')
  })

  it('cannot bring evals/ back', () => {
    const dir = tempTree({ ...SKILL, ...EVALS, '.skillabignore': '!evals/\n!evals/evals.json\n' })
    expect(kept(dir)).toEqual(['SKILL.md', 'a b/é.txt', 'scripts/run.sh'])
    expect(describeLeftOut(selectSkillFiles(dir))).toBe('evals/ left out of the snapshot')
  })

  it('refuses rules that leave out SKILL.md, naming the file and the fix', () => {
    const dir = tempTree({ ...SKILL, '.skillabignore': '*.md\n' })
    const err = inputError(() => snapshotSkill(dir, tempTree()))
    expect(err.message).toMatch(
      /\.skillabignore: it leaves out SKILL\.md.*: remove the line that matches SKILL\.md/,
    )
  })
})

describe('the sealed snapshot', () => {
  it('holds no evals/, no .skillabignore and nothing it lists, and says what it left out', () => {
    const src = tempTree({ ...SKILL, ...EVALS, '.skillabignore': 'private/\n', 'private/answers.md': 'KEY' })
    const data = tempTree()
    const snap = snapshotSkill(src, data)
    expect(snap.contentHash).toBe(VECTOR_HASH)
    expect(snap.recipe1Hash).toBe(contentHash(src, 1))
    expect(snap.files).toBe(3)
    expect(snap.leftOut).toEqual({ evalsFiles: 2, ignored: ['private/answers.md'] })
    expect(readdirSync(snap.snapshotDir).sort()).toEqual(['SKILL.md', 'a b', 'scripts'])
    expect(contentHash(snap.snapshotDir, 1)).toBe(snap.contentHash)
  })

  it('an older snapshot that still holds evals/ is replaced, never reused', () => {
    const src = tempTree({ ...SKILL, ...EVALS })
    const data = tempTree()
    const first = snapshotSkill(src, data)
    // As if an older build had copied the answer key into the folder named by the same hash.
    mkdirSync(join(first.snapshotDir, 'evals'))
    writeFileSync(join(first.snapshotDir, 'evals', 'evals.json'), 'KEY')
    const again = snapshotSkill(src, data)
    expect(again.snapshotDir).toBe(first.snapshotDir)
    expect(existsSync(join(again.snapshotDir, 'evals'))).toBe(false)
  })
})
