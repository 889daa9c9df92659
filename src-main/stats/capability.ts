// Capability (docs/decision.md): per-case lift d_i = mean_r s_B − mean_r s_A, its t-interval, bootstrap and sign test.
import type { CapabilityDecision, CaseDifference, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import type { CaseRuns } from './cases'
import { interval, level, num, plain, pValue, signed } from './format'
import { varianceParts } from './noise'
import { seedFrom } from './prng'
import { BOOTSTRAP_RESAMPLES, bootstrapMeanCi, signTest } from './resampling'
import { tInterval } from './summary'
import { mean } from '../../src-shared/run-rules'
import { plural } from '../../src-shared/plural'

export const CAPABILITY_FORMULA =
  'd_i = mean_r s_B − mean_r s_A over scored rounds; D = mean_i d_i; CI = D ± t(1 − α/2, n − 1)·sd(d)/√n; ' +
  'pass if CI_low > 0 and D ≥ minLift; reject if CI_high < minLift'

export interface DimensionResult<T> {
  decision: T
  reasons: string[]
}

export function caseDifferences(cases: readonly CaseRuns[]): CaseDifference[] {
  return cases.map((c) => {
    const a = mean(c.a.scores) as number
    const b = mean(c.b.scores) as number
    return { caseId: c.caseId, a, b, diff: b - a, roundsA: c.a.scores.length, roundsB: c.b.scores.length }
  })
}

export function capability(cases: readonly CaseRuns[], policy: Policy): DimensionResult<CapabilityDecision> {
  const { minLift, alpha } = policy
  const perCase = caseDifferences(cases)
  const diffs = perCase.map((c) => c.diff)
  const t = tInterval(diffs, alpha)
  const seed = seedFrom(JSON.stringify(perCase.map((c) => [c.caseId, c.diff])))
  const boot = bootstrapMeanCi(diffs, alpha, seed)
  const sign = signTest(diffs)
  const parts = varianceParts(cases, diffs)
  const { verdict, why } = rule(t.n, t.mean, t.low, t.high, policy)
  const decision: CapabilityDecision = {
    verdict,
    estimate: t.mean,
    ciLow: t.low,
    ciHigh: t.high,
    n: t.n,
    sd: t.sd,
    tStar: t.tStar,
    bootstrapCiLow: boot?.low ?? null,
    bootstrapCiHigh: boot?.high ?? null,
    bootstrapResamples: BOOTSTRAP_RESAMPLES,
    signTest: sign,
    varianceBetween: parts.between,
    varianceWithin: parts.within,
    minLift,
    alpha,
    formula: CAPABILITY_FORMULA,
    perCase,
  }
  const reasons = [`capability: ${verdict} — ${why}`]
  if (boot) {
    const p = sign.pValue === null ? 'no p-value (all ties)' : `p = ${pValue(sign.pValue)}`
    reasons.push(
      `capability, beside it: case-bootstrap ${level(alpha)} CI ${interval(boot.low, boot.high)} ` +
        `(${BOOTSTRAP_RESAMPLES} resamples); sign test ${sign.positive} up, ${sign.negative} down, ` +
        `${plural(sign.ties, 'tie')}, two-sided exact ${p}`,
    )
  }
  return { decision, reasons }
}

function rule(
  n: number,
  d: number | null,
  low: number | null,
  high: number | null,
  { minLift, alpha }: Policy,
): { verdict: Verdict; why: string } {
  if (d === null || low === null || high === null)
    return {
      verdict: 'inconclusive',
      why: `${plural(n, 'counting case')}${d === null ? '' : ` (lift ${signed(d)} points)`}; at least 2 are needed for an interval`,
    }
  const figures = `${signed(d)} points, ${level(alpha)} CI ${interval(low, high)} (n = ${n})`
  const lift = plain(minLift)
  if (low > 0 && d >= minLift)
    return { verdict: 'pass', why: `${figures}: CI low ${num(low)} > 0 and D ${signed(d)} ≥ minLift ${lift}` }
  if (high < minLift) return { verdict: 'reject', why: `${figures}: CI high ${num(high)} < minLift ${lift}` }
  const failed = [
    ...(low <= 0 ? [`CI low ${num(low)} ≤ 0`] : []),
    ...(d < minLift ? [`D ${signed(d)} < minLift ${lift}`] : []),
  ]
  return {
    verdict: 'inconclusive',
    why: `${figures}: ${failed.join(' and ')}, but CI high ${num(high)} ≥ minLift ${lift}`,
  }
}
