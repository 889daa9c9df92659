// The decision as a few terminal lines: the verdict, each dimension with its interval, the reasons, warnings.
import type { ExportDecision, ExportDocument } from '../../src-shared/export'
import type { Spend } from '../../src-shared/spend'
import { reuseText } from '../../src-shared/reuse'
import { noiseFloorText } from '../../src-shared/noise-floor'
import { judgeNoiseText } from '../../src-shared/judge-noise-text'
import { formatCount, formatTokenKinds, spendRows } from '../../src-shared/spend-format'
import { plural } from '../../src-shared/plural'

const num = (v: number | null, digits: number): string => (v === null ? '—' : v.toFixed(digits))
const pct = (v: number | null): string => (v === null ? '—' : `${Math.round(100 * v)}%`)
const signed = (v: number | null): string => (v === null ? '—' : `${v >= 0 ? '+' : ''}${v.toFixed(1)}`)
/** `6 of 6 runs (100%)`. */
const ofRuns = (k: number, n: number): string =>
  `${k} of ${plural(n, 'run')}${n > 0 ? ` (${pct(k / n)})` : ''}`

type Side = ExportDecision['trigger']['b']

function sideRate(name: string, s: Side): string {
  if (s.runs === 0) return `${name} not known`
  return `${name} in ${ofRuns(s.invoked, s.runs)}, CI [${pct(s.ciLow)}, ${pct(s.ciHigh)}]`
}

function triggerLine(d: ExportDecision): string {
  const t = d.trigger
  const lift = (l: { estimate: number | null; n: number }) => `${signed(l.estimate)} (n=${l.n})`
  return (
    `  trigger     ${''.padEnd(12)} skill invoked: ${sideRate('b', t.b)}; ${t.a ? sideRate('a', t.a) : 'a has no skill'}; ` +
    `lift where b invoked it every round ${lift(t.liftInvoked)}, elsewhere ${lift(t.liftNotInvoked)}`
  )
}

/** `, 2 rounds decided by a failure` when a failed run decided some rounds (older exports: nothing). */
/** `, position consistency 83%`: the judge's own figure (absent without comparisons). */
const consistency = (pw: { positionConsistency?: number | null }): string =>
  pw.positionConsistency == null ? '' : `, position consistency ${Math.round(pw.positionConsistency * 100)}%`
const byFailure = (pw: { decidedByFailure?: number }): string =>
  pw.decidedByFailure ? `, ${pw.decidedByFailure} decided by a failed run` : ''

/** `spend a      2 runs       1,300 tokens (in … · cache write 0), $0.0200, wall 4.0 s`: one line per part. */
function spendLines(s: Spend): string[] {
  return spendRows(s).map(
    (r) =>
      `  spend ${r.part.padEnd(6)} ${r.items.padEnd(14)} ${formatCount(r.tokens.total).padStart(11)} tokens (${formatTokenKinds(r.tokens)}), ${r.dollars}, wall ${r.wall}`,
  )
}

/** `except`: codes of warnings already printed (the config's, before the runs), left out here. */
export function decisionText(doc: ExportDocument, opts: { except?: ReadonlySet<string> } = {}): string {
  const d = doc.decision
  const { capability: cap, cost, stability: st, failures: fl, pairwise: pw } = d
  const role = (judgement: 'pointwise' | 'pairwise') =>
    pw === null ? '' : d.primary === judgement ? ' (primary)' : ' (shown beside)'
  const lines = [
    `decision: ${d.verdict.toUpperCase()}`,
    `  capability  ${cap.verdict.padEnd(12)} lift ${num(cap.estimate, 1)} points, CI [${num(cap.ciLow, 1)}, ${num(cap.ciHigh, 1)}], n=${cap.n}${role('pointwise')}`,
    ...(pw
      ? [
          `  pairwise    ${pw.verdict.padEnd(12)} b won ${pw.wins}, lost ${pw.losses}, tied ${pw.ties} cases, p = ${num(pw.pValue, 4)}; ${pw.comparisons} comparisons, ${pw.flipped} flipped with the order${consistency(pw)}${byFailure(pw)}${role('pairwise')}`,
        ]
      : []),
    `  cost        ${cost.verdict.padEnd(12)} ${cost.metric} ratio ${num(cost.ratio, 2)}, CI [${num(cost.ciLow, 2)}, ${num(cost.ciHigh, 2)}], n=${cost.n}`,
    `  stability   ${st.verdict.padEnd(12)} sd change ${num(st.estimate, 1)} points, CI [${num(st.ciLow, 1)}, ${num(st.ciHigh, 1)}], n=${st.n}`,
    `  failures    ${fl.verdict.padEnd(12)} b failed ${ofRuns(fl.failuresB, fl.runsB)}, a ${ofRuns(fl.failuresA, fl.runsA)}; ` +
      `difference ${signed(fl.diff === null ? null : 100 * fl.diff)} points, CI [${num(fl.ciLow === null ? null : 100 * fl.ciLow, 1)}, ${num(fl.ciHigh === null ? null : 100 * fl.ciHigh, 1)}], n=${fl.n}`,
    triggerLine(d),
    ...d.reasons.map((r) => `  - ${r}`),
  ]
  if (d.casesNeeded)
    lines.push(`  cases needed: ${d.casesNeeded.cases} cases × ${d.casesNeeded.rounds} rounds`)
  if (doc.spend) lines.push(...spendLines(doc.spend))
  const reused = doc.reused && reuseText(doc.reused)
  if (reused) lines.push(`  ${reused} (not in the spend above)`)
  if (doc.noiseFloor !== undefined) lines.push(`  ${noiseFloorText(doc.noiseFloor, cap.estimate)}`)
  if (d.judgeNoise) lines.push(`  ${judgeNoiseText(d.judgeNoise)}`)
  for (const w of d.warnings) if (!opts.except?.has(w.code)) lines.push(`warning: ${w.code} — ${w.message}`)
  return `${lines.join('\n')}\n`
}
