// One run: its state and history, the case, the trajectory as a timeline, the work-dir diff,
// every evaluator's score and reason (history kept), and score corrections: made with a note, kept through
// a re-evaluation, cleared by hand, dropped (and said so) when the run is executed again.
import { useCallback, useEffect, useState } from 'react'
import { useEscape } from '../../components/use-escape'
import { FAILURE_MEANING, failureLabel } from '../../../../src-shared/failure-label'
import type { RunDetail, TaskDetail } from '../../../../src-shared/ipc-views'
import { canReevaluate, canRerun } from '../../../../src-shared/run-rules'
import { call, errorText } from '../../api/api'
import { DemoBadge, RunBadge, runKind } from '../../components/badges'
import { RunFigures } from '../../components/RunFigures'
import { RunTexts } from '../../components/RunTexts'
import { attempt, useNotices } from '../../stores/notices-store'
import { useRoute } from '../../stores/route-store'
import { useTaskView } from '../../stores/task-view-store'
import { CorrectionForm } from './CorrectionForm'
import { TamperingBanner } from './TamperingBanner'
import { Corrections } from './Corrections'
import { ExpectationVerdicts } from './ExpectationVerdicts'
import { formatScore } from './run-rows'
import { reevaluateRuns, rerunRuns } from './task-actions'

export function RunDetailScreen({ runId, detail }: { runId: string; detail: TaskDetail }) {
  const navigate = useRoute((s) => s.navigate)
  const live = useTaskView((s) => s.runs.get(runId))
  const history = useTaskView((s) => s.history.get(runId))
  const [data, setData] = useState<RunDetail | null>(null)
  const [error, setError] = useState<string | null>(null)
  const taskId = detail.summary.id
  const liveKey = live ? `${live.status}:${live.score}` : ''
  // A correction made or cleared here may leave the score as it was: reload after each one too.
  const [edits, setEdits] = useState(0)
  useEffect(() => {
    call('runs.detail', { runId }).then(setData, (err: unknown) => setError(errorText(err)))
  }, [runId, liveKey, edits])
  useEscape(useCallback(() => navigate({ taskId }), [navigate, taskId]))
  const back = (
    <button className="small" onClick={() => navigate({ taskId })}>
      ← All runs (Esc)
    </button>
  )
  if (error)
    return (
      <div className="stack">
        {back}
        <div className="banner error">{error}</div>
      </div>
    )
  if (!data)
    return (
      <div className="stack">
        {back}
        <div className="muted">Loading the run…</div>
      </div>
    )
  const run = { ...data.run, ...(live ?? {}) }
  const kind = runKind(run)
  const busy = detail.busy || detail.summary.status === 'running'
  return (
    <div className="stack" data-testid="run-detail">
      {back}
      <div className="row wrap">
        <h1 className="grow" style={{ margin: 0 }}>
          Case <span className="mono">{run.caseId}</span> · side{' '}
          <span className={`side-${run.side}`}>{run.side}</span> · round {run.round}{' '}
          {detail.demo && <DemoBadge />}
        </h1>
        <RunBadge run={run} />
        <span className="figure">{formatScore(run.score)}</span>
        <button onClick={() => navigate({ taskId, caseId: run.caseId })}>a vs b of this case</button>
        <button disabled={busy || !canRerun(run)} onClick={() => void rerunRuns(taskId, [run.id])}>
          Re-run
        </button>
        <button disabled={busy || !canReevaluate(run)} onClick={() => void reevaluateRuns(taskId, [run.id])}>
          Re-evaluate
        </button>
      </div>
      {kind === 'exec-failed' && run.failureType && (
        <div className="banner error" data-testid="execution-failure">
          The execution failed ({failureLabel(run.failureType)}): {run.failureMessage ?? 'no message'} —{' '}
          {FAILURE_MEANING[run.failureType]}.
        </div>
      )}
      {kind === 'tampered' && (
        <TamperingBanner
          message={run.failureMessage}
          busy={busy}
          onClear={async (note) => {
            const ok = await attempt('Clearing the flag', () =>
              call('results.correct', { runId: run.id, evaluatorId: 'judge-tampering', score: 100, note }),
            )
            if (!ok) return false
            useNotices.getState().push('info', 'Flag cleared: the run is judged again.')
            setEdits((n) => n + 1)
            await reevaluateRuns(taskId, [run.id])
            return true
          }}
        />
      )}
      {kind === 'eval-failed' && (
        <div className="banner warn">
          The evaluation failed{run.failureMessage ? `: ${run.failureMessage}` : ''}. The execution is kept:
          re-evaluate it, or correct the score by hand below.
        </div>
      )}
      <div className="grid-2">
        <div className="card">
          <h2>Run</h2>
          <dl className="kv">
            <dt>status history</dt>
            <dd data-testid="status-history">
              {(data.history.length >= (history?.length ?? 0)
                ? data.history.map((h) => h.to)
                : (history ?? [])
              ).join(' → ')}
            </dd>
            <dt>attempt</dt>
            <dd>{run.attempt}</dd>
            <RunFigures run={run} />
            <dt>session</dt>
            <dd className="mono">{run.sessionId ?? '–'}</dd>
            <dt>started by</dt>
            <dd>{run.startedBy ?? '–'}</dd>
            <dt>work dir</dt>
            <dd className="mono small">{run.workDir ?? '–'}</dd>
            {run.reusedFrom && (
              <>
                <dt>executed in</dt>
                <dd aria-label="Reused from">
                  {run.reusedFrom.taskName ? `task "${run.reusedFrom.taskName}"` : 'a deleted task'} (baseline
                  reuse: paid there, not here)
                </dd>
              </>
            )}
          </dl>
        </div>
        <div className="card">
          <h2>Case</h2>
          <pre>{data.case?.prompt ?? '(case not found)'}</pre>
          {data.case?.expectedOutput && (
            <>
              <h3 style={{ marginTop: 10 }}>Expected output</h3>
              <pre>{data.case.expectedOutput}</pre>
            </>
          )}
          {!!data.case?.expectations.length && (
            <ul>
              {data.case.expectations.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="card" data-testid="evaluations">
        <h2>Judge results</h2>
        <Corrections
          corrections={data.corrections}
          dropped={data.droppedCorrections}
          canClear={!busy && run.status !== 'evaluating'}
          onClear={(evaluatorId) =>
            void attempt('Clear correction', () =>
              call('results.clearCorrection', { runId: run.id, evaluatorId }),
            ).then((ok) => {
              if (!ok) return
              useNotices.getState().push('info', `Correction of ${evaluatorId} cleared.`)
              setEdits((n) => n + 1)
            })
          }
        />
        {data.evaluations.length === 0 && <div className="muted">No judge result yet.</div>}
        {data.evaluations.length > 0 && (
          <table className="plain">
            <thead>
              <tr>
                <th>evaluator</th>
                <th>score</th>
                <th>reason</th>
                <th>parsed by</th>
                <th>when</th>
              </tr>
            </thead>
            <tbody>
              {data.evaluations.map((e) => (
                <tr key={e.id} style={e.latest ? undefined : { opacity: 0.55 }}>
                  <td className="mono small">
                    {e.evaluatorId}
                    {!e.latest && <div className="muted">(older)</div>}
                  </td>
                  <td>
                    {e.correction ? (
                      <span title={`corrected by ${e.correction.by}: ${e.correction.note}`}>
                        <b>{formatScore(e.correction.score)}</b>{' '}
                        <span className="muted">(judge {formatScore(e.score)})</span>
                      </span>
                    ) : e.status === 'failed' ? (
                      <span className="badge eval-failed">failed</span>
                    ) : (
                      <b>{formatScore(e.score)}</b>
                    )}
                  </td>
                  <td>
                    {e.correction && <div>Correction: {e.correction.note}</div>}
                    {e.reason ?? e.error ?? '–'}
                    {e.expectations && <ExpectationVerdicts verdicts={e.expectations} />}
                  </td>
                  <td className="small">{e.parseStrategy ?? '–'}</td>
                  <td className="small muted">{new Date(e.createdAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(run.status === 'scored' || kind === 'eval-failed') && (
          <CorrectionForm
            evaluatorIds={data.evaluatorIds}
            onSubmit={async (input) => {
              const ok = await attempt('Correction', () =>
                call('results.correct', { runId: run.id, ...input }),
              )
              if (ok) {
                useNotices.getState().push('info', `Score corrected to ${input.score}.`)
                setEdits((n) => n + 1)
              }
              return Boolean(ok)
            }}
          />
        )}
      </div>
      <div className="card">
        <h2>Trajectory</h2>
        {data.timeline.length === 0 ? (
          <div className="muted">No events recorded.</div>
        ) : (
          <ol className="timeline" data-testid="timeline">
            {data.timeline.map((item, i) => (
              <li key={i} className={item.kind}>
                <div className="row">
                  <b className="grow">{item.title}</b>
                  {item.at !== null && (
                    <span className="small muted">{new Date(item.at).toLocaleTimeString()}</span>
                  )}
                </div>
                {item.body && (
                  <div className="body">
                    <pre>{item.body}</pre>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <RunTexts finalOutput={data.finalOutput} diff={data.diff} />
      {data.stderrTail && (
        <details className="card">
          <summary>opencode stderr (last lines)</summary>
          <pre className="small">{data.stderrTail}</pre>
        </details>
      )}
    </div>
  )
}
