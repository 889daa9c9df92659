// The task's progress: one segment per run state, with a legend that says what each colour counts.
import type { RunCounts } from '../../../src-shared/task-summary'
import type { RunKind } from './badges'
import { KIND_LABEL } from './badges'

export type KindCounts = Partial<Record<RunKind, number>>

const ORDER: RunKind[] = [
  'scored',
  'tampered',
  'eval-failed',
  'exec-failed',
  'canceled',
  'evaluating',
  'executed',
  'running',
]

/** A task's counts as the list and a task opening show them: `failed` split by what failed. */
export function countsFromStatus({ runs, failedEvaluations, tampered }: RunCounts): KindCounts {
  return {
    pending: runs.pending,
    running: runs.running,
    executed: runs.executed,
    evaluating: runs.evaluating,
    scored: runs.scored,
    'eval-failed': failedEvaluations,
    tampered,
    'exec-failed': runs.failed - failedEvaluations - tampered,
    canceled: runs.canceled,
  }
}

export function ProgressBar({
  counts,
  total,
  compact,
}: {
  counts: KindCounts
  total: number
  compact?: boolean
}) {
  const done =
    (counts.scored ?? 0) +
    (counts['eval-failed'] ?? 0) +
    (counts.tampered ?? 0) +
    (counts['exec-failed'] ?? 0) +
    (counts.canceled ?? 0)
  const pct = (n: number) => (total ? (100 * n) / total : 0)
  return (
    <div className="stack" style={{ marginTop: 0 }}>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-label={`${done} of ${total} runs finished`}
      >
        {ORDER.map((k) =>
          counts[k] ? <span key={k} className={k} style={{ width: `${pct(counts[k] ?? 0)}%` }} /> : null,
        )}
      </div>
      {!compact && (
        <div className="legend">
          <span>
            <b>{done}</b> of {total} runs finished
          </span>
          {(['pending', ...ORDER] as RunKind[]).map((k) =>
            counts[k] ? (
              <span key={k} data-count={k}>
                {counts[k]} {KIND_LABEL[k]}
              </span>
            ) : null,
          )}
        </div>
      )}
    </div>
  )
}
