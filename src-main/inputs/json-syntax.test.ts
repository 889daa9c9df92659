// The JSON scanner agrees with JSON.parse on what is valid: any text JSON.stringify writes scans clean,
// and every text JSON.parse refuses gets a problem from the scanner.
import { describe, expect, it } from 'vitest'
import { blankIgnorable, scanJson } from './json-syntax'

/** A small seeded generator (mulberry32), so a failure names the seed that reproduces it. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const CHARS = ['a', 'é', '"', '\\', '\n', '\t', '\u0001', '/', '*', '🏴', '\u2028', ' ', '{', ']', ',']

function value(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 4 : 6))
  if (pick === 0)
    return next() < 0.5 ? (next() - 0.5) * 10 ** Math.floor(next() * 600 - 300) : Math.floor(next() * 1e6)
  if (pick === 1)
    return Array.from(
      { length: Math.floor(next() * 8) },
      () => CHARS[Math.floor(next() * CHARS.length)],
    ).join('')
  if (pick === 2) return [true, false, null][Math.floor(next() * 3)]
  if (pick === 3) return ''
  if (pick === 4) return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1))
  return Object.fromEntries(
    Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`k${i}${CHARS[i]}`, value(next, depth + 1)]),
  )
}

describe('scanJson', () => {
  it('finds nothing wrong in 500 texts JSON.stringify wrote (seeds 1–500)', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const next = random(seed)
      const text = JSON.stringify(value(next, 0), null, next() < 0.5 ? 2 : undefined)
      expect(scanJson(text).problem, `seed ${seed}: ${text}`).toBeNull()
    }
  })

  it('finds a problem wherever JSON.parse refuses one character cut or changed (seeds 1–300)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed)
      const text = JSON.stringify(value(next, 0))
      const at = Math.floor(next() * text.length)
      const broken =
        text.slice(0, at) + (next() < 0.5 ? '' : ',}]"x'[Math.floor(next() * 5)]) + text.slice(at + 1)
      let valid = true
      try {
        JSON.parse(broken)
      } catch {
        valid = false
      }
      expect(scanJson(broken).problem === null, `seed ${seed}: ${broken}`).toBe(valid)
    }
  })

  it('blanks comments and trailing commas so the text parses as JSON, offsets kept', () => {
    const text = '{ // a\n "a": [1, /* b */ 2,],\n}'
    const scan = scanJson(text, { jsonc: true })
    expect(scan.problem).toBeNull()
    const plain = blankIgnorable(text, scan.ignorable)
    expect(plain).toHaveLength(text.length)
    expect(JSON.parse(plain)).toEqual({ a: [1, 2] })
  })
})
