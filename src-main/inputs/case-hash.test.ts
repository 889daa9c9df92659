// Case content hashes: canonical, so key order and formatting never matter, content always does.
import { describe, expect, it } from 'vitest'
import { canonicalJson, caseContentHash } from './case-hash'

describe('caseContentHash', () => {
  const body = {
    id: 'c1',
    prompt: 'p',
    files: { 'b.txt': '2', 'a.txt': '1' },
    expectedOutput: null,
    expectations: ['x'],
  }

  it('ignores key order and depends on every field', () => {
    const reordered = {
      expectations: ['x'],
      expectedOutput: null,
      files: { 'a.txt': '1', 'b.txt': '2' },
      prompt: 'p',
      id: 'c1',
    }
    expect(caseContentHash(reordered)).toBe(caseContentHash(body))
    expect(caseContentHash({ ...body, files: { ...body.files, 'a.txt': '1 ' } })).not.toBe(
      caseContentHash(body),
    )
    expect(caseContentHash({ ...body, expectations: [] })).not.toBe(caseContentHash(body))
    expect(caseContentHash(body)).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it('writes canonical JSON', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'é' }], a: true })).toBe(
      '{"a":true,"b":[1,{"c":"é","d":null}]}',
    )
  })
})
