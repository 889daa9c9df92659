// The per-case table's grid: its header, the rows on screen (TanStack Virtual over the table's sorted and
// filtered rows) and the keyboard. The grid keeps the focus and points at its cursor cell with
// aria-activedescendant: arrow keys move between runs, Enter opens one, Space selects its case. Scrolling
// re-renders this component only, not the table above it.
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { usePainted } from '../../after-paint'
import {
  cellOf,
  columnClass,
  columnMinWidth,
  columnWidth,
  isRunColumn,
  runOfColumn,
  type RunTableInstance,
  type RunTableMeta,
} from './run-columns'
import { sameRow, type CaseRow } from './run-rows'
import { rememberOpened, takeOpened } from './table-memory'
import { HeaderRow } from './RunTableHeader'

const ROW_HEIGHT = 38
/** Rows rendered beyond the visible ones, for smooth scrolling; the first frame has only a few (it shows sooner). */
const OVERSCAN = 12
const FIRST_OVERSCAN = 2

export interface RunGridProps {
  /** Sorts by a header's button; null in the first frame (labels only). */
  table: RunTableInstance | null
  /** The cases shown, in order (sorted and filtered). */
  rows: CaseRow[]
  /** The visible columns' ids, in order. */
  columns: string[]
  meta: RunTableMeta
}

export function RunGrid(p: RunGridProps) {
  const { table, rows: shown, meta } = p
  const gridId = useId()
  const scroller = useRef<HTMLDivElement>(null)
  const [cursor, setCursor] = useState<{ row: number; col: number } | null>(null)
  const painted = usePainted()
  const visible = p.columns
  const columns = visible.join(' ')
  // The same array while the columns stay (a scroll step renders again): the return-to-run effect keys on it.
  const runCols = useMemo(() => visible.filter(isRunColumn), [visible])
  const template = visible.map(columnWidth).join(' ')
  const minWidth = visible.reduce((sum, id) => sum + columnMinWidth(id), 0)
  // Stable between scroll steps: a new key function makes the virtualizer measure every row again.
  const getItemKey = useCallback((i: number) => shown[i]?.caseId ?? i, [shown])
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

  // Back from a run this grid opened: the cursor on its cell, the cell in view, the focus in the grid.
  useEffect(() => {
    const find = (runId: string) => {
      for (let row = 0; row < shown.length; row++)
        for (let col = 0; col < runCols.length; col++)
          if (runOfColumn(shown[row] as CaseRow, runCols[col] as string)?.id === runId) return { row, col }
      return null
    }
    const runId = takeOpened((id) => find(id) !== null)
    const back = runId === null ? null : find(runId)
    if (!back) return
    setCursor(back)
    virtual.scrollToIndex(back.row)
    scroller.current?.focus({ preventScroll: true })
  }, [shown, runCols, virtual])

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
    const row = shown[cur.row]
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
      if (run) {
        rememberOpened(run.id)
        meta.onOpenRun(run)
      }
    } else if (e.key === ' ') {
      if (row) meta.onToggle(row.caseId)
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
        columns={columns}
        sorting={JSON.stringify(table?.state.sorting ?? [])}
      />
      <div style={{ height: virtual.getTotalSize(), position: 'relative', minWidth }}>
        {virtual.getVirtualItems().map((item) => {
          const row = shown[item.index] as CaseRow
          return (
            <CaseRowView
              key={row.caseId}
              row={row}
              meta={meta}
              index={item.index}
              start={item.start}
              template={template}
              minWidth={minWidth}
              columns={columns}
              selected={meta.selected.has(row.caseId)}
              cursorCol={at?.row === item.index ? (runCols[at.col] ?? null) : null}
              cellId={(col) => cellId(item.index, col)}
              runCols={runCols}
            />
          )
        })}
      </div>
    </div>
  )
}

interface CaseRowProps {
  /** The case's runs: only a patch that changes them re-renders the row. */
  row: CaseRow
  /** What the cells act through; a change of its actions or loading re-renders the row. */
  meta: RunTableMeta
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
}

/**
 * One case's row; re-renders only when its runs, selection, cursor or the columns change (not on every
 * patch). Its cells are drawn in place (cellOf), not mounted as components.
 */
const CaseRowView = memo(
  function CaseRowView(p: CaseRowProps) {
    return (
      <div
        className={`rt-row${p.selected ? ' selected' : ''}`}
        role="row"
        aria-rowindex={p.index + 2}
        aria-selected={p.selected}
        data-case={p.row.caseId}
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
        {p.columns.split(' ').map((id) => {
          const runCol = p.runCols.indexOf(id)
          const cursor = id === p.cursorCol
          return (
            <div
              key={id}
              role="gridcell"
              id={runCol >= 0 ? p.cellId(runCol) : undefined}
              className={`${columnClass(id)}${cursor ? ' cursor' : ''}`}
            >
              {cellOf(id, p.row, p.meta)}
            </div>
          )
        })}
      </div>
    )
  },
  (x, y) =>
    sameRow(x.row, y.row) &&
    x.index === y.index &&
    x.start === y.start &&
    x.template === y.template &&
    x.columns === y.columns &&
    x.selected === y.selected &&
    x.cursorCol === y.cursorCol &&
    x.meta.actions === y.meta.actions &&
    x.meta.loading === y.meta.loading,
)
