// Trigger evaluation metrics (docs/triggers.md): per query trigger rate and majority correctness; precision,
// recall and accuracy over the set with Wilson intervals; two descriptions compared by exact McNemar.
import type {
  Confusion,
  DescriptionComparison,
  ProbeResult,
  QueryTrigger,
  TriggerQuery,
  TriggerRate,
  TriggerSummary,
} from '../../src-shared/trigger-eval'
import { level, pValue, share } from './format'
import { wilson } from './proportions'
import { signTest } from './resampling'
import { plural } from '../../src-shared/plural'

export const TRIGGER_SET_FORMULA =
  'per query: rate = rounds that loaded this skill ÷ probed rounds; correct when more than half of its probed ' +
  'rounds match shouldTrigger (a tie is wrong). Over queries with a result: precision = TP ÷ (TP + FP), ' +
  'recall = TP ÷ (TP + FN), accuracy = (TP + TN) ÷ n, each with a Wilson interval at 1 − α'

export const DESCRIPTION_AB_FORMULA =
  'paired per query answered by both versions: exact two-sided McNemar test on the discordant queries ' +
  '(b right and a wrong vs a right and b wrong); pass when b is better at α, reject when b is worse at α'

function rateOf(k: number, n: number, alpha: number): TriggerRate {
  const ci = wilson(k, n, alpha)
  return { k, n, rate: n ? k / n : null, ciLow: ci.low, ciHigh: ci.high }
}

function queryTrigger(q: TriggerQuery, probes: readonly ProbeResult[]): QueryTrigger {
  const done = probes.filter((p) => p.choice !== null)
  const triggered = done.filter((p) => p.choice === 'this').length
  const other = done.filter((p) => p.choice === 'other').length
  const matching = q.shouldTrigger ? triggered : done.length - triggered
  const instead: Record<string, number> = {}
  for (const p of done) {
    if ((p.choice === 'this') === q.shouldTrigger) continue
    const what =
      p.choice === 'other' ? (p.otherSkill ?? 'another skill') : p.choice === 'this' ? 'this skill' : 'none'
    instead[what] = (instead[what] ?? 0) + 1
  }
  return {
    queryId: q.id,
    query: q.query,
    shouldTrigger: q.shouldTrigger,
    probed: done.length,
    triggered,
    other,
    none: done.length - triggered - other,
    rate: done.length ? triggered / done.length : null,
    correct: done.length ? matching > done.length / 2 : null,
    instead,
  }
}

/** The metrics of one description over its set; probes of queries not in the set are ignored. */
export function summarizeTriggers(
  queries: readonly TriggerQuery[],
  probes: readonly ProbeResult[],
  alpha: number,
): TriggerSummary {
  const byQuery = new Map<string, ProbeResult[]>()
  for (const p of probes) byQuery.set(p.queryId, [...(byQuery.get(p.queryId) ?? []), p])
  const rows = queries.map((q) => queryTrigger(q, byQuery.get(q.id) ?? []))
  const answered = rows.filter((r) => r.correct !== null)
  const c: Confusion = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 }
  for (const r of answered) {
    if (r.shouldTrigger) c[r.correct ? 'truePositive' : 'falseNegative'] += 1
    else c[r.correct ? 'trueNegative' : 'falsePositive'] += 1
  }
  return {
    queries: rows,
    withoutResult: rows.filter((r) => r.correct === null).map((r) => r.queryId),
    confusion: c,
    precision: rateOf(c.truePositive, c.truePositive + c.falsePositive, alpha),
    recall: rateOf(c.truePositive, c.truePositive + c.falseNegative, alpha),
    accuracy: rateOf(c.truePositive + c.trueNegative, answered.length, alpha),
    failing: rows.filter((r) => r.correct === false),
    alpha,
    formula: TRIGGER_SET_FORMULA,
  }
}

/** Description a against description b on the same set: pass / reject / inconclusive at α. */
export function compareDescriptions(a: TriggerSummary, b: TriggerSummary): DescriptionComparison {
  const alpha = a.alpha
  const bById = new Map(b.queries.map((q) => [q.queryId, q]))
  const diffs: number[] = []
  for (const qa of a.queries) {
    const qb = bById.get(qa.queryId)
    if (qa.correct === null || qb?.correct == null) continue
    diffs.push(Number(qb.correct) - Number(qa.correct))
  }
  const sign = signTest(diffs)
  const p = sign.pValue
  const significant = p !== null && p < alpha
  const verdict = !significant ? 'inconclusive' : sign.positive > sign.negative ? 'pass' : 'reject'
  const accuracy = (s: TriggerSummary) => share(s.accuracy.k, s.accuracy.n, 'queries')
  const reasons = [
    `accuracy: a ${accuracy(a)}, b ${accuracy(b)} right`,
    `${plural(diffs.length, 'query', 'queries')} answered by both: b right where a was wrong on ${sign.positive}, ` +
      `wrong where a was right on ${sign.negative}; ` +
      (p === null ? 'no query differs, so nothing tells them apart' : `exact McNemar p = ${pValue(p)}`),
  ]
  if (verdict === 'inconclusive')
    reasons.push(
      diffs.length < 2
        ? 'too few queries answered by both versions to tell them apart'
        : `no difference at the ${level(alpha)} level: more queries (or the queries that differ) would settle it`,
    )
  else
    reasons.push(`b's description is ${verdict === 'pass' ? 'better' : 'worse'} at the ${level(alpha)} level`)
  return {
    verdict,
    a,
    b,
    paired: diffs.length,
    betterInB: sign.positive,
    worseInB: sign.negative,
    pValue: p,
    reasons,
    formula: DESCRIPTION_AB_FORMULA,
  }
}
