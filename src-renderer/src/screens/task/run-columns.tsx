// The per-case table's columns: what each shows (cellOf, the same before and once TanStack Table holds the
// rows), how it sorts and filters on TanStack Table, its label and width. The rows, the keyboard and the
// scrolling are RunGrid's.
import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type ReactTable,
} from '@tanstack/react-table'
import type { ReactNode } from 'react'
import type { RunView } from '../../../../src-shared/ipc-views'
import { RunBadge } from '../../components/badges'
import {
  CASE_STATES,
  caseSkillNotUsed,
  caseState,
  formatScore,
  signed,
  skillNotUsed,
  tone,
  type CaseRow,
  type CaseState,
} from './run-rows'
import { rememberOpened } from './table-memory'

export const SKILL_NOT_USED = 'skill not used in this run'
/** A run whose session ran with no record of the skills it was offered (docs/decision.md). */
export const NO_EVIDENCE = 'no record of the skills this run was offered: not counted (re-run it to count it)'

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
})
type Features = typeof runTableFeatures
/** The table RunTable builds, which its grid, header and controls read. */
export type RunTableInstance = ReactTable<Features, CaseRow>
type Column = ColumnDef<Features, CaseRow, unknown>
const helper = createColumnHelper<Features, CaseRow>()

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
 * header ("mean a ▲"), both actions, a fractional Δ ("+22.5"), the widest run cell ("100 ⊘ scored", "could not start"). With more room
 * the runs widen a little, then the case column (a long name ends in …, its title whole) takes the rest.
 */
export function columnMinWidth(id: string): number {
  if (id === 'select') return 32
  if (id === 'case') return 96
  if (isRunColumn(id)) return 115
  if (id === 'status') return 84
  if (id === 'actions') return 166
  if (id === 'meanA' || id === 'meanB') return 76
  if (id === 'delta') return 64 // "+22.5" in bold
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

const LABELS: Record<string, { label: string; title?: string }> = {
  select: { label: '' },
  case: { label: 'case' },
  status: { label: 'status', title: 'The case’s run most in need of a look' },
  meanA: { label: 'mean a', title: 'Mean score of side a’s scored rounds' },
  meanB: { label: 'mean b', title: 'Mean score of side b’s scored rounds' },
  delta: { label: 'Δ', title: 'mean b − mean a' },
  skillUnused: { label: 'b skipped the skill' },
  actions: { label: 'actions' },
}

/** A column's header text and its tooltip. */
export function columnLabel(id: string): { label: string; title?: string } {
  return isRunColumn(id) ? { label: `${id[0]} · round ${id.slice(1)}` } : (LABELS[id] ?? { label: id })
}

/** Every column's id, in order. */
export function columnIds(rounds: number, withActions: boolean): string[] {
  const runs = Array.from({ length: rounds }, (_, i) => [runColumnId('a', i + 1), runColumnId('b', i + 1)])
  return ['select', 'case', 'status', ...runs.flat(), 'meanA', 'meanB', 'delta', 'skillUnused'].concat(
    withActions ? ['actions'] : [],
  )
}

/** Hidden until a user asks for them (Columns); the skill filter's column is never shown. */
export const HIDDEN_AT_FIRST: readonly string[] = ['status', 'skillUnused']

/** The columns shown until a user picks others (the first frame's, before TanStack Table holds them). */
export function defaultColumns(rounds: number, withActions: boolean): string[] {
  return columnIds(rounds, withActions).filter((id) => !HIDDEN_AT_FIRST.includes(id))
}

/**
 * A cell's content, called in place for each visible column of a row on screen (no component per cell: a
 * scroll step then renders a few elements per cell).
 */
export function cellOf(id: string, row: CaseRow, meta: RunTableMeta): ReactNode {
  if (isRunColumn(id)) return runCell(runOfColumn(row, id), meta)
  if (id === 'select') return selectCell(row.caseId, meta)
  if (id === 'case') return <span title={row.caseId}>{row.caseId}</span>
  if (id === 'status') return caseState(row)
  if (id === 'meanA') return delta(row.meanA, false)
  if (id === 'meanB') return delta(row.meanB, false)
  if (id === 'delta') return delta(row.delta, true)
  if (id === 'actions') return meta.actions?.(row)
  return null
}

/** TanStack Table's columns: ids, labels, what each sorts and filters by (cellOf draws their cells). */
export function runColumns(rounds: number, withActions: boolean): Column[] {
  const header = (id: string) => columnLabel(id).label
  const score = (id: string, get: (r: CaseRow) => number | null) =>
    helper.accessor((r) => get(r) ?? undefined, { id, header: header(id), sortUndefined: 'last' })
  const column = (id: string): Column => {
    if (id === 'case') return helper.accessor('caseId', { id, header: header(id) }) as Column
    if (id === 'status')
      return helper.accessor((r) => byState(caseState(r)), {
        id,
        header: header(id),
        filterFn: (row, id, value: CaseState) => row.getValue(id) === byState(value),
      }) as Column
    if (id === 'meanA') return score(id, (r) => r.meanA) as Column
    if (id === 'meanB') return score(id, (r) => r.meanB) as Column
    if (id === 'delta') return score(id, (r) => r.delta) as Column
    if (id === 'skillUnused')
      return helper.accessor(caseSkillNotUsed, {
        id,
        header: header(id),
        filterFn: (row, id, only: boolean) => !only || row.getValue(id) === true,
      }) as Column
    // The checkbox, the runs and the actions: shown, not sorted.
    return helper.display({ id, header: header(id), enableSorting: false }) as Column
  }
  return columnIds(rounds, withActions).map(column)
}

function selectCell(caseId: string, meta: RunTableMeta) {
  return (
    <input
      type="checkbox"
      tabIndex={-1}
      checked={meta.selected.has(caseId)}
      onChange={() => meta.onToggle(caseId)}
      aria-label={`select case ${caseId}`}
    />
  )
}

function delta(value: number | null, isDifference: boolean) {
  if (!isDifference) return <>{formatScore(value)}</>
  if (value === null) return <span className="muted">–</span>
  return <span className={tone(value)}>{signed(value)}</span>
}

function runCell(run: RunView | undefined, meta: RunTableMeta) {
  if (!run)
    return meta.loading ? (
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
      onClick={() => {
        rememberOpened(run.id)
        meta.onOpenRun(run)
      }}
    >
      {run.score !== null && (
        <span
          className={run.withoutEvidence ? 'score uncounted' : 'score'}
          title={run.withoutEvidence ? NO_EVIDENCE : undefined}
        >
          {formatScore(run.score)}
        </span>
      )}
      {skillNotUsed(run) && (
        <span className="skill-unused" role="img" aria-label={SKILL_NOT_USED} title={SKILL_NOT_USED}>
          ⊘
        </span>
      )}
      <RunBadge run={run} compact />
    </div>
  )
}
