// The SKILL.md front matter reader: the YAML forms skills use for name and description.
import { describe, expect, it } from 'vitest'
import { parseFrontMatter } from './front-matter'

function fields(text: string): Record<string, string | null> {
  const fm = parseFrontMatter(text)
  if (!fm.ok) throw new Error(fm.reason)
  return Object.fromEntries([...fm.fields].map(([k, v]) => [k, v.kind === 'scalar' ? v.value : null]))
}

describe('parseFrontMatter', () => {
  it.each([
    ['plain', 'description: Talk like a pirate.', 'Talk like a pirate.'],
    ['plain with a colon (opencode accepts it)', 'description: Use when: asked', 'Use when: asked'],
    ['plain with a comment', 'description: Talk # note', 'Talk'],
    ['plain over two lines', 'description: Talk like\n  a pirate.', 'Talk like a pirate.'],
    ['double quoted with escapes', 'description: "Say \\"arr\\"\\tnow"', 'Say "arr"\tnow'],
    ['single quoted', "description: 'It''s: fine'", "It's: fine"],
    ['folded block', 'description: >\n  one\n  two\n\n  three\n', 'one two\nthree\n'],
    ['literal block, stripped', 'description: |-\n  one\n  two\n', 'one\ntwo'],
  ])('reads a %s value', (_name, yaml, want) => {
    expect(fields(`---\nname: x\n${yaml}\n---\nbody`).description).toBe(want)
  })

  it('reports nested maps and lists as structure, not text', () => {
    expect(fields('---\nmetadata:\n  owner: me\ntags:\n  - a\nflow: [a, b]\n---\n')).toEqual({
      metadata: null,
      tags: null,
      flow: null,
    })
  })

  it('returns the body and tells missing from unclosed front matter', () => {
    const fm = parseFrontMatter('---\nname: x\n---\n# Title\n')
    expect(fm.ok && fm.body).toBe('# Title\n')
    expect(parseFrontMatter('# Title\n')).toEqual({ ok: false, reason: 'missing' })
    expect(parseFrontMatter('---\nname: x\n')).toEqual({ ok: false, reason: 'unclosed', line: 1 })
  })
})
