import { describe, expect, it } from 'vitest'
import type { CapabilityDecision } from '../../src-shared/decision'
import { judgeNoise, judgeNoiseWarnings, type RepeatedJudgement } from './judge-noise'

const rep = (runId: string, pass: number, score: number | null, extra: Partial<RepeatedJudgement> = {}) => ({
  runId,
  sessionId: `ses_${runId}`,
  measurement: 'm1',
  pass,
  evaluatorId: 'quality',
  score,
  ...extra,
})
const sessions = new Map([
  ['r1', 'ses_r1'],
  ['r2', 'ses_r2'],
])
const weights = new Map([['quality', 1]])

describe('judge noise', () => {
  it('pools the within-run variance over runs: sqrt(Σ squares / Σ (k − 1))', () => {
    // r1: 40, 50, 60 (squares 200, df 2); r2: 70, 80 (squares 50, df 1) → sqrt(250 / 3).
    const rows = [rep('r1', 1, 40), rep('r1', 2, 50), rep('r1', 3, 60), rep('r2', 1, 70), rep('r2', 2, 80)]
    expect(judgeNoise(rows, sessions, weights)).toEqual({
      sd: Math.sqrt(250 / 3),
      runs: 2,
      repeats: 3,
      df: 3,
    })
  })

  it("leaves out another execution's judgements, a failed pass, and says nothing below two passes", () => {
    const rows = [
      rep('r1', 1, 40),
      rep('r1', 2, 60),
      rep('r2', 1, 0, { sessionId: 'ses_old' }),
      rep('r2', 2, 100, { sessionId: 'ses_old' }),
      rep('r1', 3, null),
    ]
    expect(judgeNoise(rows, sessions, weights)).toMatchObject({ sd: Math.sqrt(200), runs: 1, df: 1 })
    expect(judgeNoise([rep('r1', 1, 40)], sessions, weights)).toBeNull()
  })

  it("combines a pass's evaluators by their weights, like a row score", () => {
    const w = new Map([
      ['quality', 3],
      ['tone', 1],
    ])
    const rows = [
      rep('r1', 1, 40),
      rep('r1', 1, 80, { evaluatorId: 'tone' }),
      rep('r1', 2, 60),
      rep('r1', 2, 80, { evaluatorId: 'tone' }),
    ]
    // Passes: (3·40 + 80)/4 = 50 and (3·60 + 80)/4 = 65 → sd of {50, 65}.
    expect(judgeNoise(rows, sessions, w)?.sd).toBeCloseTo(Math.sqrt(112.5), 10)
  })

  it('warns within-judge-noise only when the whole lift CI lies within ± the sd', () => {
    const noise = { sd: 8, runs: 20, repeats: 3, df: 40 }
    const cap = (ciLow: number, ciHigh: number) => ({ ciLow, ciHigh }) as CapabilityDecision
    expect(judgeNoiseWarnings(cap(-3, 6), noise).map((w) => w.code)).toEqual(['within-judge-noise'])
    expect(judgeNoiseWarnings(cap(-3, 6), noise)[0]?.message).toMatch(
      /^the lift's CI \[-3\.0, 6\.0\] lies within ±8\.0/,
    )
    expect(judgeNoiseWarnings(cap(2, 12), noise)).toEqual([])
    expect(judgeNoiseWarnings(cap(-3, 6), null)).toEqual([])
  })
})
