// The failures dimension: how much more often b's runs fail in a way the agent is answerable for
// (timeouts, crashes, the agent's own errors) than a's, per case, with its CI against the tolerance.
import type { FailuresDecision } from '../../../../src-shared/decision'
import { f, ofRuns, pp, ppCi } from './decision-format'
import { DimensionCard } from './DimensionCard'
import { plural } from '../../../../src-shared/plural'

const NOT_COUNTED = 'provider errors, launch failures, interruptions, cancels'

export function FailuresCard({ failures: fl }: { failures: FailuresDecision }) {
  const excluded = fl.excludedA + fl.excludedB
  // A threshold, not a change: no sign.
  const tolerance = `${+(100 * fl.tolerance).toFixed(1)} pp`
  return (
    <DimensionCard
      id="failures"
      title="Failures"
      verdict={fl.verdict}
      figure={
        <>
          {pp(fl.diff)} <span className="unit">per-case share of runs failed, b − a</span>
        </>
      }
      lines={[
        `b failed ${ofRuns(fl.failuresB, fl.runsB)}, a ${ofRuns(fl.failuresA, fl.runsA)}`,
        `${ppCi(fl.ciLow, fl.ciHigh)} · n = ${plural(fl.n, 'case')} · tolerance ${tolerance}`,
        ...(excluded
          ? [`not counted against a side: a ${fl.excludedA}, b ${fl.excludedB} runs (${NOT_COUNTED})`]
          : []),
      ]}
      details={{
        summary: 'formula and inputs',
        body: [
          fl.formula,
          'counted: timeouts, crashes and the agent’s own errors, of the runs that failed so or completed',
          fl.failedRunScore === 'missing'
            ? 'such a failure is left out of capability and stability (failedRunScore "missing")'
            : 'such a failure scores 0 in capability and stability (failedRunScore 0)',
          `a: ${fl.failuresA} failed of ${fl.runsA} counted runs; b: ${fl.failuresB} of ${fl.runsB}`,
          `sd of the per-case differences = ${f(fl.sd, 3)}, t* = ${f(fl.tStar, 3)}, α = ${fl.alpha}`,
          `reject when CI low > ${tolerance}; pass when CI high ≤ ${tolerance}`,
          `left out (${NOT_COUNTED}): a ${fl.excludedA}, b ${fl.excludedB} runs`,
        ]
          .filter(Boolean)
          .join('\n'),
      }}
    />
  )
}
