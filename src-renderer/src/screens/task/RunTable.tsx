// The per-case a/b table: one virtualised row per case with every round's a and b run, the
// side means and their difference. Arrow keys move between runs, Enter opens one, Space selects its case.
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef, useState, type KeyboardEvent } from 'react'
import type { FailedRunScore } from '../../../../src-shared/decision-score'
import { isAttributableFailure } from '../../../../src-shared/run-state'
import type { RunView } from '../../../../src-shared/ipc-views'
import { usePainted } from '../../after-paint'
import { RunBadge } from '../../components/badges'
import { formatScore, runsOfRow, skillNotUsed, type CaseRow } from './run-rows'

export const SKILL_NOT_USED = 'skill not used in this run'

export const ROW_HEIGHT = 38
/** Rows rendered beyond the visible ones, for smooth scrolling; the first frame has only a few (it shows sooner). */
const OVERSCAN = 12
const FIRST_OVERSCAN = 2
const COL_RUN = 136

export interface RunTableProps {
  rows: CaseRow[]
  rounds: number
  selected: ReadonlySet<string>
  onToggle(caseId: string): void
  onOpenRun(run: RunView): void
  /** Per-row actions; absent in a read-only view (an opened export). */
  actions?: (row: CaseRow) => React.ReactNode
  /** How the means count a failure of the agent's (timeout, crash, its own error): policy.failedRunScore. */
  failedRunScore?: FailedRunScore
  /** Runs are still arriving: a case without its runs yet says so rather than showing none. */
  loading?: boolean
}

export function RunTable(props: RunTableProps) {
  const { rows, rounds } = props
  const scroller = useRef<HTMLDivElement>(null)
  const [focus, setFocus] = useState<{ row: number; col: number } | null>(null)
  const painted = usePainted()
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: painted ? OVERSCAN : FIRST_OVERSCAN,
    initialRect: { width: 1000, height: 600 },
  })
  const runCols = rounds * 2
  const widths = [
    36,
    170,
    ...Array<number>(runCols).fill(COL_RUN),
    72,
    72,
    64,
    ...(props.actions ? [200] : []),
  ]
  const template = widths.map((w) => `${w}px`).join(' ')
  const minWidth = widths.reduce((s, w) => s + w, 0)

  const runAt = (row: number, col: number): RunView | undefined => {
    const r = rows[row]
    if (!r) return undefined
    return (col % 2 === 0 ? r.a : r.b)[Math.floor(col / 2)]
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const cur = focus ?? { row: 0, col: 0 }
    const move = (row: number, col: number) => {
      const next = {
        row: Math.max(0, Math.min(rows.length - 1, row)),
        col: Math.max(0, Math.min(runCols - 1, col)),
      }
      setFocus(next)
      virtual.scrollToIndex(next.row)
      e.preventDefault()
    }
    if (e.key === 'ArrowDown') move(cur.row + 1, cur.col)
    else if (e.key === 'ArrowUp') move(cur.row - 1, cur.col)
    else if (e.key === 'ArrowRight') move(cur.row, cur.col + 1)
    else if (e.key === 'ArrowLeft') move(cur.row, cur.col - 1)
    else if (e.key === 'PageDown') move(cur.row + 10, cur.col)
    else if (e.key === 'PageUp') move(cur.row - 10, cur.col)
    else if (e.key === 'Enter') {
      const run = runAt(cur.row, cur.col)
      if (run) props.onOpenRun(run)
    } else if (e.key === ' ') {
      const r = rows[cur.row]
      if (r) props.onToggle(r.caseId)
      e.preventDefault()
    }
  }

  return (
    <div className="run-table">
      <div
        className="scroller"
        ref={scroller}
        tabIndex={0}
        role="grid"
        aria-label="Runs per case: side a and side b per round"
        aria-rowcount={rows.length + 1}
        onKeyDown={onKeyDown}
        onFocus={() => setFocus((f) => f ?? { row: 0, col: 0 })}
      >
        <div className="rt-row rt-head" style={{ gridTemplateColumns: template, minWidth }} role="row">
          <div />
          <div>case</div>
          {Array.from({ length: rounds }, (_, r) => [
            <div key={`a${r}`} className="side-a">
              a · round {r + 1}
            </div>,
            <div key={`b${r}`} className="side-b">
              b · round {r + 1}
            </div>,
          ])}
          <div className="side-a" title="Mean score of side a's scored rounds">
            mean a
          </div>
          <div className="side-b" title="Mean score of side b's scored rounds">
            mean b
          </div>
          <div title="mean b − mean a">Δ</div>
          {props.actions && <div>actions</div>}
        </div>
        <div style={{ height: virtual.getTotalSize(), position: 'relative', minWidth }}>
          {virtual.getVirtualItems().map((item) => {
            const row = rows[item.index] as CaseRow
            return (
              <CaseRowView
                key={row.caseId}
                row={row}
                index={item.index}
                start={item.start}
                template={template}
                runCols={runCols}
                selected={props.selected.has(row.caseId)}
                focusedCol={focus?.row === item.index ? focus.col : null}
                onToggle={props.onToggle}
                onOpenRun={props.onOpenRun}
                actions={props.actions}
                loading={props.loading === true}
              />
            )
          })}
        </div>
      </div>
      <div className="muted small" style={{ padding: '6px 10px' }}>
        {rows.length} cases · {props.loading ? 'loading the runs…' : `${runsOfRowCount(rows)} runs`} · ↑↓←→
        move, Enter opens a run, Space selects its case
        {rows.some((r) => r.b.some((run) => run && skillNotUsed(run))) && ' · ⊘ b did not use the skill'}
        {props.failedRunScore === 0 &&
          rows.some((r) =>
            [...r.a, ...r.b].some(
              (run) => run?.status === 'failed' && isAttributableFailure(run.failureType),
            ),
          ) &&
          " · a failure of the agent's (timeout, crash, its own error) counts as 0 in the means, as in the decision"}
      </div>
    </div>
  )
}

interface CaseRowProps {
  row: CaseRow
  index: number
  start: number
  template: string
  runCols: number
  selected: boolean
  focusedCol: number | null
  onToggle(caseId: string): void
  onOpenRun(run: RunView): void
  actions?: (row: CaseRow) => React.ReactNode
  loading: boolean
}

/** One case's row; re-renders only when its runs, selection or focus change (a patch rebuilds only changed rows). */
const CaseRowView = memo(function CaseRowView(p: CaseRowProps) {
  const { row } = p
  return (
    <div
      className={`rt-row${p.selected ? ' selected' : ''}`}
      role="row"
      aria-rowindex={p.index + 2}
      data-case={row.caseId}
      style={{
        gridTemplateColumns: p.template,
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${p.start}px)`,
      }}
    >
      <div>
        <input
          type="checkbox"
          tabIndex={-1}
          checked={p.selected}
          onChange={() => p.onToggle(row.caseId)}
          aria-label={`select case ${row.caseId}`}
        />
      </div>
      <div className="mono" title={row.caseId}>
        {row.caseId}
      </div>
      {Array.from({ length: p.runCols }, (_, col) => {
        const run = (col % 2 === 0 ? row.a : row.b)[Math.floor(col / 2)]
        const focused = p.focusedCol === col
        return (
          <div key={col} role="gridcell" aria-selected={focused}>
            {run ? (
              <div
                className="cell-run"
                data-run={run.id}
                data-side={run.side}
                data-round={run.round}
                style={focused ? { outline: '2px solid var(--focus)' } : undefined}
                onClick={() => p.onOpenRun(run)}
              >
                <span className="score">{formatScore(run.score)}</span>
                {skillNotUsed(run) && (
                  <span
                    className="skill-unused"
                    role="img"
                    aria-label={SKILL_NOT_USED}
                    title={SKILL_NOT_USED}
                  >
                    ⊘
                  </span>
                )}
                <RunBadge run={run} />
              </div>
            ) : p.loading ? (
              <span className="muted" title="loading this run">
                …
              </span>
            ) : (
              <span className="muted">–</span>
            )}
          </div>
        )
      })}
      <div className="side-a">{formatScore(row.meanA)}</div>
      <div className="side-b">{formatScore(row.meanB)}</div>
      <div className={row.delta === null ? 'muted' : row.delta >= 0 ? 'delta-pos' : 'delta-neg'}>
        {row.delta === null ? '–' : `${row.delta >= 0 ? '+' : ''}${formatScore(row.delta)}`}
      </div>
      {p.actions && <div className="row small">{p.actions(row)}</div>}
    </div>
  )
})

function runsOfRowCount(rows: CaseRow[]): number {
  return rows.reduce((n, r) => n + runsOfRow(r).length, 0)
}
