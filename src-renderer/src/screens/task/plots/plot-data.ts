// What the decision panel's two plots draw, as plain data: each case's b − a with its a and b means and
// rounds (sorted by the difference), each side's score bins, round axis ticks, and the words a mark reads.
import type { FailedRunScore } from '../../../../../src-shared/decision-score'
import type { RunView } from '../../../../../src-shared/ipc-views'
import { caseMeans, Z_95 } from '../../../../../src-shared/run-rules'
import { formatScore, signed } from '../run-rows'
import { plural } from '../../../../../src-shared/plural'

export interface CaseDelta {
  caseId: string
  diff: number
  low: number | null
  high: number | null
  /** Each side's mean and how many rounds it is over. */
  a: number
  b: number
  nA: number
  nB: number
}

/**
 * Per case: mean b − mean a over the rounds' scores as the decision counts them (a failure of the agent's
 * scores `failedRunScore`), with ±1.96·SE over its rounds when each side has ≥ 2 of them; the biggest lift
 * first, so the plot reads top to bottom from the cases the skill helps most to those it hurts.
 */
export function caseDeltas(runs: Iterable<RunView>, failedRunScore: FailedRunScore = 0): CaseDelta[] {
  const out: CaseDelta[] = []
  for (const { caseId, delta, se, a, b, scores } of caseMeans(runs, failedRunScore).values()) {
    if (delta === null || a === null || b === null) continue
    out.push({
      caseId,
      diff: delta,
      low: se === null ? null : delta - Z_95 * se,
      high: se === null ? null : delta + Z_95 * se,
      a,
      b,
      nA: scores.a.length,
      nB: scores.b.length,
    })
  }
  return out.sort((x, y) => y.diff - x.diff || x.caseId.localeCompare(y.caseId))
}

/** What a case's dot says when pointed at or focused. */
export function deltaText(d: CaseDelta): string {
  const interval = d.low !== null && d.high !== null ? `; interval ${signed(d.low)} to ${signed(d.high)}` : ''
  return `${d.caseId}: b − a ${signed(d.diff)} (a ${formatScore(d.a)} over ${plural(d.nA, 'round')}, b ${formatScore(d.b)} over ${plural(d.nB, 'round')})${interval}`
}

/** Each side's scored runs in ten bins of ten points (100 falls in the last). */
export function scoreBins(runs: Iterable<RunView>): { a: number[]; b: number[] } {
  const bins = { a: new Array<number>(10).fill(0), b: new Array<number>(10).fill(0) }
  for (const r of runs)
    if (r.status === 'scored' && r.score !== null && !r.withoutEvidence)
      bins[r.side][Math.min(9, Math.floor(r.score / 10))]! += 1
  return bins
}

/** What a histogram bar says when pointed at or focused. */
export function binText(side: 'a' | 'b', bin: number, n: number): string {
  const top = bin === 9 ? '100' : `under ${bin * 10 + 10}`
  return `side ${side}: ${plural(n, 'run')} scored ${bin * 10} to ${top}`
}

/**
 * Round ticks (steps of 1, 2 or 5 × 10^k, about `count` of them) and the axis range they span, which holds
 * every value given.
 */
export function axisTicks(values: number[], count = 5): { lo: number; hi: number; ticks: number[] } {
  const min = Math.min(...values)
  const max = Math.max(...values)
  const raw = (max - min || 1) / count
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag) as number
  const lo = Math.floor(min / step) * step
  const hi = Math.ceil(max / step) * step
  const ticks: number[] = []
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Math.round(t * 1e6) / 1e6)
  return { lo, hi, ticks }
}
