// A markdown summary of an export for pasting into a review: verdict, per-case table, dimensions, spend.
import { lacksEvidence } from '../../src-shared/offered-skills'
import { caseMeans } from '../../src-shared/run-rules'
import type { ExportCase, ExportDecision, ExportDocument, ExportRun } from '../../src-shared/export'
import type { Spend } from '../../src-shared/spend'
import { reuseText } from '../../src-shared/reuse'
import { noiseFloorText } from '../../src-shared/noise-floor'
import { judgeNoiseText } from '../../src-shared/judge-noise-text'
import { formatCount, spendRows } from '../../src-shared/spend-format'

const VERDICT_WORDS: Record<string, string> = {
  pass: 'PASS: the skill improves capability, and neither cost, stability nor failures rejects it',
  reject: 'REJECT: at least one dimension rejects the skill',
  inconclusive: 'INCONCLUSIVE: the evidence does not decide either way yet',
}

/** Text safe inside a table cell: no pipe, no line break. */
export function cell(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')
}

const fixed = (x: number | null | undefined, digits = 1): string =>
  typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '—'
const signed = (x: number | null | undefined, digits = 1): string =>
  typeof x === 'number' && Number.isFinite(x)
    ? `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(digits)}`
    : '—'
const range = (lo: number | null, hi: number | null, f: (x: number | null) => string): string =>
  lo === null || hi === null ? '—' : `[${f(lo)}, ${f(hi)}]`

function sideName(v: { name: string; label: string } | null, fallback: string): string {
  return v ? `${v.name} ${v.label}` : fallback
}

/** Per case, b's rounds that invoked the skill over those whose invocation is known: `2/3`, or `—`. */
export function skillUse(runs: readonly ExportRun[]): Map<string, string> {
  const tally = new Map<string, { invoked: number; known: number }>()
  for (const r of runs) {
    if (r.side !== 'b' || typeof r.skillLoaded !== 'boolean') continue
    const t = tally.get(r.caseId) ?? { invoked: 0, known: 0 }
    t.known++
    if (r.skillLoaded) t.invoked++
    tally.set(r.caseId, t)
  }
  return new Map([...tally].map(([caseId, t]) => [caseId, `${t.invoked}/${t.known}`]))
}

type CaseMeans = ReturnType<typeof caseMeans>

function caseRow(c: ExportCase, means: CaseMeans, used: Map<string, string>): string {
  const { a, b } = means.get(c.caseId) ?? { a: null, b: null }
  const delta = a !== null && b !== null ? signed(b - a) : '—'
  return `| ${cell(c.caseId)} | ${fixed(a)} | ${fixed(b)} | ${delta} | ${c.a.status} | ${c.b.status} | ${used.get(c.caseId) ?? '—'} |`
}

function confidence(doc: ExportDocument): string {
  const alpha = doc.decision.capability.alpha
  return typeof alpha === 'number' && alpha > 0 && alpha < 1 ? `${+((1 - alpha) * 100).toFixed(1)}% CI` : 'CI'
}

const percent = (x: number | null): string => (x === null ? '—' : `${Math.round(100 * x)}%`)
const points = (x: number | null): string => signed(x === null ? null : 100 * x)

function triggerRow(name: string, t: ExportDecision['trigger']['b']): string {
  return `| trigger: ${name} invoked the skill (share of runs) | ${percent(t.rate)} | ${range(t.ciLow, t.ciHigh, percent)} | ${t.runs} runs | — |`
}

function dimensionRows(doc: ExportDocument): string[] {
  const {
    capability: cap,
    cost,
    stability: stab,
    failures: fl,
    trigger: tr,
    pairwise: pw,
    primary,
  } = doc.decision
  const times = (x: number | null) => (x === null ? '—' : `×${x.toFixed(2)}`)
  const role = (judgement: string) =>
    pw === null ? '' : primary === judgement ? ', primary' : ', shown beside'
  return [
    `| capability (b − a, points${role('pointwise')}) | ${signed(cap.estimate)} | ${range(cap.ciLow, cap.ciHigh, signed)} | ${cap.n} | **${cap.verdict}** |`,
    ...(pw
      ? [
          `| pairwise (cases b won / lost / tied${role('pairwise')}) | ${pw.wins} / ${pw.losses} / ${pw.ties} | p = ${pw.pValue === null ? '—' : +pw.pValue.toPrecision(3)} | ${pw.n} | **${pw.verdict}** |`,
        ]
      : []),
    `| cost (${cost.metric}, b ÷ a) | ${times(cost.ratio)} | ${range(cost.ciLow, cost.ciHigh, times)} | ${cost.n} | **${cost.verdict}** |`,
    `| stability (sd b − sd a, points) | ${signed(stab.estimate)} | ${range(stab.ciLow, stab.ciHigh, signed)} | ${stab.n} | **${stab.verdict}** |`,
    `| failures (share of runs failed by the agent, b − a, points; b ${fl.failuresB} of ${fl.runsB}, a ${fl.failuresA} of ${fl.runsA}) | ${points(fl.diff)} | ${range(fl.ciLow, fl.ciHigh, points)} | ${fl.n} | **${fl.verdict}** |`,
    triggerRow('b', tr.b),
    ...(tr.a ? [triggerRow('a', tr.a)] : []),
  ]
}

/** What the task was paid (docs/decision.md "Spend"): a row per side, the judge and the total. */
function spendTable(s: Spend): string[] {
  return [
    '### Spend',
    '',
    '| | counted | tokens | input | output | reasoning | cache read | cache write | dollars | wall time |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...spendRows(s).map((r) => {
      const t = r.tokens
      const n = [t.total, t.input, t.output, t.reasoning, t.cacheRead, t.cacheWrite].map(formatCount)
      return `| ${r.part} | ${r.items} | ${n.join(' | ')} | ${cell(r.dollars)} | ${r.wall} |`
    }),
    '',
    'What the task was paid, failed runs and re-judgements included (not only what the verdict counts).',
  ]
}

export function exportToMarkdown(doc: ExportDocument): string {
  const { task, decision } = doc
  const b = sideName(doc.skillVersions.b, 'the skill')
  const a = sideName(doc.skillVersions.a, 'no skill')
  const used = skillUse(doc.runs)
  const failedRunScore = decision.failures.failedRunScore ?? 'missing'
  const baselineHasSkill = doc.skillVersions.a !== null
  const runs = doc.runs.map((r) => ({ ...r, withoutEvidence: lacksEvidence(r, baselineHasSkill) }))
  const means = caseMeans(runs, failedRunScore)
  const lines = [
    `## Skill A/B · ${task.name}: ${a} (a) vs ${b} (b) — ${decision.verdict}`,
    '',
    `**Verdict: ${VERDICT_WORDS[decision.verdict] ?? decision.verdict}.**`,
    '',
  ]
  if (doc.demo) lines.push('> Demo: run against the bundled scripted model, not a real measurement.', '')
  lines.push(
    `Task \`${task.id}\` (${task.status}); agent ${doc.environment.agentModel ?? '—'}, judge ${doc.environment.judgeModel ?? '—'}, ` +
      `opencode ${doc.environment.opencodeVersion ?? 'unknown'}, Skill A/B ${doc.environment.app}; exported ${doc.exportedAt}.`,
    '',
  )
  if (decision.warnings.length)
    lines.push(
      '### Warnings',
      '',
      ...decision.warnings.map((w) => `- **${w.code}**: ${w.message.replace(/\r?\n/g, ' ')}`),
      '',
    )
  lines.push(
    '### Cases',
    '',
    '| case | a score | b score | Δ | a status | b status | b used the skill |',
    '|---|---:|---:|---:|---|---|---:|',
    ...doc.cases.map((c) => caseRow(c, means, used)),
  )
  if (doc.cases.length === 0) lines.push('| (no cases) | — | — | — | — | — | — |')
  lines.push(
    '',
    `Scores are means of the rounds on 0–100 as the decision counts them${failedRunScore === 0 ? " (a failure of the agent's — timeout, crash, its own error — counts as 0)" : ''}; Δ = b − a. ` +
      "b used the skill: b's rounds that invoked it, of those that report it.",
    '',
    '### Decision',
    '',
    `| dimension | estimate | ${confidence(doc)} | n cases | verdict |`,
    '|---|---:|---|---:|---|',
    ...dimensionRows(doc),
    '',
    ...decision.reasons.map((r) => `- ${r.replace(/\r?\n/g, ' ')}`),
  )
  if (decision.casesNeeded)
    lines.push(
      '',
      `Cases needed: about **${decision.casesNeeded.cases} cases × ${decision.casesNeeded.rounds} rounds** for this lift and spread to pass with 80% probability.`,
    )
  if (doc.spend) lines.push('', ...spendTable(doc.spend))
  const reused = doc.reused && reuseText(doc.reused)
  if (reused) lines.push('', `Baseline reuse: ${reused} (not in the spend above).`)
  if (doc.noiseFloor !== undefined)
    lines.push('', `Noise floor: ${noiseFloorText(doc.noiseFloor, decision.capability.estimate)}.`)
  if (decision.judgeNoise) lines.push('', `Judge: ${judgeNoiseText(decision.judgeNoise)}.`)
  return `${lines.join('\n')}\n`
}
