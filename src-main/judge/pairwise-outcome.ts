// Pure rules of a pairwise comparison: which side is shown first (seeded), what a judge's "Response N"
// means in terms of sides, and how the two order-swapped judgements become one outcome.
import { createHash } from 'node:crypto'
import type { ResponseWinner } from './parse-winner'

/** `ab`: side a shown as Response 1 and b as Response 2; `ba`: the other way round. */
export type ResponseOrder = 'ab' | 'ba'
export type SideWinner = 'a' | 'b' | 'tie'

/**
 * The order of a comparison's first judgement, from a seed (the task id), the case and the round: the same
 * every time for one comparison, and a-first for about half the comparisons of a task.
 */
export function firstOrder(seed: string, caseKey: string, round: number): ResponseOrder {
  const digest = createHash('sha256').update(`${seed}\0${caseKey}\0${round}`, 'utf8').digest()
  return ((digest[0] ?? 0) & 1) === 0 ? 'ab' : 'ba'
}

export function swapped(order: ResponseOrder): ResponseOrder {
  return order === 'ab' ? 'ba' : 'ab'
}

/** The side the judge's winner stands for in this order. */
export function sideOf(order: ResponseOrder, winner: ResponseWinner): SideWinner {
  if (winner === 'tie') return 'tie'
  const first = order === 'ab' ? 'a' : 'b'
  const second = order === 'ab' ? 'b' : 'a'
  return winner === '1' ? first : second
}

/** One stored judgement of a comparison, as consolidation needs it. */
export interface OrderJudgement {
  status: 'done' | 'failed'
  /** The winner in terms of sides; null when failed. */
  winnerSide: SideWinner | null
}

export interface ConsolidatedOutcome {
  /** null: no verdict (a judgement is missing or failed). */
  winner: SideWinner | null
  /** The two orders named different sides (counted as a tie). */
  flipped: boolean
}

/**
 * Both orders name the same side → that side wins; a tie in either → tie; they name different sides →
 * tie, flipped (the judge followed the position, not the content); a judgement missing or failed → no verdict.
 */
export function consolidate(
  x: OrderJudgement | null | undefined,
  y: OrderJudgement | null | undefined,
): ConsolidatedOutcome {
  if (!x || !y || x.status !== 'done' || y.status !== 'done' || !x.winnerSide || !y.winnerSide)
    return { winner: null, flipped: false }
  if (x.winnerSide === 'tie' || y.winnerSide === 'tie') return { winner: 'tie', flipped: false }
  if (x.winnerSide === y.winnerSide) return { winner: x.winnerSide, flipped: false }
  return { winner: 'tie', flipped: true }
}
