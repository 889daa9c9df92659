// Judge agreement table: n counts labels with a judge score, mean |Δ|, share within 10 points, Spearman from
// 5 pairs on with average ranks for ties, null where nothing can be said.
import { describe, expect, it } from 'vitest'
import { averageRanks, judgeAgreement, spearman, type AgreementPair } from './judge-agreement'

const pairs = (evaluatorId: string, xs: [number | null, number][]): AgreementPair[] =>
  xs.map(([judge, human]) => ({ evaluatorId, judge, human }))

describe('averageRanks', () => {
  const cases: { why: string; values: number[]; want: number[] }[] = [
    { why: 'distinct values rank 1..n', values: [30, 10, 20], want: [3, 1, 2] },
    { why: 'a tie shares the mean of the ranks it spans', values: [10, 20, 20, 40], want: [1, 2.5, 2.5, 4] },
    { why: 'all equal: every value gets the middle rank', values: [5, 5, 5], want: [2, 2, 2] },
    { why: 'empty', values: [], want: [] },
  ]
  it.each(cases)('$why', ({ values, want }) => expect(averageRanks(values)).toEqual(want))
})

describe('spearman', () => {
  const cases: { why: string; x: number[]; y: number[]; want: number | null }[] = [
    { why: 'same order → 1', x: [1, 2, 3, 4, 5], y: [10, 30, 50, 70, 90], want: 1 },
    { why: 'reversed order → −1', x: [1, 2, 3, 4, 5], y: [90, 70, 50, 30, 10], want: -1 },
    { why: 'fewer than 5 pairs → null', x: [1, 2, 3, 4], y: [1, 2, 3, 4], want: null },
    {
      why: 'one side all equal → null (no order to agree with)',
      x: [1, 2, 3, 4, 5],
      y: [7, 7, 7, 7, 7],
      want: null,
    },
    // Ranks x: 1 2.5 2.5 4 5; y: 1 2 3 4 5 → Pearson of the ranks = 0.9747
    { why: 'ties take average ranks', x: [10, 20, 20, 40, 50], y: [1, 2, 3, 4, 5], want: 0.9747 },
  ]
  it.each(cases)('$why', ({ x, y, want }) => {
    const rho = spearman(x, y)
    if (want === null) expect(rho).toBeNull()
    else expect(rho).toBeCloseTo(want, 4)
  })
})

describe('judgeAgreement', () => {
  const cases: {
    why: string
    pairs: AgreementPair[]
    include?: string[]
    want: Record<string, unknown>[]
  }[] = [
    {
      why: 'no label: an included evaluator shows n 0 and nulls',
      pairs: [],
      include: ['completion'],
      want: [
        {
          evaluatorId: 'completion',
          n: 0,
          meanAbsDiff: null,
          meanDiff: null,
          within10: null,
          spearman: null,
        },
      ],
    },
    {
      why: 'a label without a judge score is not counted',
      pairs: pairs('completion', [
        [null, 80],
        [40, 90],
      ]),
      want: [
        { evaluatorId: 'completion', n: 1, meanAbsDiff: 50, meanDiff: -50, within10: 0, spearman: null },
      ],
    },
    {
      why: 'within 10 points includes exactly 10; Spearman null below 5 pairs',
      pairs: pairs('tone', [
        [50, 60],
        [70, 75],
        [20, 50],
      ]),
      // |Δ| = 10, 5, 30 → mean 15; Δ = −10, −5, −30 → mean −15; 2 of 3 within 10
      want: [{ evaluatorId: 'tone', n: 3, meanAbsDiff: 15, meanDiff: -15, within10: 0.6667, spearman: null }],
    },
    {
      why: 'from 5 pairs on Spearman is given; a judge 10 points high in the same order agrees fully',
      pairs: pairs('completion', [
        [20, 10],
        [40, 30],
        [60, 50],
        [80, 70],
        [100, 90],
      ]),
      want: [{ evaluatorId: 'completion', n: 5, meanAbsDiff: 10, meanDiff: 10, within10: 1, spearman: 1 }],
    },
    {
      why: 'one entry per evaluator, sorted by id, each from its own labels',
      pairs: [...pairs('z-judge', [[90, 10]]), ...pairs('a-judge', [[50, 50]])],
      want: [
        { evaluatorId: 'a-judge', n: 1, meanAbsDiff: 0, meanDiff: 0, within10: 1, spearman: null },
        { evaluatorId: 'z-judge', n: 1, meanAbsDiff: 80, meanDiff: 80, within10: 0, spearman: null },
      ],
    },
  ]
  it.each(cases)('$why', ({ pairs: p, include, want }) => expect(judgeAgreement(p, include)).toEqual(want))
})
