// The decision in one plain sentence (the decision panel's headline): what decided it, in
// numbers a person uses — points of score, percent more cost, runs failed. The statistics behind it stay in
// the decision's reasons and its cards.
import type { Decision, PairwiseDecision } from './decision'

const pts = (x: number): string => `${Math.abs(x) >= 10 ? x.toFixed(0) : x.toFixed(1)} points`
const signed = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`
const pct = (ratio: number): number => Math.round((ratio - 1) * 100)
const COST_WORD = { tokens: 'tokens', usd: 'money', time: 'time' } as const

/** "lifts the score by 12 points (CI +4.1 to +20.5)", or "lowers …"; null without an estimate. */
function liftText(d: Decision): string | null {
  const { estimate, ciLow, ciHigh } = d.capability
  if (estimate === null) return null
  const ci = ciLow !== null && ciHigh !== null ? ` (CI ${signed(ciLow)} to ${signed(ciHigh)})` : ''
  if (Math.abs(estimate) < 0.05) return `leaves the score as it was${ci}`
  return estimate > 0
    ? `lifts the score by ${pts(estimate)}${ci}`
    : `lowers the score by ${pts(-estimate)}${ci}`
}

function pairwiseText(pw: PairwiseDecision): string {
  return `the judge preferred b's answer in ${pw.wins} of ${pw.n} cases and a's in ${pw.losses}`
}

/** What each rejecting gate says, in plain words. */
function rejections(d: Decision): string[] {
  const out: string[] = []
  const { cost, stability, failures, pairwise } = d
  if (d.primary === 'pointwise' && d.capability.verdict === 'reject') {
    const lift = liftText(d) ?? 'lowers the score'
    const short =
      (d.capability.estimate ?? 0) > 0 ? `, short of the ${d.capability.minLift}-point minimum` : ''
    out.push(`b ${lift}${short}`)
  }
  if (d.primary === 'pairwise' && pairwise?.verdict === 'reject') out.push(pairwiseText(pairwise))
  if (cost.verdict === 'reject' && cost.ratio !== null)
    out.push(
      `b uses ${pct(cost.ratio)}% more ${COST_WORD[cost.metric]} than a, more than the ${pct(cost.limit)}% the budget allows`,
    )
  if (stability.verdict === 'reject' && stability.estimate !== null)
    out.push(
      `b's scores vary ${pts(stability.estimate)} more from round to round than a's (tolerance ${stability.tolerance})`,
    )
  if (failures?.verdict === 'reject')
    out.push(
      `b's agent failed ${failures.failuresB} of ${failures.runsB} runs, a's ${failures.failuresA} of ${failures.runsA}`,
    )
  return out
}

const list = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`

/** One sentence: the verdict, and what decided it. */
export function verdictHeadline(d: Decision): string {
  const { coverage } = d
  if (d.verdict === 'reject') {
    const why = rejections(d)
    const lift = liftText(d)
    // A skill whose lift passed, stopped by another gate: its lift first, then what stops it.
    const helps = d.primary === 'pointwise' && d.capability.verdict === 'pass'
    if (helps && lift && why.length) return `Rejected: b ${lift}, but ${list(why)}.`
    return why.length ? `Rejected: ${list(why)}.` : 'Rejected.'
  }
  if (!coverage.sufficient)
    return coverage.total === 0
      ? 'No verdict: there are no cases to decide on.'
      : `No verdict: only ${coverage.counting} of ${coverage.total} cases have ${coverage.minScoredRounds} scored rounds on both sides; ${Math.ceil((coverage.total * 4) / 5)} are needed.`
  if (d.verdict === 'pass') {
    const lift = liftText(d)
    const by = d.primary === 'pairwise' && d.pairwise ? pairwiseText(d.pairwise) : `b ${lift ?? 'helps'}`
    return `Passes: ${by}, and cost, stability and failures stay within their limits.`
  }
  const need = d.casesNeeded
    ? ` About ${d.casesNeeded.cases} cases × ${d.casesNeeded.rounds} rounds would tell.`
    : ''
  if (d.primary === 'pairwise' && d.pairwise)
    return `No verdict yet: ${pairwiseText(d.pairwise)}, not enough to tell them apart.${need}`
  const lift = liftText(d)
  if (!lift) return 'No verdict yet: no case has scores on both sides.'
  const why =
    (d.capability.ciLow ?? 0) <= 0
      ? 'that could be no lift at all'
      : `a real lift, but under the ${d.capability.minLift}-point minimum so far`
  return `No verdict yet: b ${lift}: ${why}.${need}`
}
