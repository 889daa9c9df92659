// The per-case table's columns on TanStack Table: what each shows, how it sorts and filters, its width.
// The rows, the keyboard and the scrolling are RunTable's.
import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type Cell,
  type ColumnDef,
} from '@tanstack/react-table'
import type { ReactNode } from 'react'
import type { RunView } from '../../../../src-shared/ipc-views'
import { RunBadge } from '../../components/badges'
import {
  CASE_STATES,
  caseSkillNotUsed,
  caseState,
  formatScore,
  skillNotUsed,
  type CaseRow,
  type CaseState,
} from './run-rows'

export const SKILL_NOT_USED = 'skill not used in this run'

/** What every cell may need from the table's owner. */
export interface RunTableMeta {
  selected: ReadonlySet<string>
  onToggle(caseId: string): void
  onOpenRun(run: RunView): void
  actions?: (row: CaseRow) => ReactNode
  loading: boolean
}

export const runTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  tableMeta: {} as RunTableMeta,
})
type Features = typeof runTableFeatures
type Column = ColumnDef<Features, CaseRow, unknown>
const helper = createColumnHelper<Features, CaseRow>()

/**
 * A cell's content, its renderer called in place rather than mounted as a component (flexRender would): no
 * renderer here uses hooks, and a scroll step then renders a few elements per cell instead of components.
 */
export function renderCell(cell: Cell<Features, CaseRow, unknown>): ReactNode {
  const render = cell.column.columnDef.cell
  return typeof render === 'function' ? (render as (c: unknown) => ReactNode)(cell.getContext()) : render
}

/** A run column's id: its side and round ("a1", "b1", "a2", …). */
const runColumnId = (side: 'a' | 'b', round: number) => `${side}${round}`
export const isRunColumn = (id: string) => /^[ab]\d+$/.test(id)
export function runOfColumn(row: CaseRow, id: string): RunView | undefined {
  return (id[0] === 'a' ? row.a : row.b)[Number(id.slice(1)) - 1]
}

/** Columns no user hides or shows (filters and the row's checkbox). */
export const FIXED_COLUMNS: ReadonlySet<string> = new Set(['select', 'case', 'skillUnused'])

/**
 * Least widths (px) that fit two rounds from 1280 px wide with nothing cut (e2e/big-task.spec.ts): a sorted
 * header ("mean a ▲"), both actions, the widest run cell ("100 ⊘ scored", "could not start"). With more room
 * the runs widen a little, then the case column (a long name ends in …, its title whole) takes the rest.
 */
export function columnMinWidth(id: string): number {
  if (id === 'select') return 32
  if (id === 'case') return 96
  if (isRunColumn(id)) return 115
  if (id === 'status') return 84
  if (id === 'actions') return 166
  if (id === 'meanA' || id === 'meanB') return 76
  return 54
}

export function columnWidth(id: string): string {
  const min = columnMinWidth(id)
  if (id === 'case') return `minmax(${min}px, 1fr)`
  return isRunColumn(id) ? `minmax(${min}px, 150px)` : `${min}px`
}

/** Side a's columns in a's colour, b's in b's; the actions column stays in view when the runs scroll. */
export function columnClass(id: string): string {
  if (id === 'actions') return 'rt-actions'
  if (id === 'case') return 'rt-case'
  if (isRunColumn(id)) return `side-${id[0]} rt-run`
  if (id === 'meanA') return 'side-a'
  if (id === 'meanB') return 'side-b'
  return ''
}

const byState = (state: CaseState) => CASE_STATES.indexOf(state)

export function runColumns(rounds: number, withActions: boolean): Column[] {
  const runCols = Array.from({ length: rounds }, (_, i) =>
    (['a', 'b'] as const).map((side) =>
      helper.display({
        id: runColumnId(side, i + 1),
        header: `${side} · round ${i + 1}`,
        cell: ({ row, table }) =>
          runCell(runOfColumn(row.original, runColumnId(side, i + 1)), table.options.meta),
      }),
    ),
  ).flat()
  const score = (get: (r: CaseRow) => number | null, id: string, header: string, title: string) =>
    helper.accessor((r) => get(r) ?? undefined, {
      id,
      header,
      meta: { title },
      sortUndefined: 'last',
      cell: ({ getValue }) => delta(getValue() ?? null, id === 'delta'),
    })
  return [
    helper.display({
      id: 'select',
      header: '',
      enableSorting: false,
      cell: ({ row, table }) => selectCell(row.original.caseId, table.options.meta),
    }),
    helper.accessor('caseId', {
      id: 'case',
      header: 'case',
      cell: ({ getValue }) => <span title={getValue()}>{getValue()}</span>,
    }),
    helper.accessor((r) => byState(caseState(r)), {
      id: 'status',
      header: 'status',
      meta: { title: 'The case’s run most in need of a look' },
      filterFn: (row, id, value: CaseState) => row.getValue(id) === byState(value),
      cell: ({ getValue }) => CASE_STATES[getValue()],
    }),
    ...runCols,
    score((r) => r.meanA, 'meanA', 'mean a', 'Mean score of side a’s scored rounds'),
    score((r) => r.meanB, 'meanB', 'mean b', 'Mean score of side b’s scored rounds'),
    score((r) => r.delta, 'delta', 'Δ', 'mean b − mean a'),
    helper.accessor(caseSkillNotUsed, {
      id: 'skillUnused',
      header: 'b skipped the skill',
      filterFn: (row, id, only: boolean) => !only || row.getValue(id) === true,
    }),
    ...(withActions
      ? [
          helper.display({
            id: 'actions',
            header: 'actions',
            enableSorting: false,
            cell: ({ row, table }) => table.options.meta?.actions?.(row.original),
          }),
        ]
      : []),
  ] as Column[]
}

function selectCell(caseId: string, meta: RunTableMeta | undefined) {
  return (
    <input
      type="checkbox"
      tabIndex={-1}
      checked={meta?.selected.has(caseId) ?? false}
      onChange={() => meta?.onToggle(caseId)}
      aria-label={`select case ${caseId}`}
    />
  )
}

function delta(value: number | null, signed: boolean) {
  if (!signed) return <>{formatScore(value)}</>
  if (value === null) return <span className="muted">–</span>
  return (
    <span
      className={value >= 0 ? 'delta-pos' : 'delta-neg'}
    >{`${value >= 0 ? '+' : ''}${formatScore(value)}`}</span>
  )
}

function runCell(run: RunView | undefined, meta: RunTableMeta | undefined) {
  if (!run)
    return meta?.loading ? (
      <span className="muted" title="loading this run">
        …
      </span>
    ) : (
      <span className="muted">–</span>
    )
  return (
    <div
      className="cell-run"
      data-run={run.id}
      data-side={run.side}
      data-round={run.round}
      onClick={() => meta?.onOpenRun(run)}
    >
      {run.score !== null && <span className="score">{formatScore(run.score)}</span>}
      {skillNotUsed(run) && (
        <span className="skill-unused" role="img" aria-label={SKILL_NOT_USED} title={SKILL_NOT_USED}>
          ⊘
        </span>
      )}
      <RunBadge run={run} compact />
    </div>
  )
}
