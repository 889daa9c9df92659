// Pass boundaries of the group-sequential design against published Lan–DeMets Pocock-type values.
import { describe, expect, it } from 'vitest'
import { nominalAlpha, passBoundaries, pocockSpent } from './sequential'

describe('Pocock-type alpha spending (one-sided 0.025)', () => {
  it('one look is the fixed design: z = 1.96, a two-sided level of 0.05', () => {
    const [c] = passBoundaries([1], 0.025)
    expect(c).toBeCloseTo(1.96, 3)
    expect(nominalAlpha(c as number)).toBeCloseTo(0.05, 4)
  })

  it.each([
    { times: [0.5, 1], z: [2.157, 2.201] },
    { times: [0.2, 0.4, 0.6, 0.8, 1], z: [2.438, 2.4268, 2.4101, 2.3966, 2.3859] },
  ])('equally spaced looks $times → boundaries $z', ({ times, z }) => {
    const got = passBoundaries(times, 0.025)
    got.forEach((c, i) => expect(c).toBeCloseTo(z[i] as number, 3))
  })

  it('spends nothing at t = 0, everything at t = 1, and a third of it by t ≈ 0.23', () => {
    expect(pocockSpent(0, 0.025)).toBe(0)
    expect(pocockSpent(1, 0.025)).toBe(0.025)
    expect(pocockSpent(0.23, 0.025) / 0.025).toBeCloseTo(0.33, 1)
  })

  it('every look after the first is stricter than the fixed design, and earlier looks cost the final one', () => {
    const two = passBoundaries([0.4, 1], 0.025)
    expect(two[1] as number).toBeGreaterThan(1.96)
    expect(nominalAlpha(two[1] as number)).toBeLessThan(0.05)
  })
})
