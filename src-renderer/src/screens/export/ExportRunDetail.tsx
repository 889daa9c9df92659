// One run of an opened export, read-only: its figures, every evaluator's score and reason, and (in a full
// export) what the judge read of it: trajectory summary, final output and diff.
import { useEscape } from '../../components/use-escape'
import type { OpenedExport } from '../../../../src-shared/export-read'
import { RunBadge } from '../../components/badges'
import { RunFigures } from '../../components/RunFigures'
import { RunTexts } from '../../components/RunTexts'
import { Judgements } from '../case/CaseSideBySide'
import { exportSides } from '../case/case-rounds'
import { formatScore } from '../task/run-rows'

type ExportRun = OpenedExport['runs'][number]

export function ExportRunDetail(props: {
  doc: OpenedExport
  run: ExportRun
  onBack(): void
  onOpenCase(caseId: string): void
}) {
  const { run } = props
  useEscape(props.onBack)
  const side = exportSides(props.doc, run.caseId).find((s) => s.run.id === run.id)
  const review = run.review
  return (
    <div className="stack" data-testid="run-detail">
      <div className="row">
        <button className="small" onClick={props.onBack}>
          ← All runs (Esc)
        </button>
        <button className="small" onClick={() => props.onOpenCase(run.caseId)}>
          a vs b of this case
        </button>
      </div>
      <div className="row wrap">
        <h1 className="grow" style={{ margin: 0 }}>
          Case <span className="mono">{run.caseId}</span> · side{' '}
          <span className={`side-${run.side}`}>{run.side}</span> · round {run.round}
        </h1>
        {side && <RunBadge run={side.run} />}
        <span className="figure">{formatScore(run.score)}</span>
      </div>
      <div className="grid-2">
        <div className="card">
          <h2>Run</h2>
          <dl className="kv">
            <dt>status</dt>
            <dd>{run.status}</dd>
            <RunFigures run={run} />
          </dl>
        </div>
        <div className="card" data-testid="evaluations">
          <h2>Judge results</h2>
          <Judgements list={side?.judgements ?? []} />
        </div>
      </div>
      {review ? (
        <>
          <div className="card">
            <h2>
              Trajectory, as the judge read it
              {review.truncated.trajectory && <span className="muted small"> (shortened)</span>}
            </h2>
            <pre data-testid="trajectory">{review.trajectory || '(no messages or tool calls)'}</pre>
          </div>
          <RunTexts finalOutput={review.finalOutput} diff={review.diff} cut={review.truncated} />
        </>
      ) : (
        <div className="muted">
          This export holds scores only: export with --full (or tick “with outputs”) to see what the judge
          read.
        </div>
      )}
    </div>
  )
}
