// One case analysis opened from the evaluation center: the mean, each case's score and every run with its
// status and the judge's reason (or why it failed). The CLI's `skill-ab analyze … --json` gives the same.
import { useEffect, useState } from 'react'
import type { CaseAnalysisView } from '../../../src-shared/ipc-views'
import { call, errorText } from '../api/api'
import { RunBadge } from '../components/badges'
import { useEscape } from '../components/use-escape'

const score = (s: number | null) => (s === null ? '–' : s.toFixed(1))

export function CaseAnalysisPanel({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const [view, setView] = useState<CaseAnalysisView | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEscape(onClose)
  useEffect(() => {
    setView(null)
    setError(null)
    call('evaluations.analysis', { taskId }).then(setView, (err: unknown) => setError(errorText(err)))
  }, [taskId])
  if (error) return <div className="banner error">{error}</div>
  if (!view) return <div className="muted">Loading the analysis…</div>
  return (
    <section className="card stack" aria-label={`Case analysis ${view.name}`}>
      <div className="row">
        <h2 className="grow">
          {view.name}{' '}
          <span className="muted small">
            {view.skillName} {view.skillVersion}
          </span>
        </h2>
        <button type="button" onClick={onClose}>
          Close (Esc)
        </button>
      </div>
      <p>
        Mean <b data-testid="analysis-mean">{score(view.mean)}</b> over{' '}
        {view.cases.filter((c) => c.score !== null).length} of {view.cases.length} cases (each case weighs the
        same, whatever its rounds). A case analysis scores one skill: there is no side a and no verdict.
      </p>
      <table className="plain" aria-label="Cases of the analysis">
        <thead>
          <tr>
            <th>case</th>
            <th>score</th>
            <th>round</th>
            <th>status</th>
            <th>run score</th>
            <th>judge reason / failure</th>
          </tr>
        </thead>
        <tbody>
          {view.cases.flatMap((c) =>
            c.runs.map((r, i) => (
              <tr key={r.id} data-case={c.caseId}>
                {i === 0 && (
                  <>
                    <td rowSpan={c.runs.length} className="mono">
                      {c.caseId}
                    </td>
                    <td rowSpan={c.runs.length}>{score(c.score)}</td>
                  </>
                )}
                <td>{r.round}</td>
                <td>
                  <RunBadge run={{ ...r, failureMessage: r.reason }} />
                </td>
                <td>{score(r.score)}</td>
                <td className="small">{r.reason ?? ''}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </section>
  )
}
