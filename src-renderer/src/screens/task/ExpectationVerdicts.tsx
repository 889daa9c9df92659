// An expectations evaluator's verdict per expectation in a run's judge results: pass or fail, with the
// judge's evidence (README "Evaluators").
import type { ExpectationVerdict } from '../../../../src-shared/expectation-verdict'

export function ExpectationVerdicts({ verdicts }: { verdicts: readonly ExpectationVerdict[] }) {
  return (
    <ol className="expectation-verdicts" aria-label="Expectations" data-testid="expectation-verdicts">
      {verdicts.map((v, i) => (
        <li key={i}>
          <span className={`badge ${v.passed ? 'pass' : 'reject'}`}>{v.passed ? 'pass' : 'fail'}</span>{' '}
          {v.expectation}
          {v.evidence && <div className="small muted">{v.evidence}</div>}
        </li>
      ))}
    </ol>
  )
}
