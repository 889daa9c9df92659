// The exact sign test and the seeded case bootstrap.
import { describe, expect, it } from 'vitest'
import { bootstrapMeanCi, signTest } from './resampling'

describe('sign test (exact, two-sided, ties dropped)', () => {
  it.each([
    { xs: [1, 1, 1, 1, 1, 1, 1, 1], positive: 8, negative: 0, ties: 0, p: 2 / 256 },
    { xs: [1, 1, 1, 1, 1, 1, -1, -1], positive: 6, negative: 2, ties: 0, p: (2 * (1 + 8 + 28)) / 256 },
    { xs: [1, -1, 0, 0], positive: 1, negative: 1, ties: 2, p: 1 },
    { xs: [2, 0, 0], positive: 1, negative: 0, ties: 2, p: 1 },
    { xs: [0, 0], positive: 0, negative: 0, ties: 2, p: null },
  ])('$xs → +$positive −$negative ties $ties, p = $p', ({ xs, positive, negative, ties, p }) => {
    const r = signTest(xs)
    expect(r).toMatchObject({ positive, negative, ties })
    if (p === null) expect(r.pValue).toBeNull()
    else expect(r.pValue).toBeCloseTo(p, 12)
  })
})

describe('case bootstrap', () => {
  const xs = [3, 8, -2, 10, 5, 7, 1, 6]

  it('is reproducible from its seed and brackets the mean', () => {
    const one = bootstrapMeanCi(xs, 0.05, 42)
    expect(bootstrapMeanCi(xs, 0.05, 42)).toEqual(one)
    expect(bootstrapMeanCi(xs, 0.05, 43)).not.toEqual(one)
    expect(one?.low).toBeLessThan(4.75)
    expect(one?.high).toBeGreaterThan(4.75)
    expect(one?.low).toBeGreaterThanOrEqual(-2)
    expect(one?.high).toBeLessThanOrEqual(10)
  })

  it('is a point for constant data and null below 2 cases', () => {
    expect(bootstrapMeanCi([4, 4, 4], 0.05, 1)).toEqual({ low: 4, high: 4 })
    expect(bootstrapMeanCi([4], 0.05, 1)).toBeNull()
  })
})
