// How a trigger evaluation reads on the terminal: a line per probe, then per version the metrics with their
// intervals, the confusion table and the queries that go wrong, then the description A/B verdict and spend.
import type { ProbeRow } from '../db'
import type { TriggerReport } from '../../src-shared/trigger-views'
import { formatUsd } from '../../src-shared/spend-format'
import type { TriggerRate, TriggerSummary } from '../../src-shared/trigger-eval'
import { plural } from '../../src-shared/plural'

const pct = (x: number | null): string => (x === null ? '—' : `${Math.round(100 * x)}%`)

function rate(name: string, r: TriggerRate): string {
  if (r.rate === null) return `${name} — (no query counts)`
  return `${name} ${pct(r.rate)} (${r.k}/${r.n}, CI ${pct(r.ciLow)}–${pct(r.ciHigh)})`
}

const short = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 70 ? `${flat.slice(0, 67)}…` : flat
}

/** One probe's line, once it has ended. */
export function probeLine(row: ProbeRow, done: number, total: number): string {
  const what =
    row.status !== 'done'
      ? `${row.status}${row.message ? `: ${short(row.message)}` : ''}`
      : row.choice === 'this'
        ? `loaded the skill (turn ${row.step ?? '?'})`
        : row.choice === 'other'
          ? `loaded ${row.skill ?? 'another skill'} instead (turn ${row.step ?? '?'})`
          : `no skill (${plural(row.steps, 'turn')})`
  return `[probed ${done}/${total}] ${row.version} · ${row.queryId} · round ${row.round}  ${what}\n`
}

/** The metrics of one version, with the queries it answers wrong. */
export function summaryText(label: string, s: TriggerSummary): string {
  const c = s.confusion
  const lines = [
    `${label}: ${rate('precision', s.precision)} · ${rate('recall', s.recall)} · ${rate('accuracy', s.accuracy)}`,
    `  confusion: ${c.truePositive} triggered as they should · ${c.falseNegative} missed · ` +
      `${c.falsePositive} triggered wrongly · ${c.trueNegative} left alone rightly`,
  ]
  if (s.withoutResult.length) lines.push(`  without a result: ${s.withoutResult.join(', ')}`)
  for (const q of s.failing) {
    const instead = Object.entries(q.instead)
      .map(([what, n]) => `${what} ×${n}`)
      .join(', ')
    lines.push(
      `  wrong: ${q.queryId} "${short(q.query)}" should ${q.shouldTrigger ? '' : 'not '}trigger; ` +
        `it did in ${q.triggered} of ${q.probed} rounds (instead: ${instead})`,
    )
  }
  return `${lines.join('\n')}\n`
}

export function reportText(r: TriggerReport, labels: { a: string | null; b: string }): string {
  let out = ''
  if (r.a && labels.a) out += summaryText(`version a (${labels.a})`, r.a)
  out += summaryText(r.a ? `version b (${labels.b})` : labels.b, r.b)
  if (r.comparison) {
    out += `description A/B: ${r.comparison.verdict}\n`
    for (const reason of r.comparison.reasons) out += `  ${reason}\n`
  }
  for (const v of ['a', 'b'] as const) {
    const s = r.spend[v]
    if (!s.probes) continue
    const dollars = s.costUsd === null ? 'price unknown' : formatUsd(s.costUsd)
    out += `spend ${v}: ${s.probes} probes, ${s.tokens.toLocaleString('en-US')} tokens, ${dollars}, ${s.seconds.toFixed(1)} s\n`
  }
  return out
}
