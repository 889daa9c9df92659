// Pieces of the per-case comparison: a case's mark when its content changed between the two experiments (or
// one did not record it), and the summary line over the cases that are comparable.
import { signed, tone } from '../task/run-rows'
import type { CaseIdentity, ComparisonSummary } from './compare-cases'
import { plural } from '../../../../src-shared/plural'

export function CaseMark({ identity }: { identity: CaseIdentity }) {
  if (identity === 'changed')
    return (
      <span
        className="badge warn"
        data-identity="changed"
        title="Its prompt, files, expected output or expectations differ between the two: a different case under the same id, left out of the summary"
      >
        case changed between the two
      </span>
    )
  if (identity === 'unknown')
    return (
      <span
        className="muted small"
        data-identity="unknown"
        title="One of the two is an export written before exports recorded each case's content: whether the case changed is unknown"
      >
        (content unknown)
      </span>
    )
  return null
}

export function ComparisonSummaryLine({ summary: s }: { summary: ComparisonSummary }) {
  const notes = [
    s.changed > 0 && `${plural(s.changed, 'case')} changed between the two, left out`,
    s.unknown > 0 && `${plural(s.unknown, 'case')} of unknown content (an older export), counted`,
  ].filter(Boolean)
  return (
    <div className="small" data-testid="comparison-summary">
      {s.n ? (
        <>
          Over {plural(s.n, 'case')} in both: mean Δ {signed(s.meanLeft)} → {signed(s.meanRight)}, change{' '}
          <span className={tone(s.meanChange)}>{signed(s.meanChange)}</span>
        </>
      ) : (
        'No case in both has a Δ in each to compare'
      )}
      {notes.length > 0 && ` · ${notes.join(' · ')}`}
    </div>
  )
}
