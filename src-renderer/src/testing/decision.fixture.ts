// Test-only: a decision as main would send it — a skill that breaks b's runs and is rarely used, judged
// pointwise and pairwise — and the variations the panel's tests need.
import type { Decision, PairwiseDecision } from '../../../src-shared/decision'

const metric = (ratio: number) => ({
  verdict: 'pass' as const,
  ratio,
  ciLow: ratio - 0.1,
  ciHigh: ratio + 0.1,
  n: 8,
  reason: `ratio × ${ratio.toFixed(2)} within the limit × 1.20`,
  meanLog: Math.log(ratio),
  sdLog: 0.2,
  tStar: 2.365,
  skippedCases: [],
  unknownPrices: 0,
})

const side = (k: number) => ({
  k,
  passHatK: { cases: 5, n: 8, rate: 5 / 8 },
  passAtK: { cases: 7, n: 8, rate: 7 / 8 },
  flip: { cases: 2, n: 8, rate: 2 / 8 },
})

export const PAIRWISE: PairwiseDecision = {
  verdict: 'inconclusive',
  wins: 5,
  losses: 2,
  ties: 1,
  pValue: 0.453,
  n: 8,
  comparisons: 16,
  flipped: 3,
  alpha: 0.05,
  formula:
    'per case: sign(b wins − b losses over rounds); exact two-sided sign test over cases, ties dropped',
  perCase: [
    { caseId: 'c1', wins: 2, losses: 0, ties: 0, result: 'b' },
    { caseId: 'c2', wins: 0, losses: 1, ties: 1, result: 'a' },
  ],
}

/** Reject for failures; b used its skill in 3 of 12 runs (below the 50% minimum, warned); pairwise absent. */
export function decisionFixture(extra: Partial<Decision> = {}): Decision {
  return {
    verdict: 'reject',
    reasons: ['failures: b failed 9 of 16 runs, a 1 of 16; the CI low +25 pp is above the tolerance +10 pp'],
    capability: {
      verdict: 'inconclusive',
      estimate: 3.5,
      ciLow: -4.2,
      ciHigh: 11.2,
      n: 8,
      sd: 9.2,
      tStar: 2.365,
      bootstrapCiLow: -3.1,
      bootstrapCiHigh: 10.4,
      bootstrapResamples: 2000,
      signTest: { positive: 5, negative: 2, ties: 1, pValue: 0.453 },
      varianceBetween: 60,
      varianceWithin: 25,
      minLift: 5,
      alpha: 0.05,
      formula: 'D = mean_i (mean b_i − mean a_i); CI = D ± t* · sd(d) / √n',
      perCase: [],
    },
    cost: {
      verdict: 'pass',
      metric: 'tokens',
      ratio: 1.08,
      ciLow: 0.98,
      ciHigh: 1.18,
      n: 8,
      limit: 1.2,
      formula: 'ratio = exp(mean_i ln(mean cost b_i / mean cost a_i))',
      metrics: { tokens: metric(1.08), usd: metric(1.1), time: metric(1.02) },
    },
    stability: {
      verdict: 'pass',
      estimate: 1.2,
      ciLow: -2.5,
      ciHigh: 4.9,
      n: 8,
      sd: 4.4,
      tStar: 2.365,
      meanSdA: 8.1,
      meanSdB: 9.3,
      tolerance: 10,
      passThreshold: 50,
      formula: 'Δ = mean_i (sd b_i − sd a_i)',
      sides: { a: side(2), b: side(2) },
    },
    failures: {
      verdict: 'reject',
      diff: 0.5,
      ciLow: 0.25,
      ciHigh: 0.75,
      failuresA: 1,
      failuresB: 9,
      runsA: 16,
      runsB: 16,
      n: 8,
      sd: 0.3,
      tStar: 2.365,
      tolerance: 0.1,
      alpha: 0.05,
      formula: 'f_i = attributable failures ÷ counted runs of case i; diff = mean_i (f_i^b − f_i^a)',
      excludedA: 0,
      excludedB: 2,
    },
    trigger: {
      a: null,
      b: { runs: 12, invoked: 3, rate: 0.25, ciLow: 0.089, ciHigh: 0.532 },
      minRate: 0.5,
      formula: 'rate = invoked ÷ executed runs; Wilson interval at 95%',
      liftInvoked: { estimate: 12, n: 2 },
      liftNotInvoked: { estimate: -1.5, n: 6 },
    },
    pairwise: null,
    primary: 'pointwise',
    warnings: [
      {
        code: 'low-trigger-rate',
        message: 'b used the skill in 3 of 12 runs (25%), below the minimum 50%: the skill is rarely invoked',
      },
      { code: 'judge-same-family', message: 'the judge and the agent are both scripted models' },
    ],
    casesNeeded: null,
    coverage: { counting: 8, total: 8, rounds: 2, minScoredRounds: 1, sufficient: true },
    ...extra,
  }
}
