// One trigger task's report (docs/triggers.md): progress, per version the metrics with their intervals, the
// confusion table and the queries that go wrong, and the description A/B verdict.
import type { TriggerRate, TriggerSummary } from '../../../../src-shared/trigger-eval'
import type { TriggerDetail } from '../../../../src-shared/trigger-views'
import { formatUsd } from '../../../../src-shared/spend-format'
import { plural } from '../../../../src-shared/plural'

const pct = (x: number | null): string => (x === null ? '—' : `${Math.round(100 * x)}%`)

function Metric({ name, rate }: { name: string; rate: TriggerRate }) {
  return (
    <div className="card" data-metric={name}>
      <div className="muted small">{name}</div>
      <div className="figure">{pct(rate.rate)}</div>
      <div className="small muted">
        {rate.n
          ? `${rate.k} of ${rate.n} · CI ${pct(rate.ciLow)}–${pct(rate.ciHigh)}`
          : 'no query to count yet'}
      </div>
    </div>
  )
}

function Version({ title, s }: { title: string; s: TriggerSummary }) {
  const c = s.confusion
  return (
    <section className="stack" aria-label={title}>
      <h3>{title}</h3>
      <div className="grid-3">
        <Metric name="precision" rate={s.precision} />
        <Metric name="recall" rate={s.recall} />
        <Metric name="accuracy" rate={s.accuracy} />
      </div>
      <table className="plain" aria-label={`Confusion table, ${title}`}>
        <thead>
          <tr>
            <th />
            <th>loaded the skill</th>
            <th>did not</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>should trigger</th>
            <td data-cell="tp">{c.truePositive}</td>
            <td data-cell="fn">{c.falseNegative}</td>
          </tr>
          <tr>
            <th>should not</th>
            <td data-cell="fp">{c.falsePositive}</td>
            <td data-cell="tn">{c.trueNegative}</td>
          </tr>
        </tbody>
      </table>
      {s.withoutResult.length > 0 && (
        <p className="muted small">Without a result yet: {s.withoutResult.join(', ')}</p>
      )}
      {s.failing.length === 0 && s.accuracy.n === 0 ? (
        <p className="muted small">No query has a result yet.</p>
      ) : s.failing.length === 0 ? (
        <p className="muted small">No query goes wrong.</p>
      ) : (
        <table className="plain" aria-label={`Queries that go wrong, ${title}`}>
          <thead>
            <tr>
              <th>query</th>
              <th>should trigger</th>
              <th>loaded it</th>
              <th>what the agent did instead</th>
            </tr>
          </thead>
          <tbody>
            {s.failing.map((q) => (
              <tr key={q.queryId} data-failing={q.queryId}>
                <td>
                  <span className="mono small">{q.queryId}</span> {q.query}
                </td>
                <td>{q.shouldTrigger ? 'yes' : 'no'}</td>
                <td>
                  {q.triggered} of {plural(q.probed, 'round')}
                </td>
                <td>
                  {Object.entries(q.instead)
                    .map(([what, n]) => `${what} ×${n}`)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export interface TriggerActions {
  onCancel(): void
  onResume(): void
  onDelete(): void
}

export function TriggerReport({ detail, actions }: { detail: TriggerDetail; actions: TriggerActions }) {
  const { task, report } = detail
  const counts = report.counts
  const total = counts.pending + counts.running + counts.done + counts.failed + counts.canceled
  const ended = counts.done + counts.failed
  return (
    <section className="stack" aria-label="Trigger report" data-trigger-task={task.id}>
      <div className="row">
        <h2 className="grow" data-testid="trigger-title">
          {task.name}
        </h2>
        <span className={`badge ${task.status}`}>{task.busy ? 'probing' : task.status}</span>
        {task.busy ? (
          <button className="small" onClick={actions.onCancel}>
            Cancel
          </button>
        ) : (
          <>
            {counts.done < total && (
              <button className="small" onClick={actions.onResume}>
                Resume
              </button>
            )}
            <button className="small danger" onClick={actions.onDelete}>
              Delete
            </button>
          </>
        )}
      </div>
      <p className="muted">
        {task.skillName} {task.labels.b}
        {task.labels.a ? ` (b) against ${task.labels.a} (a)` : ''} ·{' '}
        {plural(task.queries, 'query', 'queries')} × {plural(task.rounds, 'round')}
        {task.competing.length > 0 ? ` · beside ${task.competing.join(', ')}` : ''}
      </p>
      {task.message && <div className="banner error">{task.message}</div>}
      <div className="row" role="group" aria-label="Probe progress">
        <progress max={total || 1} value={ended} aria-label="Probes ended" />
        <span className="small" data-testid="probe-progress">
          {ended} of {total} probes
          {counts.failed ? ` · ${counts.failed} without a result` : ''}
          {counts.running ? ` · ${counts.running} running` : ''}
        </span>
      </div>
      {report.comparison && (
        <div className="card stack" data-testid="description-verdict">
          <div className="verdict">
            <span className={`big ${report.comparison.verdict}`}>{report.comparison.verdict}</span>
            <b>Description A/B: version b against version a, per query</b>
          </div>
          <ul>
            {report.comparison.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      {report.a && <Version title={`Version a (${task.labels.a ?? ''})`} s={report.a} />}
      <Version
        title={report.a ? `Version b (${task.labels.b})` : `${task.skillName} ${task.labels.b}`}
        s={report.b}
      />
      <p className="muted small">
        {(['a', 'b'] as const)
          .filter((v) => report.spend[v].probes > 0)
          .map((v) => {
            const s = report.spend[v]
            const dollars = s.costUsd === null ? 'price unknown' : formatUsd(s.costUsd)
            return `${v}: ${s.probes} probes, ${s.tokens.toLocaleString('en-US')} tokens, ${dollars}, ${s.seconds.toFixed(1)} s`
          })
          .join(' · ')}
      </p>
    </section>
  )
}
