// The decision (DESIGN §9, §12): the verdict and the rule that fired, the three dimensions with estimate
// and CI (formula and inputs one click away), and the plots.
import type { CostMetric, Decision } from '../../../../src-shared/decision'
import type { RunView } from '../../../../src-shared/ipc-views'
import { VerdictBadge } from '../../components/badges'
import { caseDeltas, DeltaPlot, ScoreHistogram } from './plots'

const f = (v: number | null, digits = 1) => (v === null ? '–' : v.toFixed(digits))
const ci = (lo: number | null, hi: number | null, digits = 1) =>
  lo === null || hi === null ? 'CI –' : `CI ${f(lo, digits)} to ${f(hi, digits)}`
const METRIC: Record<CostMetric, string> = { tokens: 'tokens', usd: 'dollars', time: 'execution time' }

export function DecisionPanel({ decision, runs }: { decision: Decision; runs: RunView[] }) {
  const { capability: cap, cost, stability: stab, coverage } = decision
  return (
    <div className="stack">
      <div className="card verdict" data-verdict={decision.verdict}>
        <span className={`big ${decision.verdict}`}>{decision.verdict}</span>
        <div className="grow">
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {decision.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <div className="muted small">
            {coverage.counting} of {coverage.total} cases count (each side needs ≥ {coverage.minScoredRounds}{' '}
            of {coverage.rounds} rounds scored)
            {decision.casesNeeded &&
              ` · about ${decision.casesNeeded.cases} cases × ${decision.casesNeeded.rounds} rounds would be needed to pass`}
          </div>
        </div>
      </div>
      <div className="grid-3">
        <div className="card" data-dimension="capability">
          <div className="row">
            <h3 className="grow">Capability</h3>
            <VerdictBadge verdict={cap.verdict} />
          </div>
          <div className="figure">
            {cap.estimate === null ? '–' : `${cap.estimate >= 0 ? '+' : ''}${f(cap.estimate)} points`}
          </div>
          <div className="muted small">
            {ci(cap.ciLow, cap.ciHigh)} · n = {cap.n} cases · min lift {cap.minLift}
          </div>
          <details>
            <summary>formula and inputs</summary>
            <pre className="small">{`${cap.formula}
sd(d) = ${f(cap.sd, 2)}, t* = ${f(cap.tStar, 3)}, α = ${cap.alpha}
bootstrap CI ${f(cap.bootstrapCiLow)} to ${f(cap.bootstrapCiHigh)} (${cap.bootstrapResamples} resamples)
sign test: ${cap.signTest.positive}+ / ${cap.signTest.negative}− / ${cap.signTest.ties} ties, p = ${f(cap.signTest.pValue, 3)}`}</pre>
          </details>
        </div>
        <div className="card" data-dimension="cost">
          <div className="row">
            <h3 className="grow">Cost ({METRIC[cost.metric]})</h3>
            <VerdictBadge verdict={cost.verdict} />
          </div>
          <div className="figure">{cost.ratio === null ? '–' : `× ${f(cost.ratio, 2)}`}</div>
          <div className="muted small">
            {ci(cost.ciLow, cost.ciHigh, 2)} · n = {cost.n} · limit × {f(cost.limit, 2)}
          </div>
          <details>
            <summary>every metric and the formula</summary>
            <pre className="small">
              {cost.formula}
              {(Object.keys(cost.metrics) as CostMetric[])
                .map((m) => {
                  const x = cost.metrics[m]
                  return `\n${METRIC[m]}: × ${f(x.ratio, 2)} (${ci(x.ciLow, x.ciHigh, 2)}), ${x.verdict} — ${x.reason}`
                })
                .join('')}
            </pre>
          </details>
        </div>
        <div className="card" data-dimension="stability">
          <div className="row">
            <h3 className="grow">Stability</h3>
            <VerdictBadge verdict={stab.verdict} />
          </div>
          <div className="figure">
            {stab.estimate === null ? '–' : `${stab.estimate >= 0 ? '+' : ''}${f(stab.estimate)} sd points`}
          </div>
          <div className="muted small">
            {ci(stab.ciLow, stab.ciHigh)} · n = {stab.n} · tolerance {stab.tolerance}
          </div>
          <details>
            <summary>reliability per side and the formula</summary>
            <pre className="small">{`${stab.formula}
mean sd a = ${f(stab.meanSdA)}, b = ${f(stab.meanSdB)}
pass^${stab.sides.a.k}: a ${stab.sides.a.passHatK.cases}/${stab.sides.a.passHatK.n}, b ${stab.sides.b.passHatK.cases}/${stab.sides.b.passHatK.n}
pass@${stab.sides.a.k}: a ${stab.sides.a.passAtK.cases}/${stab.sides.a.passAtK.n}, b ${stab.sides.b.passAtK.cases}/${stab.sides.b.passAtK.n}
flips: a ${stab.sides.a.flip.cases}/${stab.sides.a.flip.n}, b ${stab.sides.b.flip.cases}/${stab.sides.b.flip.n} (score ≥ ${stab.passThreshold} passes)`}</pre>
          </details>
        </div>
      </div>
      <div className="grid-2">
        <div className="card">
          <h3>
            Score distribution: <span className="side-a">a</span> vs <span className="side-b">b</span>
          </h3>
          <ScoreHistogram runs={runs} />
        </div>
        <div className="card">
          <h3>Per-case difference b − a</h3>
          <DeltaPlot deltas={caseDeltas(runs)} ciLow={cap.ciLow} ciHigh={cap.ciHigh} minLift={cap.minLift} />
          <div className="muted small">
            Dots: mean b − mean a per case; lines: ±1.96·SE over its rounds; band: the CI of the mean
            difference.
          </div>
        </div>
      </div>
    </div>
  )
}
