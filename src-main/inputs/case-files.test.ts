// A case's files as loadDataset reads them (case-files.ts): inline paths and filesDir kept inside their
// roots, symlinks, limits, binary content; each refusal names the case, its line and what to do.
import { symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pathsThatCannotCoexist } from './case-files'
import { loadDataset } from './dataset'
import { inputError, jsonl, tempTree } from './temp-files.fixture'

describe("loadDataset: a case's files", () => {
  it.each([
    ['an absolute filesDir', { filesDir: '/etc' }, /filesDir "\/etc" is absolute/],
    [
      'a NUL character in filesDir',
      { filesDir: 'fx\u0000' },
      /filesDir "fx\\u0000" holds a NUL character \(U\+0000\) at character 3, which no path can/,
    ],
    ['a ".." filesDir', { filesDir: 'fx/../../x' }, /filesDir "fx\/..\/..\/x" leaves the dataset's folder/],
    [
      'a missing filesDir',
      { filesDir: 'nope' },
      /filesDir "nope" not found: .*: create the folder or fix the path/,
    ],
    ['an inline path with ".."', { files: { '../x': '' } }, /files\["\.\.\/x"\]: the path uses "\.\."/],
    ['an inline absolute path', { files: { '/x': '' } }, /files\["\/x"\]: the path is absolute/],
    ['a Windows drive path', { files: { 'C:/x': '' } }, /files\["C:\/x"\]: the path is absolute/],
    [
      'a colon inside a path',
      { files: { 'src/x:y.txt': '' } },
      /files\["src\/x:y\.txt"\]: the path holds a colon, which Windows does not allow in a file name/,
    ],
    ['an inline path into .git', { files: { '.git/config': '' } }, /the path is inside "\.git"/],
  ])('refuses %s', (_name, extra, want) => {
    const dir = tempTree({ 'sub/d.jsonl': jsonl({ id: 'a', prompt: 'p', ...extra }), 'x/y.txt': 'outside' })
    const err = inputError(() => loadDataset(join(dir, 'sub', 'd.jsonl')))
    expect(err.message).toMatch(want)
    expect(err.line).toBe(1)
  })

  it('refuses symlinks that point outside the dataset folder, in filesDir or as filesDir', () => {
    const outside = tempTree({ 'secret.txt': 'nope' })
    const dir = tempTree({
      'd.jsonl': jsonl({ id: 'a', prompt: 'p', filesDir: 'f' }, { id: 'b', prompt: 'p', filesDir: 'g' }),
      'f/ok.txt': 'ok',
    })
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'f', 'leak.txt'))
    symlinkSync(outside, join(dir, 'g'))
    const err = inputError(() => loadDataset(join(dir, 'd.jsonl')))
    expect(err.problems[0]).toMatch(
      /line 1: f\/leak\.txt is a symlink to .*secret\.txt, outside .* \(case "a"\): copy the file/,
    )
    expect(err.problems[1]).toMatch(/line 2: filesDir "g" is a symlink to .*, outside /)
  })

  it('never makes the dataset file itself a case file (the agent would read every expected output)', () => {
    const dir = tempTree({
      'd.jsonl': jsonl({ id: 'a', prompt: 'p', filesDir: '.', expectedOutput: 'KEY' }),
      'skill/SKILL.md': 'x',
      'skill/evals/evals.json': JSON.stringify({
        skill_name: 's',
        evals: [{ id: 1, prompt: 'p', expected_output: 'KEY', files: ['evals/evals.json'] }],
      }),
    })
    expect(inputError(() => loadDataset(join(dir, 'd.jsonl'))).problems).toEqual([
      expect.stringMatching(
        /line 1: filesDir "\." holds the dataset file itself \(\.\/d\.jsonl\) \(case "a"\): keep the case's files/,
      ),
    ])
    expect(inputError(() => loadDataset(join(dir, 'skill/evals/evals.json'))).problems).toEqual([
      expect.stringMatching(/files: "evals\/evals\.json" is the dataset file itself \(case "1"\)/),
    ])
  })

  it('follows symlinks that stay inside the dataset folder', () => {
    const dir = tempTree({
      'd.jsonl': jsonl({ id: 'a', prompt: 'p', filesDir: 'f' }),
      'common/lib.py': 'x\n',
      'f/a.txt': 'a',
    })
    symlinkSync('../common', join(dir, 'f', 'lib'))
    expect(loadDataset(join(dir, 'd.jsonl')).cases[0]?.files).toEqual({ 'a.txt': 'a', 'lib/lib.py': 'x\n' })
  })

  it('refuses oversized files, saying the limit', () => {
    const dir = tempTree({
      'd.jsonl': jsonl({ id: 'a', prompt: 'p', filesDir: 'f' }),
      'f/big.txt': 'x'.repeat(1024 * 1024 + 1),
    })
    const err = inputError(() => loadDataset(join(dir, 'd.jsonl')))
    expect(err.problems).toEqual([
      expect.stringMatching(
        /f\/big\.txt is 1 MiB, over the 1 MiB limit per file \(case "a"\): use a smaller fixture/,
      ),
    ])
  })

  it('keeps a binary file as its bytes, and one changed byte changes the case hash', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff])
    const latin1 = Buffer.from('caf\xe9\n', 'latin1')
    const load = (bytes: Buffer) => {
      const dir = tempTree({
        'd.jsonl': jsonl({ id: 'a', prompt: 'p', filesDir: 'f' }),
        'f/img.png': bytes,
        'f/latin1.txt': latin1,
        'f/notes.txt': 'plain\n',
      })
      return loadDataset(join(dir, 'd.jsonl')).cases[0]!
    }
    const c = load(png)
    expect(c.files).toEqual({
      'img.png': { base64: png.toString('base64') },
      'latin1.txt': { base64: latin1.toString('base64') },
      'notes.txt': 'plain\n',
    })
    const edited = Buffer.from(png)
    edited[7] = 0xfe
    expect(load(edited).contentHash).not.toBe(c.contentHash)
    expect(load(png).contentHash).toBe(c.contentHash)
  })

  it('refuses a case whose files add up to more than 10 MiB', () => {
    const files: Record<string, string> = { 'd.jsonl': jsonl({ id: 'a', prompt: 'p', filesDir: 'f' }) }
    for (let i = 0; i < 11; i++) files[`f/${i}.txt`] = 'y'.repeat(1000 * 1000)
    const err = inputError(() => loadDataset(join(tempTree(files), 'd.jsonl')))
    expect(err.message).toMatch(/the files add up to more than 10 MiB \(case "a"\)/)
  })
})

describe('pathsThatCannotCoexist', () => {
  it.each([
    [['a', 'a/b'], '"a" is a file and also the folder of "a/b"'],
    [['src/x', 'src/x/y/z.py', 'other'], '"src/x" is a file and also the folder of "src/x/y/z.py"'],
    [['README.md', 'readme.md'], 'differ only in letter case'],
    [['Src/a.py', 'src/a.py'], 'differ only in letter case'],
  ])('%j: %s', (paths, words) => {
    expect(pathsThatCannotCoexist(paths)).toContain(words)
  })

  it.each([[['a/b', 'a/c', 'ab']], [['Src/a.py', 'src/b.py']], [['a.txt', 'a.txt.bak', 'a/x']], [[]]])(
    '%j fit in one work dir',
    (paths) => {
      expect(pathsThatCannotCoexist(paths)).toBeNull()
    },
  )
})
