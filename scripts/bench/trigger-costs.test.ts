import { describe, expect, it } from 'vitest'
import { benchProblems, compareCosts } from './trigger-costs'

describe('compareCosts', () => {
  const fullRun = { tokens: [20_000, 22_000], ms: [15_000, 17_000], modelTurns: 14, judgeTokens: [900, 1100] }

  it('compares a probe with a full run whose tokens include its judgement, and shows the turns behind it', () => {
    const out = compareCosts({ tokens: [2500, 2700], ms: [2000, 3000], modelTurns: 2 }, fullRun)
    expect(out.probe).toEqual({ meanTokens: 2600, meanMs: 2500, meanTurns: 1, tokensPerTurn: 2600 })
    expect(out.fullRun).toEqual({
      meanTokens: 22_000,
      meanMs: 16_000,
      meanTurns: 7,
      tokensPerTurn: 3000,
      judgeTokens: 1000,
    })
    expect(out.tokensRatio).toBe(0.12)
    expect(out.timeRatio).toBe(0.16)
    expect(out.withinTarget).toBe(true)
  })

  it('misses the target when either ratio is above 0.2', () => {
    const slow = compareCosts({ tokens: [2600], ms: [4000], modelTurns: 1 }, fullRun)
    expect(slow.tokensRatio).toBeLessThanOrEqual(0.2)
    expect(slow.timeRatio).toBe(0.25)
    expect(slow.withinTarget).toBe(false)
  })

  it('never reports a probe as cheap against a full run that measured nothing', () => {
    const out = compareCosts(
      { tokens: [2600], ms: [2000], modelTurns: 1 },
      { tokens: [], ms: [], modelTurns: 0, judgeTokens: [] },
    )
    expect(out.tokensRatio).toBe(Infinity)
    expect(out.withinTarget).toBe(false)
  })
})

describe('benchProblems', () => {
  const complete = {
    queries: 3,
    rounds: 2,
    probes: 6,
    triggered: 6,
    plannedRuns: 3,
    scoredRuns: 3,
    workDone: 3,
  }

  it('accepts a bench where every probe triggered and every full run scored and did the work', () => {
    expect(benchProblems(complete)).toEqual([])
  })

  it('names each reason the ratio would mean nothing', () => {
    expect(benchProblems({ ...complete, probes: 5, triggered: 4, scoredRuns: 2, workDone: 1 })).toEqual([
      '5 of 6 probes have a result',
      '1 probe(s) did not load the skill',
      '2 of 3 full runs were scored',
      '1 of 3 full runs did the work',
    ])
  })

  it('leaves the work unchecked when the scenario has no check', () => {
    expect(benchProblems({ ...complete, workDone: undefined })).toEqual([])
  })
})
