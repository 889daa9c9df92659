// The per-case table's header: a sort button per sortable column (aria-sort says the order), in the
// columns' widths; labels alone in the first frame, before TanStack Table holds the rows. It re-renders when
// the columns or the sorting change, not on every scroll step.
import { memo } from 'react'
import { columnClass, columnLabel, type RunTableInstance } from './run-columns'

interface HeaderRowProps {
  /** Null in the first frame: nothing sorts yet. */
  table: RunTableInstance | null
  template: string
  minWidth: number
  /** The visible columns' ids and the sorting: the header re-renders when they change, not on a scroll. */
  columns: string
  sorting: string
}

export const HeaderRow = memo(
  function HeaderRow(p: HeaderRowProps) {
    return (
      <div
        className="rt-row rt-head"
        style={{ gridTemplateColumns: p.template, minWidth: p.minWidth }}
        role="row"
        aria-rowindex={1}
      >
        {p.columns.split(' ').map((id) => {
          const column = p.table?.getColumn(id)
          const sorted = column?.getIsSorted()
          const { label, title } = columnLabel(id)
          return (
            <div
              key={id}
              role="columnheader"
              className={columnClass(id)}
              title={title}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
            >
              {column?.getCanSort() ? (
                <button className="sort" onClick={column.getToggleSortingHandler()}>
                  {label}
                  {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                </button>
              ) : (
                label || <span className="sr-only">{id}</span>
              )}
            </div>
          )
        })}
      </div>
    )
  },
  (x, y) =>
    x.table === y.table &&
    x.template === y.template &&
    x.minWidth === y.minWidth &&
    x.columns === y.columns &&
    x.sorting === y.sorting,
)
