// `skill-ab decide` with a fake Io: one decision per line, per-field policy merge, exit codes (bad input:
// decide-bad-inputs.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { experiment, run } from './decide.fixture'

describe('skill-ab decide', () => {
  afterEach(() => vi.restoreAllMocks())

  it('prints one decision (in the export shape) per line, in order, and exits 0', async () => {
    const r = await run([], `${experiment(20)}\n\n${experiment(0)}\n`)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.lines).toHaveLength(2)
    expect(r.lines.map((d) => d.verdict)).toEqual(['pass', 'reject'])
    expect(Object.keys(r.lines[0])).toEqual([
      'verdict',
      'reasons',
      'capability',
      'cost',
      'stability',
      'failures',
      'trigger',
      'pairwise',
      'primary',
      'warnings',
      'casesNeeded',
      'coverage',
    ])
    expect(r.lines[0].cost.ratio).toBeCloseTo(1.1, 12)
    expect(r.lines[0].cost.metrics.time.ratio).toBe(1)
  })

  it('merges policy fields: defaults < --policy file < the line', async () => {
    const files = { '/work/p.json': '{"minLift": 25, "costMetric": "time"}' }
    const lines = [experiment(20), experiment(20, 4, { policy: { minLift: 2 } })].join('\n')
    const r = await run(['--policy', 'p.json'], lines, files)
    expect(r.code).toBe(0)
    expect(r.lines.map((d) => [d.capability.minLift, d.cost.metric, d.stability.tolerance])).toEqual([
      [25, 'time', 10],
      [2, 'time', 10],
    ])
    expect(r.lines.map((d) => d.capability.verdict)).toEqual(['reject', 'pass'])
  })

  it('counts a run as executed when it has tokens or durationMs', async () => {
    const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) =>
      x.side === 'b' && x.caseId === 'c1' ? { ...x, tokens: null, durationMs: undefined } : x,
    )
    const [d] = (await run([], JSON.stringify({ runs }))).lines
    expect(d.cost.metrics.tokens.skippedCases).toEqual(['c1'])
    expect(d.cost.metrics.usd.unknownPrices).toBe(0)
  })

  it('a skill that makes b time out on every case → reject, the reasons naming the failure rate', async () => {
    const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) =>
      x.side === 'b' ? { ...x, score: null, failureType: 'timeout' } : x,
    )
    const [d] = (await run([], JSON.stringify({ runs }))).lines
    expect(d.verdict).toBe('reject')
    expect(d.failures).toMatchObject({ verdict: 'reject', failuresB: 8, runsB: 8, failuresA: 0, runsA: 8 })
    expect(d.capability.perCase.map((c: { b: number }) => c.b)).toEqual([0, 0, 0, 0])
    expect(d.cost.metrics.tokens.skippedCases).toEqual(['c1', 'c2', 'c3', 'c4'])
    expect(d.reasons[0]).toBe(
      'overall: reject — capability and failures (b failed 8 of 8 runs (100%), a 0 of 8 (0%)) reject',
    )
  })

  it('provider errors stay missing, never 0; failedRunScore "missing" leaves timeouts missing too', async () => {
    const withFailure = (failureType: string, policy = {}) => {
      const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) =>
        x.side === 'b' && x.round === 2 ? { ...x, score: null, failureType } : x,
      )
      return JSON.stringify({ runs, policy })
    }
    const r = await run(
      [],
      [withFailure('provider_error'), withFailure('timeout', { failedRunScore: 'missing' })].join('\n'),
    )
    for (const d of r.lines) {
      expect(d.capability.perCase.map((c: { roundsB: number }) => c.roundsB)).toEqual([1, 1, 1, 1])
      expect(d.capability.verdict).toBe('pass')
    }
    expect(r.lines[0].failures).toMatchObject({ failuresB: 0, runsB: 4, excludedB: 4 })
    expect(r.lines[1].failures).toMatchObject({ failuresB: 4, runsB: 8, excludedB: 0 })
  })

  it('skillLoaded, pairwise and baselineHasSkill: trigger rates, the warning, the pairwise verdict as primary', async () => {
    const runs = JSON.parse(experiment(20)).runs.map((x: Record<string, unknown>) => ({
      ...x,
      skillLoaded: x.side === 'b' ? false : true,
    }))
    const pairwise = ['c1', 'c2', 'c3', 'c4'].flatMap((caseId) => [
      { caseId, round: 1, winner: 'a' },
      { caseId, round: 2, winner: 'tie', flipped: true },
    ])
    const line = { runs, pairwise, baselineHasSkill: true, policy: { primary: 'pairwise', alpha: 0.2 } }
    const [d] = (await run([], JSON.stringify(line))).lines
    expect(d.trigger.b).toMatchObject({ runs: 8, invoked: 0, rate: 0 })
    expect(d.trigger.a).toMatchObject({ runs: 8, invoked: 8, rate: 1 })
    expect(d.warnings).toEqual([
      {
        code: 'low-trigger-rate',
        message: expect.stringMatching(/^side b invoked the skill in 0 of 8 runs \(0%\)/),
      },
    ])
    expect(d.pairwise).toMatchObject({ verdict: 'reject', wins: 0, losses: 4, comparisons: 8, flipped: 4 })
    expect(d.primary).toBe('pairwise')
    expect(d.capability.verdict).toBe('pass')
    expect(d.verdict).toBe('reject')
    expect(d.reasons[0]).toBe('overall: reject — pairwise rejects')
  })

  it('is deterministic: same input, same bytes', async () => {
    const a = await run([], experiment(7, 6))
    const b = await run([], experiment(7, 6))
    expect(JSON.stringify(a.lines)).toBe(JSON.stringify(b.lines))
  })
})
