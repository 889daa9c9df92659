// Judge agreement (Evaluations screen): per evaluator, across every task, how far its judge is from your
// corrections — each correction is a human label for the judge's score of the same execution.
import { useEffect, useState } from 'react'
import type { JudgeAgreement } from '../../../src-shared/ipc-views'
import { call, errorText } from '../api/api'

const num = (n: number | null, digits: number): string => (n === null ? '–' : n.toFixed(digits))
const share = (n: number | null): string => (n === null ? '–' : `${Math.round(n * 100)}%`)

export function JudgeAgreementTable() {
  const [rows, setRows] = useState<JudgeAgreement[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    call('evaluations.agreement', {}).then(setRows, (err: unknown) => setError(errorText(err)))
  }, [])
  return (
    <section className="card" aria-label="Judge agreement">
      <h2>Judge agreement</h2>
      <p className="muted">
        Judge vs your corrections: n corrected runs with a judge score, mean |Δ| (judge − you, points), the
        share within 10 points, and Spearman&apos;s rank correlation (from 5 corrections on). A large
        difference or a low correlation says when not to trust that judge.
      </p>
      {error && <div className="banner error">{error}</div>}
      {rows && rows.length === 0 && (
        <div className="muted">No correction yet: correct a run&apos;s score in its run view.</div>
      )}
      {rows && rows.length > 0 && (
        <table className="plain">
          <thead>
            <tr>
              <th>evaluator</th>
              <th>n</th>
              <th>mean |Δ|</th>
              <th>mean Δ</th>
              <th>within 10 points</th>
              <th>Spearman</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.evaluatorId} data-agreement={r.evaluatorId}>
                <td className="mono small">{r.evaluatorId}</td>
                <td>{r.n}</td>
                <td>{num(r.meanAbsDiff, 1)}</td>
                <td>{num(r.meanDiff, 1)}</td>
                <td>{share(r.within10)}</td>
                <td title={r.spearman === null ? 'needs 5 corrections with a judge score' : undefined}>
                  {num(r.spearman, 2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
