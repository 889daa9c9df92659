// The per-case a/b table on TanStack Table: sorting (by Δ, status, …), filters (a status, cases where b did
// not use the skill) and column visibility, with the controls above it and its figures below. The grid
// (RunGrid) shows the rows on screen and owns the keyboard. A big task's first frame, while the rest of its
// runs load, is drawn before the table is built (docs/architecture.md, "First render").
import { useTable } from '@tanstack/react-table'
import { keepTableState, tableStateOf } from './table-memory'
import { useEffect, useMemo, type ReactNode } from 'react'
import type { FailedRunScore } from '../../../../src-shared/decision-score'
import { isAttributableFailure } from '../../../../src-shared/run-state'
import type { RunView } from '../../../../src-shared/ipc-views'
import { usePainted } from '../../after-paint'
import {
  HIDDEN_AT_FIRST,
  defaultColumns,
  runColumns,
  runTableFeatures,
  type RunTableInstance,
  type RunTableMeta,
} from './run-columns'
import { RunGrid } from './RunGrid'
import { RunTableControls } from './RunTableControls'
import { caseSkillNotUsed, runsOfRow, type CaseRow } from './run-rows'

export { SKILL_NOT_USED } from './run-columns'

const INITIAL_STATE = { columnVisibility: Object.fromEntries(HIDDEN_AT_FIRST.map((id) => [id, false])) }
const getRowId = (r: CaseRow) => r.caseId

export interface RunTableProps {
  rows: CaseRow[]
  rounds: number
  selected: ReadonlySet<string>
  onToggle(caseId: string): void
  onOpenRun(run: RunView): void
  /** Per-row actions; absent in a read-only view (an opened export). */
  actions?: (row: CaseRow) => ReactNode
  /** How the means count a failure of the agent's (timeout, crash, its own error): policy.failedRunScore. */
  failedRunScore?: FailedRunScore
  /** Runs are still arriving: a case without its runs yet says so rather than showing none. */
  loading?: boolean
  /** Above the controls, given the rows the table shows (sorted and filtered): bulk actions act on those. */
  toolbar?: (shown: readonly CaseRow[]) => ReactNode
  /** Keeps the sort, filters and columns for the next table of this key (a task's, an export's). */
  stateKey?: string
}

export function RunTable(props: RunTableProps) {
  // Building TanStack Table and compiling its code held a 5,000-run task's first paint back by 15–30 ms:
  // that frame shows the first screenful in dataset order, as the table would, without the sort buttons and
  // the sort and filter controls. The table takes over once the frame is painted, before anyone could have
  // scrolled or focused it.
  const painted = usePainted()
  if (props.loading && !painted) return <RunTableView {...props} table={null} shown={props.rows} />
  return <SortableRunTable {...props} />
}

function SortableRunTable(props: RunTableProps) {
  const { rows, rounds } = props
  const withActions = props.actions !== undefined
  const columns = useMemo(() => runColumns(rounds, withActions), [rounds, withActions])
  // Stable options: new ones on each render would make the table copy itself.
  const key = props.stateKey
  const options = useMemo(
    () => ({
      features: runTableFeatures,
      columns,
      data: rows,
      getRowId,
      // Back from a run, the sort, filters and columns hold (table-memory.ts).
      initialState: tableStateOf(key) ?? INITIAL_STATE,
    }),
    [columns, rows, key],
  )
  const table = useTable(options)
  const { sorting, columnFilters, columnVisibility } = table.state
  useEffect(() => {
    if (key) keepTableState(key, { sorting, columnFilters, columnVisibility })
  }, [key, sorting, columnFilters, columnVisibility])
  const model = table.getRowModel().rows
  const shown = useMemo(() => model.map((r) => r.original), [model])
  return <RunTableView {...props} table={table} shown={shown} />
}

/** The controls, the grid and the figures; `table` null in the first frame (nothing sorts or filters yet). */
function RunTableView(props: RunTableProps & { table: RunTableInstance | null; shown: CaseRow[] }) {
  const { rows, rounds, table, shown } = props
  const { selected, onToggle, onOpenRun, actions } = props
  const loading = props.loading === true
  const meta = useMemo<RunTableMeta>(
    () => ({ selected, onToggle, onOpenRun, actions, loading }),
    [selected, onToggle, onOpenRun, actions, loading],
  )
  const visible = table?.getVisibleLeafColumns()
  const columns = useMemo(
    () => visible?.map((c) => c.id) ?? defaultColumns(rounds, actions !== undefined),
    [visible, rounds, actions],
  )
  // Figures over every case: once per rows, not per scroll step.
  const stats = useMemo(
    () => ({
      runs: rows.reduce((n, r) => n + runsOfRow(r).length, 0),
      skipped: rows.filter(caseSkillNotUsed).length,
      agentFailures: rows.some((r) =>
        runsOfRow(r).some((run) => run.status === 'failed' && isAttributableFailure(run.failureType)),
      ),
    }),
    [rows],
  )
  return (
    <div className="run-table">
      {props.toolbar?.(shown)}
      <RunTableControls table={table} cases={rows.length} shown={shown.length} skipped={stats.skipped} />
      <RunGrid table={table} rows={shown} columns={columns} meta={meta} />
      <div className="muted small" style={{ padding: '6px 10px' }}>
        {rows.length} cases · {loading ? 'loading the runs…' : `${stats.runs} runs`} · ↑↓←→ move, Enter opens
        a run, Space selects its case
        {stats.skipped > 0 && ' · ⊘ b did not use the skill'}
        {props.failedRunScore === 0 &&
          stats.agentFailures &&
          " · a failure of the agent's (timeout, crash, its own error) counts as 0 in the means, as in the decision"}
      </div>
    </div>
  )
}
