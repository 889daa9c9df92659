// The per-case table's header: a sort button per sortable column (aria-sort says the order), in the
// columns' widths. It re-renders when the columns or the sorting change, not on every scroll step.
import { memo } from 'react'
import { columnClass } from './run-columns'
import type { RunTableInstance } from './RunTable'

interface HeaderRowProps {
  table: RunTableInstance
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
        {p.table.getHeaderGroups()[0]?.headers.map((header) => {
          const sorted = header.column.getIsSorted()
          const title = (header.column.columnDef.meta as { title?: string } | undefined)?.title
          return (
            <div
              key={header.id}
              role="columnheader"
              className={columnClass(header.column.id)}
              title={title}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
            >
              {header.column.getCanSort() ? (
                <button className="sort" onClick={header.column.getToggleSortingHandler()}>
                  <p.table.FlexRender header={header} />
                  {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                </button>
              ) : (
                <p.table.FlexRender header={header} />
              )}
            </div>
          )
        })}
      </div>
    )
  },
  (x, y) =>
    x.template === y.template &&
    x.minWidth === y.minWidth &&
    x.columns === y.columns &&
    x.sorting === y.sorting,
)
