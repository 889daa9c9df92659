// The decision as a few terminal lines: the verdict, each dimension with its interval, the reasons.
import type { ExportDocument } from '../../src-shared/export'

const num = (v: number | null, digits: number): string => (v === null ? '—' : v.toFixed(digits))

export function decisionText(doc: ExportDocument): string {
  const d = doc.decision
  const { capability: cap, cost, stability: st } = d
  const lines = [
    `decision: ${d.verdict.toUpperCase()}`,
    `  capability  ${cap.verdict.padEnd(12)} lift ${num(cap.estimate, 1)} points, CI [${num(cap.ciLow, 1)}, ${num(cap.ciHigh, 1)}], n=${cap.n}`,
    `  cost        ${cost.verdict.padEnd(12)} ${cost.metric} ratio ${num(cost.ratio, 2)}, CI [${num(cost.ciLow, 2)}, ${num(cost.ciHigh, 2)}], n=${cost.n}`,
    `  stability   ${st.verdict.padEnd(12)} sd change ${num(st.estimate, 1)} points, CI [${num(st.ciLow, 1)}, ${num(st.ciHigh, 1)}], n=${st.n}`,
    ...d.reasons.map((r) => `  - ${r}`),
  ]
  if (d.casesNeeded)
    lines.push(`  cases needed: ${d.casesNeeded.cases} cases × ${d.casesNeeded.rounds} rounds`)
  return `${lines.join('\n')}\n`
}
