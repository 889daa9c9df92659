import { describe, expect, it } from 'vitest'
import { pathsThatCannotCoexist } from './case-files'

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
