// Row score table: weighted mean over weight > 0, plain mean without weights, corrections first, nulls.
import { describe, expect, it } from 'vitest'
import { rowScore, type RowScoreItem } from './row-score'

const s = (score: number | null, weight = 1, correction?: number): RowScoreItem => ({
  score,
  weight,
  correction: correction === undefined ? null : { score: correction },
})

// prettier-ignore
const rows: { name: string; items: RowScoreItem[]; want: number | null }[] = [
  { name: 'one evaluator', items: [s(80)], want: 80 },
  { name: 'equal weights: the mean', items: [s(80), s(60)], want: 70 },
  { name: 'weighted mean', items: [s(90, 3), s(50, 1)], want: 80 },
  { name: 'fractional weights', items: [s(100, 0.5), s(40, 1)], want: 60 },
  { name: 'weight 0 takes no part', items: [s(90, 1), s(0, 0)], want: 90 },
  { name: 'weight 0 takes no part even without a score', items: [s(90, 1), s(null, 0)], want: 90 },
  { name: 'every weight 0: the plain mean', items: [s(90, 0), s(30, 0)], want: 60 },
  { name: 'a correction replaces the model score', items: [s(20, 1, 80), s(60)], want: 70 },
  { name: 'a correction gives a score to an evaluator that had none', items: [s(null, 1, 50), s(70)], want: 60 },
  { name: 'a correction of 0 counts', items: [s(90, 1, 0)], want: 0 },
  { name: 'a missing score that takes part: null', items: [s(90), s(null)], want: null },
  { name: 'every weight 0 and one score missing: null', items: [s(90, 0), s(null, 0)], want: null },
  { name: 'no evaluators: null', items: [], want: null },
  { name: 'rounded to 2 decimals', items: [s(100), s(0), s(0)], want: 33.33 },
]

describe('rowScore', () => {
  it.each(rows)('$name', ({ items, want }) => {
    expect(rowScore(items)).toBe(want)
  })
})
