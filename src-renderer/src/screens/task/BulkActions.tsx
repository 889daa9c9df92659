// Above the per-case table: select cases and act on them in bulk, or re-run/re-evaluate every failure.
// Selection acts on the cases the table shows (its filters apply): "Select 12 shown", and a selected case the
// filter hides is counted, never re-run behind the user's back.
import type { Dispatch, SetStateAction } from 'react'
import type { RunView } from '../../../../src-shared/ipc-views'
import { canReevaluate, canRerun } from '../../../../src-shared/run-rules'
import { runsOfRow, shownSelection, type CaseRow } from './run-rows'
import { reevaluateRuns, rerunRuns } from './task-actions'
import { plural } from '../../../../src-shared/plural'

export const ids = (list: RunView[], pred: (r: RunView) => boolean) => list.filter(pred).map((r) => r.id)

function selectionText(acted: number, hidden: number): string {
  const parts = acted ? [`${plural(acted, 'case')} selected`] : []
  if (hidden)
    parts.push(
      `${hidden} selected ${hidden === 1 ? 'is' : 'are'} hidden by the filter, left out of bulk actions`,
    )
  return parts.join(' · ')
}

export interface BulkActionsProps {
  taskId: string
  /** The table's rows after its filters, in its order. */
  shown: readonly CaseRow[]
  /** Every case of the task. */
  total: number
  selected: ReadonlySet<string>
  setSelected: Dispatch<SetStateAction<Set<string>>>
  busy: boolean
  failedExecs: RunView[]
  failedEvals: RunView[]
}

export function BulkActions(p: BulkActionsProps) {
  const { taskId, busy, selected, setSelected } = p
  const selection = shownSelection(p.shown, selected)
  const selectedRuns = selection.rows.flatMap(runsOfRow)
  const clear = () => setSelected(new Set())
  const selectShown = () => setSelected(new Set(p.shown.map((r) => r.caseId)))
  const status = selected.size
    ? selectionText(selection.rows.length, selection.hidden)
    : 'Select cases for bulk actions'
  return (
    <div className="toolbar bulk-bar" role="group" aria-label="Bulk actions">
      {/* One line at any width from 1280 px: the words shrink (whole in the title), the buttons do not. */}
      <span className="muted small bulk-status" aria-live="polite" title={status}>
        {status}
      </span>
      <button
        className="small"
        disabled={!selected.size && !p.shown.length}
        onClick={selected.size ? clear : selectShown}
      >
        {selected.size
          ? 'Select none'
          : p.shown.length === p.total
            ? `Select all ${p.total}`
            : `Select ${p.shown.length} shown`}
      </button>
      <button
        className="small"
        disabled={busy || !selectedRuns.some(canRerun)}
        onClick={() => void rerunRuns(taskId, ids(selectedRuns, canRerun)).then(clear)}
      >
        Re-run selected
      </button>
      <button
        className="small"
        disabled={busy || !selectedRuns.some(canReevaluate)}
        onClick={() => void reevaluateRuns(taskId, ids(selectedRuns, canReevaluate)).then(clear)}
      >
        Re-evaluate selected
      </button>
      <button
        className="small"
        disabled={busy || !p.failedExecs.length}
        title="Execute again the runs whose execution failed"
        onClick={() =>
          void rerunRuns(
            taskId,
            p.failedExecs.map((r) => r.id),
          )
        }
      >
        Re-run failed ({p.failedExecs.length})
      </button>
      <button
        className="small"
        disabled={busy || !p.failedEvals.length}
        title="Judge again the runs whose evaluation failed (their executions are kept)"
        onClick={() => void reevaluateRuns(taskId, 'failed')}
      >
        Re-evaluate failed ({p.failedEvals.length})
      </button>
    </div>
  )
}
