// Above the per-case table: how its cases are ordered (Δ, status, …), which it shows (a status, cases where b
// did not invoke the skill), and which columns. Plain form controls: a keyboard reaches each with Tab. The
// first frame (no table yet) has the bar without them: a form control costs that frame several ms.
import type { SortingState } from '@tanstack/react-table'
import { useClosingDetails } from '../../components/closing-details'
import { CASE_STATES, type CaseState } from './run-rows'
import { FIXED_COLUMNS, type RunTableInstance } from './run-columns'

const ORDERS: { key: string; label: string; sorting: SortingState }[] = [
  { key: '', label: 'dataset order', sorting: [] },
  { key: 'delta-asc', label: 'Δ, b’s worst first', sorting: [{ id: 'delta', desc: false }] },
  { key: 'delta-desc', label: 'Δ, b’s best first', sorting: [{ id: 'delta', desc: true }] },
  { key: 'status-asc', label: 'status, failures first', sorting: [{ id: 'status', desc: false }] },
  { key: 'case-asc', label: 'case id', sorting: [{ id: 'case', desc: false }] },
]

const keyOf = (sorting: SortingState) =>
  sorting[0] ? `${sorting[0].id}-${sorting[0].desc ? 'desc' : 'asc'}` : ''

export function RunTableControls(p: {
  table: RunTableInstance | null
  cases: number
  shown: number
  /** Cases where b did not use the skill. */
  skipped: number
}) {
  const { table, skipped } = p
  const columnsMenu = useClosingDetails()
  const count = (
    <span className="muted small" aria-live="polite">
      {p.shown === p.cases ? `${p.cases} cases` : `showing ${p.shown} of ${p.cases} cases`}
    </span>
  )
  if (!table)
    return (
      <div
        className="toolbar rt-controls"
        role="group"
        aria-label="Sort and filter the cases"
        aria-busy="true"
      >
        <span className="grow" />
        {count}
      </div>
    )
  const order = keyOf(table.state.sorting)
  const byHeader = !ORDERS.some((o) => o.key === order)
  const status = (table.getColumn('status')?.getFilterValue() as CaseState | undefined) ?? ''
  const skillOnly = table.getColumn('skillUnused')?.getFilterValue() === true
  const hideable = table.getAllLeafColumns().filter((c) => !FIXED_COLUMNS.has(c.id))
  return (
    <div className="toolbar rt-controls" role="group" aria-label="Sort and filter the cases">
      <label className="small">
        Sort by{' '}
        <select
          value={order}
          onChange={(e) => table.setSorting(ORDERS.find((o) => o.key === e.target.value)?.sorting ?? [])}
        >
          {byHeader && <option value={order}>a column header</option>}
          {ORDERS.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        Show{' '}
        <select
          value={status}
          onChange={(e) => table.getColumn('status')?.setFilterValue(e.target.value || undefined)}
        >
          <option value="">every case</option>
          {CASE_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        <input
          type="checkbox"
          checked={skillOnly}
          disabled={!skipped && !skillOnly}
          onChange={(e) => table.getColumn('skillUnused')?.setFilterValue(e.target.checked || undefined)}
        />{' '}
        only where b did not use the skill ({skipped})
      </label>
      <details className="rt-columns" ref={columnsMenu}>
        <summary className="small">Columns</summary>
        <div className="menu">
          {hideable.map((c) => (
            <label key={c.id} className="small">
              <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />{' '}
              {String(c.columnDef.header)}
            </label>
          ))}
        </div>
      </details>
      <span className="grow" />
      {count}
    </div>
  )
}
