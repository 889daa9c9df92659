// A run's human corrections: the ones in force for this execution (the judge's latest score beside each,
// and a button that clears it), and those of an earlier execution, dropped when the run was executed again.
import type { CorrectionView } from '../../../../src-shared/ipc-views'
import { formatScore } from './run-rows'

export function Corrections(props: {
  corrections: CorrectionView[]
  dropped: CorrectionView[]
  /** Clearing is offered when the run is not busy. */
  canClear: boolean
  onClear(evaluatorId: string): void
}) {
  if (props.corrections.length === 0 && props.dropped.length === 0) return null
  return (
    <div className="stack" style={{ marginBottom: 12 }}>
      {props.corrections.map((c) => (
        <div key={c.evaluatorId} className="banner info row wrap" data-testid="correction">
          <span className="grow">
            <span className="mono small">{c.evaluatorId}</span>: corrected to{' '}
            <b data-testid="correction-score">{formatScore(c.score)}</b> by {c.by} (
            {new Date(c.at).toLocaleString()}): {c.note}. The judge&apos;s latest score:{' '}
            <b data-testid="correction-judge-score">{formatScore(c.judgeScore)}</b>. The correction counts in
            the run&apos;s score and stays when the run is re-evaluated.
          </span>
          <button className="small" disabled={!props.canClear} onClick={() => props.onClear(c.evaluatorId)}>
            Clear correction
          </button>
        </div>
      ))}
      {props.dropped.map((c) => (
        <div key={c.evaluatorId} className="banner warn" data-testid="dropped-correction">
          <span className="mono small">{c.evaluatorId}</span>: a correction (score {formatScore(c.score)} by{' '}
          {c.by}) applied to an earlier execution and was dropped when the run was executed again.
        </div>
      ))}
    </div>
  )
}
