// Means, sample sds, t quantiles and intervals, quantiles, and the seeded PRNG.
import { describe, expect, it } from 'vitest'
import { quantileSorted, sampleSd, sampleVariance, tInterval, tQuantile } from './summary'
import { mean } from '../../src-shared/run-rules'
import { mulberry32, seedFrom } from './prng'

describe('summary statistics', () => {
  it.each([
    { xs: [], mean: null, sd: null },
    { xs: [4], mean: 4, sd: null },
    { xs: [1, 2, 3, 4, 5], mean: 3, sd: Math.sqrt(2.5) },
    { xs: [7, 7, 7], mean: 7, sd: 0 },
  ])('mean and sample sd (n − 1) of $xs', ({ xs, mean: m, sd }) => {
    expect(mean(xs)).toBe(m)
    if (sd === null) expect(sampleSd(xs)).toBeNull()
    else expect(sampleSd(xs)).toBeCloseTo(sd, 12)
    expect(sampleVariance([2, 4])).toBe(2)
  })

  it.each([
    { p: 0.975, dof: 1, t: 12.7062 },
    { p: 0.975, dof: 9, t: 2.2622 },
    { p: 0.975, dof: 29, t: 2.0452 },
    { p: 0.995, dof: 4, t: 4.6041 },
  ])('t($p, $dof) = $t (jstat)', ({ p, dof, t }) => {
    expect(tQuantile(p, dof)).toBeCloseTo(t, 3)
  })

  it('t-interval: mean ± t*·sd/√n, bounds null below 2 values', () => {
    const ci = tInterval([1, 2, 3, 4, 5], 0.05)
    const half = (tQuantile(0.975, 4) * Math.sqrt(2.5)) / Math.sqrt(5)
    expect(ci).toMatchObject({ n: 5, mean: 3, tStar: tQuantile(0.975, 4) })
    expect(ci.low).toBeCloseTo(3 - half, 12)
    expect(ci.high).toBeCloseTo(3 + half, 12)
    expect(tInterval([3], 0.05)).toEqual({ n: 1, mean: 3, sd: null, tStar: null, low: null, high: null })
  })

  it('quantile (type 7) interpolates between order statistics', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5)
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1)
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4)
  })

  it('the PRNG is reproducible from its seed, and seeds derive from text', () => {
    const a = mulberry32(seedFrom('x'))
    const b = mulberry32(seedFrom('x'))
    const draws = [a(), a(), a()]
    expect([b(), b(), b()]).toEqual(draws)
    expect(draws.every((u) => u >= 0 && u < 1)).toBe(true)
    expect(seedFrom('x')).not.toBe(seedFrom('y'))
  })
})
