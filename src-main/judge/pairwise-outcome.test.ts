// The pure rules of a comparison: the two orders' judgements become one outcome; the first order is seeded.
import { describe, expect, it } from 'vitest'
import {
  consolidate,
  firstOrder,
  sideOf,
  swapped,
  type OrderJudgement,
  type SideWinner,
} from './pairwise-outcome'

const done = (winnerSide: SideWinner): OrderJudgement => ({ status: 'done', winnerSide })
const failed: OrderJudgement = { status: 'failed', winnerSide: null }

describe('sideOf / swapped', () => {
  it('"Response 1" is side a in order ab and side b in order ba; a tie stays a tie', () => {
    expect([sideOf('ab', '1'), sideOf('ab', '2'), sideOf('ba', '1'), sideOf('ba', '2')]).toEqual([
      'a',
      'b',
      'b',
      'a',
    ])
    expect([sideOf('ab', 'tie'), sideOf('ba', 'tie')]).toEqual(['tie', 'tie'])
    expect([swapped('ab'), swapped('ba')]).toEqual(['ba', 'ab'])
  })
})

// prettier-ignore
const table: { x: OrderJudgement | null; y: OrderJudgement | null; winner: SideWinner | null; flipped: boolean; why: string }[] = [
  { x: done('b'), y: done('b'), winner: 'b', flipped: false, why: 'both orders name b: b wins' },
  { x: done('a'), y: done('a'), winner: 'a', flipped: false, why: 'both orders name a: a wins' },
  { x: done('a'), y: done('b'), winner: 'tie', flipped: true, why: 'the winner follows the position: a tie, flipped' },
  { x: done('b'), y: done('a'), winner: 'tie', flipped: true, why: 'flipped the other way round' },
  { x: done('tie'), y: done('b'), winner: 'tie', flipped: false, why: 'a tie in one order: a tie' },
  { x: done('a'), y: done('tie'), winner: 'tie', flipped: false, why: 'a tie in the other order: a tie' },
  { x: done('tie'), y: done('tie'), winner: 'tie', flipped: false, why: 'a tie both times' },
  { x: done('b'), y: failed, winner: null, flipped: false, why: 'a failed judgement: no verdict' },
  { x: failed, y: failed, winner: null, flipped: false, why: 'both failed: no verdict' },
  { x: done('b'), y: null, winner: null, flipped: false, why: 'an order not judged yet (canceled): no verdict' },
  { x: null, y: null, winner: null, flipped: false, why: 'nothing judged: no verdict' },
]

describe('consolidate', () => {
  it.each(table)('$why', ({ x, y, winner, flipped }) => {
    expect(consolidate(x, y)).toEqual({ winner, flipped })
    expect(consolidate(y, x)).toEqual({ winner, flipped })
  })
})

describe('firstOrder', () => {
  it('is the same for the same task, case and round, and changes with each of them', () => {
    expect(firstOrder('task_1', 'c1', 1)).toBe(firstOrder('task_1', 'c1', 1))
    const orders = (f: (i: number) => string) => Array.from({ length: 32 }, (_, i) => f(i))
    expect(new Set(orders((i) => firstOrder(`task_${i}`, 'c1', 1))).size).toBe(2)
    expect(new Set(orders((i) => firstOrder('task_1', `c${i}`, 1))).size).toBe(2)
    expect(new Set(orders((i) => firstOrder('task_1', 'c1', i + 1))).size).toBe(2)
  })

  it('shows a first in about half the comparisons of a task, not always', () => {
    const cases = Array.from({ length: 200 }, (_, i) => firstOrder('task_x', `case-${i}`, 1))
    const aFirst = cases.filter((o) => o === 'ab').length
    expect(aFirst).toBeGreaterThan(70)
    expect(aFirst).toBeLessThan(130)
  })
})
