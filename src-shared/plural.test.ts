// A counted word: "1 run", "3 runs" (lint refuses the suffix picked inline: src-main/lint-rules.test.ts).
import { describe, expect, it } from 'vitest'
import { plural } from './plural'

describe('plural', () => {
  it('counts a word, with its own plural where it has one', () => {
    expect([plural(1, 'run'), plural(0, 'run'), plural(3, 'run')]).toEqual(['1 run', '0 runs', '3 runs'])
    expect(plural(2, 'query', 'queries')).toBe('2 queries')
  })
})
