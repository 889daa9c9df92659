// JSON text helpers: syntax errors located by line and column, array elements located by line.
import { describe, expect, it } from 'vitest'
import { arrayElementLines, tryParseJson } from './json-text'

describe('tryParseJson', () => {
  it('gives the line and column of a syntax error and a clean reason', () => {
    const r = tryParseJson('{\n  "a": 1\n  "b": 2\n}')
    expect(r).toEqual({ ok: false, line: 3, column: 3, reason: "Expected ',' or '}' after property value" })
  })

  it('puts an unexpected end at the end of the text', () => {
    expect(tryParseJson('{"a":\n')).toMatchObject({
      ok: false,
      line: 2,
      column: 1,
      reason: 'Unexpected end of JSON input',
    })
  })
})

describe('arrayElementLines', () => {
  it('finds where each top-level element starts, ignoring brackets in strings', () => {
    const text = '[\n  {"id": "a", "p": "[{]"},\n\n  {"id": "b",\n   "x": [1, 2]}, 3\n]'
    expect(arrayElementLines(text, [])).toEqual([2, 4, 5])
  })

  it('finds the elements of a nested array by key', () => {
    const text =
      '{"skill_name": "s", "other": [9],\n "evals": [\n  {"id": 1},\n  {"id": 2, "files": ["a"]}\n ]}'
    expect(arrayElementLines(text, ['evals'])).toEqual([3, 4])
  })
})
