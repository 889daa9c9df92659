// Two experiments of the same dataset side by side per case (route `#/compare`): each one's Δ (mean b −
// mean a) and how it changed, matched by case id; a case whose content changed between the two is marked
// and left out of the summary; cases only one of them has are listed.
import { useMemo, useState } from 'react'
import { compareCases, experimentLabels } from './compare-cases'
import { signed, tone } from '../task/run-rows'
import { CaseMark, ComparisonSummaryLine } from './ComparisonParts'
import { ExperimentPicker, type Experiment } from './ExperimentPicker'
import { formatScore } from '../task/run-rows'

export function CompareScreen() {
  const [left, setLeft] = useState<Experiment | null>(null)
  const [right, setRight] = useState<Experiment | null>(null)
  const [error, setError] = useState<string | null>(null)
  const comparison = useMemo(
    () => (left && right ? compareCases(left.cases, right.cases) : null),
    [left, right],
  )
  const pick = (set: (e: Experiment) => void) => (e: Experiment) => {
    set(e)
    setError(null)
  }
  return (
    <div className="page wide stack">
      <h1>Compare two experiments per case</h1>
      <div className="muted small">
        Two exports, or an export and a local task, of the same dataset: each case&apos;s Δ (mean b − mean a)
        in both, and how it changed. Cases are matched by their id; one whose prompt, files or expectations
        differ between the two is marked and left out of the summary.
      </div>
      {error && <div className="banner error">{error}</div>}
      <div className="grid-2">
        <ExperimentPicker label="First" value={left} onChange={pick(setLeft)} onError={setError} />
        <ExperimentPicker label="Second" value={right} onChange={pick(setRight)} onError={setError} />
      </div>
      {left && right && comparison && <ComparisonTable left={left} right={right} comparison={comparison} />}
    </div>
  )
}

function ComparisonTable({
  left,
  right,
  comparison,
}: {
  left: Experiment
  right: Experiment
  comparison: ReturnType<typeof compareCases>
}) {
  const [first, second] = experimentLabels(left, right)
  return (
    <div className="card stack">
      <table className="plain" aria-label="Per-case comparison" data-testid="comparison">
        <thead>
          <tr>
            <th>case</th>
            <th>{first}: a → b</th>
            <th>Δ first</th>
            <th>{second}: a → b</th>
            <th>Δ second</th>
            <th title="Δ second − Δ first">change</th>
          </tr>
        </thead>
        <tbody>
          {comparison.matched.map((m) => (
            <tr key={m.caseId} data-case={m.caseId}>
              <td className="mono">
                {m.caseId} <CaseMark identity={m.identity} />
              </td>
              <td className="small">
                {formatScore(m.left.meanA)} → {formatScore(m.left.meanB)}
              </td>
              <td className={tone(m.left.delta)}>{signed(m.left.delta)}</td>
              <td className="small">
                {formatScore(m.right.meanA)} → {formatScore(m.right.meanB)}
              </td>
              <td className={tone(m.right.delta)}>{signed(m.right.delta)}</td>
              {m.identity === 'changed' ? (
                <td className="muted small" data-change>
                  not comparable
                </td>
              ) : (
                <td className={tone(m.change)} data-change>
                  {signed(m.change)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {comparison.matched.length > 0 && <ComparisonSummaryLine summary={comparison.summary} />}
      {comparison.matched.length === 0 && (
        <div className="banner warn">No case in common: are these experiments of the same dataset?</div>
      )}
      {(comparison.onlyLeft.length > 0 || comparison.onlyRight.length > 0) && (
        <div className="small" data-testid="unmatched">
          Not matched:{' '}
          {comparison.onlyLeft.length > 0 && `only in ${first}: ${comparison.onlyLeft.join(', ')}`}
          {comparison.onlyLeft.length > 0 && comparison.onlyRight.length > 0 && ' · '}
          {comparison.onlyRight.length > 0 && `only in ${second}: ${comparison.onlyRight.join(', ')}`}
        </div>
      )}
    </div>
  )
}
