// The decision's three gates — capability, cost, stability — each with its estimate and CI, and the formula
// and inputs one click away. Capability says whether it is the primary judgement when a pairwise judge runs.
import type { CostMetric, Decision } from '../../../../src-shared/decision'
import { ci, f } from './decision-format'
import { DimensionCard, type DimensionCardProps } from './DimensionCard'

export const METRIC: Record<CostMetric, string> = { tokens: 'tokens', usd: 'dollars', time: 'execution time' }

/** Which of the two judgements decides capability: a tag for each card when both exist. */
export function primaryTag(
  decision: Decision,
  judgement: 'pointwise' | 'pairwise',
): DimensionCardProps['tag'] {
  if (!decision.pairwise) return undefined
  const deciding = decision.primary === 'pairwise' ? 'the pairwise judge' : "the judges' scores (pointwise)"
  return decision.primary === judgement
    ? { text: 'primary', title: `Capability's verdict comes from ${deciding} (policy.primary)` }
    : { text: 'shown beside', title: `Shown for comparison: capability's verdict comes from ${deciding}` }
}

export function CapabilityCard({ decision }: { decision: Decision }) {
  const cap = decision.capability
  return (
    <DimensionCard
      id="capability"
      title="Capability"
      verdict={cap.verdict}
      tag={primaryTag(decision, 'pointwise')}
      figure={cap.estimate === null ? '–' : `${cap.estimate >= 0 ? '+' : ''}${f(cap.estimate)} points`}
      lines={[`${ci(cap.ciLow, cap.ciHigh)} · n = ${cap.n} cases · min lift ${cap.minLift}`]}
      details={{
        summary: 'formula and inputs',
        body: `${cap.formula}
sd(d) = ${f(cap.sd, 2)}, t* = ${f(cap.tStar, 3)}, α = ${cap.alpha}
bootstrap CI ${f(cap.bootstrapCiLow)} to ${f(cap.bootstrapCiHigh)} (${cap.bootstrapResamples} resamples)
sign test: ${cap.signTest.positive}+ / ${cap.signTest.negative}− / ${cap.signTest.ties} ties, p = ${f(cap.signTest.pValue, 3)}`,
      }}
    />
  )
}

export function CostCard({ decision }: { decision: Decision }) {
  const cost = decision.cost
  return (
    <DimensionCard
      id="cost"
      title={`Cost (${METRIC[cost.metric]})`}
      verdict={cost.verdict}
      figure={cost.ratio === null ? '–' : `× ${f(cost.ratio, 2)}`}
      lines={[`${ci(cost.ciLow, cost.ciHigh, 2)} · n = ${cost.n} · limit × ${f(cost.limit, 2)}`]}
      details={{
        summary: 'every metric and the formula',
        body:
          cost.formula +
          (Object.keys(cost.metrics) as CostMetric[])
            .map((m) => {
              const x = cost.metrics[m]
              return `\n${METRIC[m]}: × ${f(x.ratio, 2)} (${ci(x.ciLow, x.ciHigh, 2)}), ${x.verdict} — ${x.reason}`
            })
            .join(''),
      }}
    />
  )
}

export function StabilityCard({ decision }: { decision: Decision }) {
  const stab = decision.stability
  const { a, b } = stab.sides
  return (
    <DimensionCard
      id="stability"
      title="Stability"
      verdict={stab.verdict}
      figure={stab.estimate === null ? '–' : `${stab.estimate >= 0 ? '+' : ''}${f(stab.estimate)} sd points`}
      lines={[`${ci(stab.ciLow, stab.ciHigh)} · n = ${stab.n} · tolerance ${stab.tolerance}`]}
      details={{
        summary: 'reliability per side and the formula',
        body: `${stab.formula}
mean sd a = ${f(stab.meanSdA)}, b = ${f(stab.meanSdB)}
pass^${a.k}: a ${a.passHatK.cases}/${a.passHatK.n}, b ${b.passHatK.cases}/${b.passHatK.n}
pass@${a.k}: a ${a.passAtK.cases}/${a.passAtK.n}, b ${b.passAtK.cases}/${b.passAtK.n}
flips: a ${a.flip.cases}/${a.flip.n}, b ${b.flip.cases}/${b.flip.n} (score ≥ ${stab.passThreshold} passes)`,
      }}
    />
  )
}
