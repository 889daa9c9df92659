// The per-case table's grid: its header, the rows on screen (TanStack Virtual over the table's sorted and
// filtered rows) and the keyboard. The grid keeps the focus and points at its cursor cell with
// aria-activedescendant: arrow keys move between runs, Enter opens one, Space selects its case. Scrolling
// re-renders this component only, not the table above it.
import type { Row } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { RunView } from '../../../../src-shared/ipc-views'
import { usePainted } from '../../after-paint'
import type { runTableFeatures } from './run-columns'
import { columnClass, columnMinWidth, columnWidth, isRunColumn, renderCell, runOfColumn } from './run-columns'
import { sameRow, type CaseRow } from './run-rows'
import type { RunTableInstance } from './RunTable'
import { HeaderRow } from './RunTableHeader'

const ROW_HEIGHT = 38
/** Rows rendered beyond the visible ones, for smooth scrolling; the first frame has only a few (it shows sooner). */
const OVERSCAN = 12
const FIRST_OVERSCAN = 2

type TableRow = Row<typeof runTableFeatures, CaseRow>

export interface RunGridProps {
  table: RunTableInstance
  /** The table's rows, sorted and filtered. */
  shown: TableRow[]
  selected: ReadonlySet<string>
  onToggle(caseId: string): void
  onOpenRun(run: RunView): void
  actions?: (row: CaseRow) => ReactNode
  loading: boolean
}

export function RunGrid(p: RunGridProps) {
  const { table, shown } = p
  const gridId = useId()
  const scroller = useRef<HTMLDivElement>(null)
  const [cursor, setCursor] = useState<{ row: number; col: number } | null>(null)
  const painted = usePainted()
  const visible = table.getVisibleLeafColumns()
  const runCols = visible.filter((c) => isRunColumn(c.id)).map((c) => c.id)
  const template = visible.map((c) => columnWidth(c.id)).join(' ')
  const minWidth = visible.reduce((sum, c) => sum + columnMinWidth(c.id), 0)
  // Stable between scroll steps: a new key function makes the virtualizer measure every row again.
  const getItemKey = useCallback((i: number) => shown[i]?.id ?? i, [shown])
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: painted ? OVERSCAN : FIRST_OVERSCAN,
    initialRect: { width: 1000, height: 600 },
    getItemKey,
  })
  const at =
    cursor && shown.length && runCols.length
      ? {
          row: Math.min(cursor.row, shown.length - 1),
          col: Math.min(cursor.col, runCols.length - 1),
        }
      : null
  const cellId = (row: number, col: number) => `${gridId}-r${row}-c${col}`

  const onKeyDown = (e: KeyboardEvent) => {
    // Keys typed in a header's sort button or a row's action button are theirs.
    if (e.target !== e.currentTarget || !shown.length || !runCols.length) return
    const cur = at ?? { row: 0, col: 0 }
    const move = (row: number, col: number) => {
      const next = {
        row: Math.max(0, Math.min(shown.length - 1, row)),
        col: Math.max(0, Math.min(runCols.length - 1, col)),
      }
      setCursor(next)
      virtual.scrollToIndex(next.row)
      e.preventDefault()
    }
    const row = shown[cur.row]?.original
    if (e.key === 'ArrowDown') move(cur.row + 1, cur.col)
    else if (e.key === 'ArrowUp') move(cur.row - 1, cur.col)
    else if (e.key === 'ArrowRight') move(cur.row, cur.col + 1)
    else if (e.key === 'ArrowLeft') move(cur.row, cur.col - 1)
    else if (e.key === 'PageDown') move(cur.row + 10, cur.col)
    else if (e.key === 'PageUp') move(cur.row - 10, cur.col)
    else if (e.key === 'Home') move(e.ctrlKey ? 0 : cur.row, 0)
    else if (e.key === 'End') move(e.ctrlKey ? shown.length - 1 : cur.row, runCols.length - 1)
    else if (e.key === 'Enter') {
      const run = row && runOfColumn(row, runCols[cur.col] as string)
      if (run) p.onOpenRun(run)
    } else if (e.key === ' ') {
      if (row) p.onToggle(row.caseId)
      e.preventDefault()
    }
  }

  return (
    <div
      // Wider than its box (many rounds): the actions column stays in view as the runs scroll sideways.
      className={`scroller${minWidth > (virtual.scrollRect?.width ?? Infinity) ? ' wide' : ''}`}
      ref={scroller}
      tabIndex={0}
      role="grid"
      aria-label="Runs per case: side a and side b per round"
      aria-rowcount={shown.length + 1}
      aria-colcount={visible.length}
      aria-activedescendant={at ? cellId(at.row, at.col) : undefined}
      onKeyDown={onKeyDown}
      onFocus={(e) => e.target === e.currentTarget && setCursor((c) => c ?? { row: 0, col: 0 })}
    >
      <HeaderRow
        table={table}
        template={template}
        minWidth={minWidth}
        columns={visible.map((c) => c.id).join(' ')}
        sorting={JSON.stringify(table.state.sorting)}
      />
      <div style={{ height: virtual.getTotalSize(), position: 'relative', minWidth }}>
        {virtual.getVirtualItems().map((item) => {
          const row = shown[item.index] as TableRow
          return (
            <CaseRowView
              key={row.id}
              table={table}
              row={row}
              original={row.original}
              index={item.index}
              start={item.start}
              template={template}
              minWidth={minWidth}
              columns={visible.map((c) => c.id).join(' ')}
              selected={p.selected.has(row.id)}
              cursorCol={at?.row === item.index ? (runCols[at.col] ?? null) : null}
              cellId={(col) => cellId(item.index, col)}
              runCols={runCols}
              actions={p.actions}
              loading={p.loading}
            />
          )
        })}
      </div>
    </div>
  )
}

interface CaseRowProps {
  table: RunTableInstance
  row: TableRow
  /** The case's runs: only a patch that changes them re-renders the row. */
  original: CaseRow
  index: number
  start: number
  template: string
  minWidth: number
  /** The visible columns' ids: showing or hiding one re-renders every row. */
  columns: string
  selected: boolean
  /** The run column the grid cursor is on in this row. */
  cursorCol: string | null
  cellId(col: number): string
  runCols: string[]
  actions?: (row: CaseRow) => ReactNode
  loading: boolean
}

/**
 * One case's row; re-renders only when its runs, selection, cursor or the columns change (not on every
 * patch). Its cells' renderers are called in place (renderCell), not mounted as components.
 */
const CaseRowView = memo(
  function CaseRowView(p: CaseRowProps) {
    return (
      <div
        className={`rt-row${p.selected ? ' selected' : ''}`}
        role="row"
        aria-rowindex={p.index + 2}
        aria-selected={p.selected}
        data-case={p.original.caseId}
        style={{
          gridTemplateColumns: p.template,
          minWidth: p.minWidth,
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          height: ROW_HEIGHT,
          transform: `translateY(${p.start}px)`,
        }}
      >
        {p.row.getVisibleCells().map((cell) => {
          const id = cell.column.id
          const runCol = p.runCols.indexOf(id)
          const cursor = id === p.cursorCol
          return (
            <div
              key={cell.id}
              role="gridcell"
              id={runCol >= 0 ? p.cellId(runCol) : undefined}
              className={`${columnClass(id)}${cursor ? ' cursor' : ''}`}
            >
              {renderCell(cell)}
            </div>
          )
        })}
      </div>
    )
  },
  (x, y) =>
    sameRow(x.original, y.original) &&
    x.index === y.index &&
    x.start === y.start &&
    x.template === y.template &&
    x.columns === y.columns &&
    x.selected === y.selected &&
    x.cursorCol === y.cursorCol &&
    x.actions === y.actions &&
    x.loading === y.loading,
)
