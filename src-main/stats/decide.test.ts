// The overall decision: verdict combinations, coverage, shape, determinism and the rounds option.
import { describe, expect, it } from 'vitest'
import type { PrimaryJudgement, Verdict } from '../../src-shared/decision'
import { decide, overall } from './decide'
import { casesFrom, fromDiffs, policy, run } from './runs.fixture'

const fullCoverage = { counting: 10, total: 10, rounds: 3, minScoredRounds: 2, sufficient: true }

const v = (capability: Verdict, cost: Verdict, stability: Verdict, failures: Verdict = 'pass') => ({
  capability,
  cost,
  stability,
  failures,
  pairwise: null,
})

describe('overall verdict', () => {
  it.each<[Verdict, Verdict, Verdict, Verdict, Verdict]>([
    ['pass', 'pass', 'pass', 'pass', 'pass'],
    ['pass', 'inconclusive', 'inconclusive', 'inconclusive', 'pass'],
    ['pass', 'reject', 'pass', 'pass', 'reject'],
    ['pass', 'pass', 'reject', 'pass', 'reject'],
    ['pass', 'pass', 'pass', 'reject', 'reject'],
    ['reject', 'pass', 'pass', 'pass', 'reject'],
    ['inconclusive', 'pass', 'pass', 'pass', 'inconclusive'],
    ['inconclusive', 'reject', 'inconclusive', 'pass', 'reject'],
    ['inconclusive', 'pass', 'pass', 'reject', 'reject'],
    ['reject', 'reject', 'reject', 'reject', 'reject'],
  ])(
    'capability %s, cost %s, stability %s, failures %s → %s',
    (capability, cost, stability, failures, expected) => {
      expect(overall(v(capability, cost, stability, failures), fullCoverage).verdict).toBe(expected)
    },
  )

  it('names the rejecting dimensions, with the failure rates when failures rejects', () => {
    expect(overall(v('pass', 'reject', 'reject'), fullCoverage).why).toBe('cost and stability reject')
    expect(
      overall(v('reject', 'pass', 'pass', 'reject'), fullCoverage, 'pointwise', {
        failures: 'b failed 6 of 6 runs (100%), a 0 of 6 (0%)',
      }).why,
    ).toBe('capability and failures (b failed 6 of 6 runs (100%), a 0 of 6 (0%)) reject')
    expect(overall(v('pass', 'pass', 'pass'), fullCoverage).why).toBe(
      'capability passes and neither cost, stability nor failures rejects',
    )
  })

  it('coverage below 80% → inconclusive, whatever capability, cost and stability say', () => {
    const low = { ...fullCoverage, counting: 7, sufficient: false }
    expect(overall(v('reject', 'reject', 'reject', 'pass'), low)).toEqual({
      verdict: 'inconclusive',
      why: 'only 7 of 10 cases (70%) count; 80% are needed, whatever the other dimensions say',
    })
  })

  it('coverage below 80% lets a failures reject stand: it is measured on every case', () => {
    const low = { ...fullCoverage, counting: 0, sufficient: false }
    expect(
      overall(v('inconclusive', 'pass', 'pass', 'reject'), low, 'pointwise', {
        failures: 'b failed 3 of 3 runs',
      }),
    ).toEqual({
      verdict: 'reject',
      why: 'failures (b failed 3 of 3 runs) rejects, measured on every case; only 0 of 10 cases (0%) count, so the other dimensions say nothing',
    })
  })

  it.each<[PrimaryJudgement, Verdict, Verdict | null, Verdict, string]>([
    [
      'pointwise',
      'pass',
      'reject',
      'pass',
      'capability passes and neither cost, stability nor failures rejects',
    ],
    [
      'pointwise',
      'inconclusive',
      'pass',
      'inconclusive',
      'capability is inconclusive and no dimension rejects',
    ],
    [
      'pairwise',
      'inconclusive',
      'pass',
      'pass',
      'the pairwise judge passes and neither cost, stability nor failures rejects',
    ],
    [
      'pairwise',
      'pass',
      'inconclusive',
      'inconclusive',
      'the pairwise judge is inconclusive and no dimension rejects',
    ],
    ['pairwise', 'pass', 'reject', 'reject', 'pairwise rejects'],
    [
      'pairwise',
      'reject',
      'pass',
      'pass',
      'the pairwise judge passes and neither cost, stability nor failures rejects',
    ],
    [
      'pairwise',
      'pass',
      null,
      'inconclusive',
      'policy.primary is "pairwise" but there are no pairwise results: add the pairwise evaluator (preset-pairwise-outcome) or set policy.primary to "pointwise"',
    ],
  ])('primary %s: pointwise %s, pairwise %s → %s', (primary, capability, pairwise, expected, why) => {
    const verdicts = { ...v(capability, 'pass', 'pass'), pairwise }
    expect(overall(verdicts, fullCoverage, primary)).toEqual({ verdict: expected, why })
  })

  it('primary pairwise without pairwise results still rejects on cost', () => {
    expect(overall(v('pass', 'reject', 'pass'), fullCoverage, 'pairwise').verdict).toBe('reject')
  })
})

/** 10 cases × 3 rounds with a clear lift; `drop` cases lose 2 of side b's rounds. */
function lifted(drop: number) {
  const spec: Record<string, { a: (number | null)[]; b: (number | null)[] }> = {}
  for (let i = 0; i < 10; i++) {
    const base = 40 + 3 * i
    const b = [base + 20, base + 22, base + 18]
    spec[`case-${String(i).padStart(2, '0')}`] = {
      a: [base, base + 2, base - 2],
      b: i < drop ? [b[0] as number, null, null] : b,
    }
  }
  return casesFrom(spec)
}

describe('decide', () => {
  it('passes a clear improvement, with reasons in rule order', () => {
    const d = decide(lifted(0), policy())
    expect(d.verdict).toBe('pass')
    expect(d.casesNeeded).toBeNull()
    expect(d.coverage).toEqual({ counting: 10, total: 10, rounds: 3, minScoredRounds: 2, sufficient: true })
    expect(d.reasons.map((r) => r.split(/[:(]/)[0]?.trim())).toEqual([
      'overall',
      'coverage',
      'capability',
      'capability, beside it',
      'cost',
      'cost',
      'cost',
      'stability',
      'reliability',
      'failures',
      'trigger',
    ])
    expect(d.reasons[0]).toBe(
      'overall: pass — capability passes and neither cost, stability nor failures rejects',
    )
    expect(d.reasons[1]).toBe(
      'coverage: 10 of 10 cases (100%) count (≥ 2 of 3 rounds scored on each side); at least 8 needed (80%)',
    )
    expect(d.reasons[2]).toMatch(/^capability: pass — \+20\.0 points, 95% CI \[20\.0, 20\.0\] \(n = 10\)/)
  })

  it.each([
    { drop: 2, verdict: 'pass', counting: 8 },
    { drop: 3, verdict: 'inconclusive', counting: 7 },
  ])(
    'coverage: $drop cases short of scored rounds → $counting of 10 count → $verdict',
    ({ drop, verdict, counting }) => {
      const d = decide(lifted(drop), policy())
      expect(d.verdict).toBe(verdict)
      expect(d.coverage.counting).toBe(counting)
      expect(d.capability.verdict).toBe('pass')
      if (verdict === 'inconclusive') {
        expect(d.reasons[0]).toBe(
          'overall: inconclusive — only 7 of 10 cases (70%) count; 80% are needed, whatever the other dimensions say',
        )
        expect(d.reasons[1]).toMatch(/^coverage: 7 of 10 cases \(70%\) count .* at least 8 needed/)
      }
    },
  )

  it('unknown prices make a usd gate inconclusive but do not block a pass', () => {
    const runs = lifted(0).map((r, i) => (i === 0 ? { ...r, costUsd: null } : r))
    const d = decide(runs, policy({ costMetric: 'usd' }))
    expect(d.cost).toMatchObject({
      verdict: 'inconclusive',
      metric: 'usd',
      ratio: null,
      ciLow: null,
      ciHigh: null,
    })
    expect(d.cost.metrics.usd.reason).toMatch(/^prices unknown for 1 run:/)
    expect(d.verdict).toBe('pass')
  })

  it('rejects when a dimension rejects', () => {
    const runs = lifted(0).map((r) => (r.side === 'b' ? { ...r, tokens: 3000 } : r))
    const d = decide(runs, policy())
    expect(d.cost.verdict).toBe('reject')
    expect(d.verdict).toBe('reject')
    expect(d.reasons[0]).toBe('overall: reject — cost rejects')
  })

  it('n < 2 and no input: inconclusive everywhere, every key present, nulls where not computable', () => {
    for (const runs of [[], fromDiffs([10])]) {
      const d = decide(runs, policy())
      expect(d.verdict).toBe('inconclusive')
      expect([d.capability.verdict, d.cost.verdict, d.stability.verdict]).toEqual([
        'inconclusive',
        'inconclusive',
        'inconclusive',
      ])
      expect(d.casesNeeded).toBeNull()
      expect(JSON.parse(JSON.stringify(d))).toEqual(d)
    }
    expect(decide([], policy()).reasons.slice(0, 2)).toEqual([
      'overall: inconclusive — no cases to decide on',
      'coverage: no cases in the input',
    ])
  })

  it('has exactly the export schema’s decision keys (plus the documented extras), always', () => {
    const d = decide(fromDiffs([3, 9, 1, 12], 2), policy())
    expect(Object.keys(d)).toEqual([
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
    expect(Object.keys(d.capability).slice(0, 5)).toEqual(['verdict', 'estimate', 'ciLow', 'ciHigh', 'n'])
    expect(Object.keys(d.capability)).toEqual(
      expect.arrayContaining(['bootstrapCiLow', 'bootstrapCiHigh', 'signTest', 'sd', 'tStar']),
    )
    expect(Object.keys(d.cost).slice(0, 6)).toEqual(['verdict', 'metric', 'ratio', 'ciLow', 'ciHigh', 'n'])
    for (const m of Object.values(d.cost.metrics))
      expect(Object.keys(m).slice(0, 6)).toEqual(['verdict', 'ratio', 'ciLow', 'ciHigh', 'n', 'reason'])
    expect(Object.keys(d.stability).slice(0, 5)).toEqual(['verdict', 'estimate', 'ciLow', 'ciHigh', 'n'])
    expect(d.casesNeeded).toEqual({ cases: expect.any(Number), rounds: 2 })
    expect(JSON.parse(JSON.stringify(d))).toEqual(d)
  })

  it('is deterministic and ignores the order of the runs', () => {
    const runs = lifted(1).map((r, i) => ({
      ...r,
      score: r.score === null ? null : r.score + ((i * 7) % 11),
    }))
    const d = decide(runs, policy())
    expect(decide(runs, policy())).toEqual(d)
    expect(decide([...runs].reverse(), policy())).toEqual(d)
  })

  it('R: the option wins over the highest round, and later rounds are ignored', () => {
    const runs = [...fromDiffs([10, 12, 8], 2), run('c1', 'a', 3, 0), run('c1', 'b', 4, 0)]
    expect(decide(runs, policy()).coverage).toMatchObject({ rounds: 4, minScoredRounds: 2 })
    const d = decide(runs, policy(), { rounds: 2 })
    expect(d.coverage).toMatchObject({ rounds: 2, minScoredRounds: 1, counting: 3 })
    expect(d.capability.estimate).toBe(10)
  })

  it('a skill that makes b time out on every case → reject, naming the failure rate; those cases count as 0', () => {
    const runs = lifted(0).map((r) =>
      r.side === 'b' ? { ...r, score: null, executed: false, failureType: 'timeout' as const } : r,
    )
    const d = decide(runs, policy())
    expect(d.verdict).toBe('reject')
    expect(d.coverage).toMatchObject({ counting: 10, total: 10, sufficient: true })
    expect(d.capability.verdict).toBe('reject')
    expect(d.failures).toMatchObject({
      verdict: 'reject',
      failuresB: 30,
      runsB: 30,
      failuresA: 0,
      runsA: 30,
      diff: 1,
    })
    expect(d.reasons[0]).toBe(
      'overall: reject — capability and failures (b failed 30 of 30 runs (100%), a 0 of 30 (0%)) reject',
    )
    expect(d.reasons).toContain(
      'failures: reject — b failed 30 of 30 runs (100%), a 0 of 30 (0%); per-case difference b − a +100.0 points of share, ' +
        '95% CI [83.9, 100.0] (n = 10): CI low 83.9 > failureTolerance 0.1 (10 points)',
    )
  })

  it('failedRunScore "missing": the timed-out runs stay missing, so no case counts, but the failures reject stands', () => {
    const runs = lifted(0).map((r) =>
      r.side === 'b' ? { ...r, score: null, executed: false, failureType: 'timeout' as const } : r,
    )
    const d = decide(runs, policy({ failedRunScore: 'missing' }))
    expect(d.coverage.counting).toBe(0)
    expect(d.failures.verdict).toBe('reject')
    expect(d.verdict).toBe('reject')
  })

  it('provider errors on b stay missing, never 0: no case counts and failures does not reject', () => {
    const runs = lifted(0).map((r) =>
      r.side === 'b' ? { ...r, score: null, executed: false, failureType: 'provider_error' as const } : r,
    )
    const d = decide(runs, policy())
    expect(d.coverage.counting).toBe(0)
    expect(d.capability.n).toBe(0)
    expect(d.failures).toMatchObject({ verdict: 'inconclusive', failuresB: 0, runsB: 0, excludedB: 30 })
    expect(d.verdict).toBe('inconclusive')
  })

  it('warnings: the given ones first, then low-trigger-rate', () => {
    const runs = lifted(0).map((r) => ({ ...r, skillLoaded: r.side === 'b' ? r.round === 1 : false }))
    const judge = { code: 'judge-same-model', message: 'judge.model: the judge uses the agent’s own model' }
    const d = decide(runs, policy(), { warnings: [judge] })
    expect(d.trigger.b).toMatchObject({ runs: 30, invoked: 10 })
    expect(d.trigger.a).toBeNull()
    expect(d.warnings.map((w) => w.code)).toEqual(['judge-same-model', 'low-trigger-rate'])
    expect(d.warnings[1]?.message).toMatch(/^side b invoked the skill in 10 of 30 runs \(33%\)/)
    expect(decide(runs, policy(), { baselineHasSkill: true }).trigger.a).toMatchObject({
      runs: 30,
      invoked: 0,
    })
  })

  it('pairwise results: decision.pairwise filled; primary pairwise decides, the pointwise verdict beside it', () => {
    const pairwise = Array.from({ length: 10 }, (_, i) => ({
      caseId: `case-${String(i).padStart(2, '0')}`,
      round: 1,
      winner: 'a' as const,
    }))
    const pointwise = decide(lifted(0), policy(), { pairwise })
    expect(pointwise.primary).toBe('pointwise')
    expect(pointwise.pairwise).toMatchObject({ verdict: 'reject', losses: 10 })
    expect(pointwise.verdict).toBe('pass')
    expect(pointwise.reasons).toContain(
      "primary: pointwise — the capability verdict (pass) decides; the pairwise judge's (reject) is shown beside it",
    )
    const primary = decide(lifted(0), policy({ primary: 'pairwise' }), { pairwise })
    expect(primary.primary).toBe('pairwise')
    expect(primary.verdict).toBe('reject')
    expect(primary.reasons[0]).toBe('overall: reject — pairwise rejects')
    expect(primary.reasons).toContain(
      "primary: pairwise — the pairwise judge's verdict (reject) decides; the pointwise capability verdict (pass) is shown beside it",
    )
    expect(decide(lifted(0), policy()).pairwise).toBeNull()
    expect(decide(lifted(0), policy({ primary: 'pairwise' })).verdict).toBe('inconclusive')
  })

  it('primary pairwise: a skill that makes b time out on 4 of 10 cases does not pass on the 6 the judge compared', () => {
    // b timed out on case-06…09; the judge compared the 6 others and preferred b on each (p = 2/64 alone).
    const runs = lifted(0)
      .filter((r) => r.round === 1)
      .map((r) =>
        r.side === 'b' && r.caseId >= 'case-06'
          ? { ...r, score: null, executed: false, failureType: 'timeout' as const }
          : r,
      )
    const judged = Array.from({ length: 6 }, (_, i) => ({
      caseId: `case-0${i}`,
      round: 1,
      winner: 'b' as const,
    }))
    const d = decide(runs, policy({ primary: 'pairwise' }), { pairwise: judged })
    expect(d.pairwise).toMatchObject({ wins: 6, losses: 4, n: 10, total: 10, decidedByFailure: 4 })
    expect(d.verdict).toBe('inconclusive')
    expect(d.reasons[0]).toBe(
      'overall: inconclusive — the pairwise judge is inconclusive and no dimension rejects',
    )
    // Failures that are not the agent's decide nothing: 6 of 10 cases with a verdict is too few.
    const provider = runs.map((r) => (r.failureType ? { ...r, failureType: 'provider_error' as const } : r))
    const p = decide(provider, policy({ primary: 'pairwise' }), { pairwise: judged })
    expect(p.pairwise).toMatchObject({ wins: 6, losses: 0, n: 6, total: 10, decidedByFailure: 0 })
    expect(p.verdict).toBe('inconclusive')
  })
})

describe('no-sandbox', () => {
  it('names the runs whose agent ran without the OS sandbox, per side, with why; none when every run had it', () => {
    const why = 'no OS sandbox for win32 yet (Linux and macOS have one)'
    const runs = fromDiffs([3, 9, 1, 12]).map((r) =>
      r.caseId === 'c1' || (r.caseId === 'c2' && r.side === 'b') ? { ...r, unsandboxed: why } : r,
    )
    const warning = decide(runs, policy()).warnings.find((w) => w.code === 'no-sandbox')
    expect(warning?.message).toContain(
      `3 runs (1 on side a, 2 on side b) ran without the OS sandbox (${why})`,
    )
    expect(decide(fromDiffs([3, 9, 1, 12]), policy()).warnings.map((w) => w.code)).not.toContain('no-sandbox')
  })
})
