// The export as a JUnit XML report for CI (README "CI reports"): one test case per case with its a/b scores
// (never failing: a case is evidence, not a gate), and one "verdict" test case that fails on reject and is
// skipped when inconclusive, so a CI job gates a skill change on the decision.
import type { ExportDocument } from '../../src-shared/export'

const escape = (text: string): string =>
  text
    // XML 1.0 cannot hold most control characters, not even escaped.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

const score = (x: number | null): string => (x === null ? '–' : x.toFixed(1))

function caseLine(c: ExportDocument['cases'][number]): string {
  const lift = c.a.score !== null && c.b.score !== null ? `, lift ${(c.b.score - c.a.score).toFixed(1)}` : ''
  return `a ${score(c.a.score)} (${c.a.status}), b ${score(c.b.score)} (${c.b.status})${lift}`
}

export function exportToJunit(doc: ExportDocument): string {
  const suite = escape(doc.task.name)
  const { verdict, reasons } = doc.decision
  const verdictBody =
    verdict === 'reject'
      ? `<failure message="reject: ${escape(reasons[0] ?? '')}" type="reject">${escape(reasons.join('\n'))}</failure>`
      : verdict === 'inconclusive'
        ? `<skipped message="inconclusive: ${escape(reasons[0] ?? '')}"/><system-out>${escape(reasons.join('\n'))}</system-out>`
        : `<system-out>${escape(reasons.join('\n'))}</system-out>`
  const cases = doc.cases.map((c) => {
    const unscored = c.a.score === null || c.b.score === null
    const body = `<system-out>${escape(caseLine(c))}</system-out>`
    const skipped = unscored
      ? `<skipped message="${escape(`not scored on both sides: ${caseLine(c)}`)}"/>`
      : ''
    return `    <testcase classname="${suite}.cases" name="${escape(c.caseId)}">${skipped}${body}</testcase>`
  })
  const tests = cases.length + 1
  const failures = verdict === 'reject' ? 1 : 0
  const skipped =
    (verdict === 'inconclusive' ? 1 : 0) +
    doc.cases.filter((c) => c.a.score === null || c.b.score === null).length
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // The JUnit XSD (resources/schemas/junit.xsd) has no `skipped` on <testsuites>: only on <testsuite>.
    `<testsuites name="skill-ab" tests="${tests}" failures="${failures}" errors="0">`,
    `  <testsuite name="${suite}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${escape(doc.exportedAt)}">`,
    `    <testcase classname="${suite}" name="verdict">${verdictBody}</testcase>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
