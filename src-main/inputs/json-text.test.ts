// JSON text helpers: syntax errors located by line and column, array elements located by line.
import { describe, expect, it } from 'vitest'
import { arrayElementLines, parseJsonText, tryParseJson, tryParseJsonc } from './json-text'

describe('tryParseJson', () => {
  it('gives the line and column of a syntax error and a clean reason', () => {
    const r = tryParseJson('{\n  "a": 1\n  "b": 2\n}')
    expect(r).toEqual({
      ok: false,
      line: 3,
      column: 3,
      reason: "expected ',' or '}' after a property, found '\"'",
    })
  })

  it('puts an unexpected end at the end of the text', () => {
    expect(tryParseJson('{"a":\n')).toMatchObject({
      ok: false,
      line: 2,
      column: 1,
      reason: 'unexpected end of the text: expected a value',
    })
  })

  // The built-in parser names no position for these: each must be found where it is, not at the end.
  const located: [string, string, number, number, RegExp][] = [
    ['a comment on line 1', '// the config\n{\n  "name": "t"\n}\n\n\n', 1, 1, /comments are not allowed/],
    ['a block comment on line 3', '{\n  "a": 1,\n  /* x */ "b": 2\n}', 3, 3, /comments are not allowed/],
    ['a trailing comma in an array', '{"a": [1, 2,]\n}\n\n', 1, 12, /trailing comma before '\]'/],
    ['a misspelt literal', '[\n {"a": tru}\n]', 2, 8, /"tru"/],
    ['NaN', '{\n"a": NaN}', 2, 6, /NaN is not a JSON number/],
    ['single quotes', '{"a": \'x\'}\n\n', 1, 7, /double quotes/],
    ['a string never closed', '{"a": "x}\n', 1, 7, /never closed/],
    ['a number too large', '{\n  "repeatRounds": 1e999\n}', 2, 19, /the number 1e999 is too large/],
    ['a long run of digits', `[${'9'.repeat(400)}]`, 1, 2, /too large/],
  ]
  it.each(located)('locates %s', (_what, text, line, column, reason) => {
    const r = tryParseJson(text)
    expect(r).toMatchObject({ ok: false, line, column })
    expect(r.ok ? '' : r.reason).toMatch(reason)
  })

  it('keeps large numbers that fit a double', () => {
    expect(tryParseJson('{"a": 1e300, "b": "1e999"}')).toEqual({ ok: true, value: { a: 1e300, b: '1e999' } })
  })
})

describe('parseJsonText', () => {
  const parse = (text: string) => () => parseJsonText(text, 'c.json', 'fix it')

  it('refuses a key given twice in one object, at the second, naming the first', () => {
    expect(parse('{"a": 1,\n "b": {"a": 2, "c": 3},\n "\\u0061": 4}')).toThrow(
      'c.json line 3, column 2: the key "a" is given twice in one object (first on line 1, column 2): only the last would count: give each key once',
    )
    expect(parse(`{"b": {"${'k'.repeat(100)}": 1, "${'k'.repeat(100)}": 2}}`)).toThrow(
      `the key "${'k'.repeat(60)}…" is given twice`,
    )
  })

  it('takes one key in several objects, and arrays of objects', () => {
    expect(parse('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}')()).toEqual({
      a: { a: 1 },
      b: [{ a: 1 }, { a: 2 }],
    })
  })
})

describe('tryParseJsonc', () => {
  it('reads comments and trailing commas as opencode does', () => {
    const text = '// providers\n{\n  "model": "a/b", /* why */\n  "list": [1, 2,],\n}\n'
    expect(tryParseJsonc(text)).toEqual({ ok: true, value: { model: 'a/b', list: [1, 2] } })
  })

  it('refuses what opencode refuses, at its position, repairing nothing', () => {
    expect(
      tryParseJsonc('// c\n{\n  "provider": {\n    "x": { "options": { baseURL: "u" } }\n  }\n}'),
    ).toMatchObject({
      ok: false,
      line: 4,
      column: 25,
    })
    expect(tryParseJsonc('{"a": 1 /* never closed\n}')).toMatchObject({ ok: false, line: 1, column: 9 })
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
