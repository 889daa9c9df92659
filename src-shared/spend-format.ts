// Spend as words (docs/decision.md "Spend"): the same figures in the CLI summary, markdown and the decision panel.
import type { Spend, SpendDollars, SpendTokens } from './spend'
import { plural } from './plural'

/** `12,345`. */
export const formatCount = (n: number): string => Math.round(n).toLocaleString('en-US')

/**
 * An amount of dollars: `$12.34` from one dollar up, `$0.0123` below, and under $0.0001 two significant
 * digits (`$0.0000012`, `$0.000001`), so a small amount or cap never reads as `$0.0000`.
 */
export function formatUsd(x: number): string {
  if (x >= 1) return `$${x.toFixed(2)}`
  if (x >= 0.0001 || x <= 0) return `$${x.toFixed(4)}`
  const exponent = Number(x.toExponential(1).split('e')[1])
  return `$${x.toFixed(1 - exponent).replace(/(\.\d*?[1-9])0+$/, '$1')}`
}

/** `$0.0123`, `≥ $0.0123 (2 unpriced)` when some items that used tokens had no price, `—` when none had one. */
export function formatDollars(d: SpendDollars): string {
  if (d.costUsd === null) return '—'
  const usd = formatUsd(d.costUsd)
  return d.unpriced > 0 ? `≥ ${usd} (${d.unpriced} unpriced)` : usd
}

/** `12.3 s`, `4 min 05 s`, `1 h 02 min`. */
export function formatWall(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`
  const s = Math.round(seconds)
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`
}

/** `in 1,000 · out 200 · reasoning 0 · cache read 5,000 · cache write 0`. */
export function formatTokenKinds(t: SpendTokens): string {
  return (
    `in ${formatCount(t.input)} · out ${formatCount(t.output)} · reasoning ${formatCount(t.reasoning)} · ` +
    `cache read ${formatCount(t.cacheRead)} · cache write ${formatCount(t.cacheWrite)}`
  )
}

/** One row per part of the spend: its name, what it counts, tokens, dollars, wall time ('—' for the judge). */
export interface SpendRow {
  part: 'a' | 'b' | 'judge' | 'total'
  items: string
  tokens: SpendTokens
  dollars: string
  wall: string
}

const sideRow = (part: 'a' | 'b', x: Spend['a']): SpendRow => ({
  part,
  items: plural(x.runs, 'run'),
  tokens: x.tokens,
  dollars: formatDollars(x),
  wall: formatWall(x.wallSeconds),
})

export function spendRows(s: Spend): SpendRow[] {
  const judge = s.judge
  return [
    sideRow('a', s.a),
    sideRow('b', s.b),
    {
      part: 'judge',
      items: plural(judge.judgements, 'judgement'),
      tokens: judge.tokens,
      dollars: formatDollars(judge),
      wall: '—',
    },
    {
      part: 'total',
      items: '',
      tokens: s.total.tokens,
      dollars: formatDollars(s.total),
      wall: formatWall(s.total.wallSeconds),
    },
  ]
}
