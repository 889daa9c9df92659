import { describe, expect, it } from 'vitest'
import { invalidUtf8Offset } from './utf8'

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))))

describe('invalidUtf8Offset names the first bad byte', () => {
  it.each([
    ['ASCII', bytes('hello\n'), -1],
    ['multi-byte text (é, €, 😀)', bytes('é € 😀'), -1],
    ['empty input', bytes(), -1],
    ['a Latin-1 é after 7 ASCII bytes', bytes('caf\u00e9 ok', [0xe9]), 8],
    ['a lone continuation byte', bytes('ab', [0x80], 'c'), 2],
    ['an overlong "/" (C0 AF)', bytes('x', [0xc0, 0xaf]), 1],
    ['an overlong 3-byte form (E0 80 80)', bytes([0xe0, 0x80, 0x80]), 0],
    ['a UTF-16 surrogate (ED A0 80)', bytes('ok', [0xed, 0xa0, 0x80]), 2],
    ['a code point above U+10FFFF (F4 90 80 80)', bytes([0xf4, 0x90, 0x80, 0x80]), 0],
    ['a sequence cut off by the end', bytes('abc', [0xe2, 0x82]), 3],
    ['a sequence broken by ASCII', bytes('é', [0xe2, 0x41, 0x41]), 2],
  ])('%s', (_what, input, offset) => {
    expect(invalidUtf8Offset(input)).toBe(offset)
    // Agrees with the platform's strict decoder on whether the input is valid.
    let valid = true
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(input)
    } catch {
      valid = false
    }
    expect(offset === -1).toBe(valid)
  })
})
