// The evaluation center (invariant 7): every batch with its source. The "case analysis" view lists
// only plain evaluation batches — an A/B task's batch never shows there. Below: judge agreement with your
// corrections, per evaluator.
import { useEffect, useState } from 'react'
import type { BatchView } from '../../../src-shared/ipc-views'
import { call, errorText } from '../api/api'
import { useRoute } from '../stores/route-store'
import { CaseAnalysisPanel } from './CaseAnalysisPanel'
import { JudgeAgreementTable } from './JudgeAgreementTable'

/** A batch's source in words (the stored name, `grayscale-ab`, is an internal one). */
const SOURCE_LABEL: Record<BatchView['source'], string> = {
  'grayscale-ab': 'A/B task',
  'case-analysis': 'case analysis',
}

/** Each side's mean ("a 40.0 · b 70.0"); a case analysis has side b only. Never one mean over both sides. */
function meansText(b: BatchView): string {
  const f = (m: number | null) => (m === null ? '–' : m.toFixed(1))
  return b.source === 'case-analysis' ? f(b.means.b) : `a ${f(b.means.a)} · b ${f(b.means.b)}`
}

export function EvaluationCenter() {
  const navigate = useRoute((s) => s.navigate)
  const [view, setView] = useState<'center' | 'case-analysis'>('center')
  const [batches, setBatches] = useState<BatchView[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** The case analysis opened below the table. */
  const [opened, setOpened] = useState<string | null>(null)
  useEffect(() => {
    setBatches(null)
    call('evaluations.batches', { view }).then(setBatches, (err: unknown) => setError(errorText(err)))
  }, [view])
  return (
    <div className="page wide stack">
      <h1>Evaluations</h1>
      <div className="tabs" role="tablist">
        {(
          [
            ['center', 'All batches'],
            ['case-analysis', 'Case analysis'],
          ] as const
        ).map(([id, label]) => (
          <a
            key={id}
            href="#/evaluations"
            role="tab"
            aria-selected={view === id}
            onClick={(e) => {
              e.preventDefault()
              setView(id)
            }}
          >
            {label}
          </a>
        ))}
      </div>
      <p className="muted">
        {view === 'center'
          ? 'Every evaluation batch. An A/B task keeps all its evaluations in one batch, for ever (re-evaluations included).'
          : 'Batches of plain evaluations only: A/B task batches are left out here.'}
      </p>
      {error && <div className="banner error">{error}</div>}
      {batches && batches.length === 0 && <div className="empty">No evaluation batch yet.</div>}
      {batches && batches.length > 0 && (
        <table className="plain" aria-label="Evaluation batches">
          <thead>
            <tr>
              <th>batch</th>
              <th>source</th>
              <th>task</th>
              <th>skill</th>
              <th>runs</th>
              <th>scored</th>
              <th>failed</th>
              <th>mean score</th>
              <th>created</th>
            </tr>
          </thead>
          <tbody>
            {batches.map((b) => (
              <tr key={b.batchId} data-batch={b.batchId}>
                <td className="mono small">{b.batchId}</td>
                <td>
                  <span
                    className={`badge ${b.source === 'grayscale-ab' ? 'info' : ''}`}
                    data-source={b.source}
                  >
                    {SOURCE_LABEL[b.source]}
                  </span>
                </td>
                <td>
                  <button
                    className="link"
                    onClick={() =>
                      b.source === 'grayscale-ab' ? navigate({ taskId: b.taskId }) : setOpened(b.taskId)
                    }
                  >
                    {b.taskName}
                  </button>
                </td>
                <td className="small">
                  {b.skillName} {b.skillVersion}
                </td>
                <td>{b.runs}</td>
                <td>{b.scored}</td>
                <td>{b.failed}</td>
                <td data-means>{meansText(b)}</td>
                <td className="small muted">{new Date(b.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {opened && <CaseAnalysisPanel taskId={opened} onClose={() => setOpened(null)} />}
      <JudgeAgreementTable />
    </div>
  )
}
