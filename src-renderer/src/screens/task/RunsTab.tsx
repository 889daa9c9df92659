// The run view: progress, bulk actions, and the per-case table, all live.
import { useCallback, useMemo, useState } from 'react'
import type { RunView, TaskDetail } from '../../../../src-shared/ipc-views'
import { countsFromStatus, ProgressBar } from '../../components/ProgressBar'
import { useRoute } from '../../stores/route-store'
import { useTaskView } from '../../stores/task-view-store'
import { canReevaluate, canRerun } from '../../../../src-shared/run-rules'
import { reuseText } from '../../../../src-shared/reuse'
import { buildRows, kindCounts, runsOfRow, type CaseRow } from './run-rows'
import { BulkActions, ids } from './BulkActions'
import { RunTable } from './RunTable'
import { StartupLine } from './StartupLine'
import { reevaluateRuns, rerunRuns } from './task-actions'

export function RunsTab({ detail }: { detail: TaskDetail }) {
  const runs = useTaskView((s) => s.runs)
  const version = useTaskView((s) => s.version)
  // Only a first screenful is loaded yet: every case has its row, the rest of the runs follow.
  const complete = useTaskView((s) => s.complete)
  const navigate = useRoute((s) => s.navigate)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const taskId = detail.summary.id
  const { rows, rounds, counts, total, failedEvals, failedExecs } = useMemo(() => {
    void version
    const all = [...runs.values()]
    return {
      ...buildRows(all, detail.caseOrder, detail.config.policy.failedRunScore, { everyCase: !complete }),
      ...(complete ? kindCounts(all) : { counts: {}, total: 0 }),
      failedEvals: all.filter((r) => r.status === 'failed' && r.failureType === null),
      failedExecs: all.filter((r) => r.status === 'failed' && r.failureType !== null),
    }
  }, [runs, version, complete, detail.caseOrder, detail.config.policy.failedRunScore])
  // Until every run is here, the progress is the task's counts and bulk actions wait (they act on runs).
  const progress = complete
    ? { counts, total }
    : {
        counts: countsFromStatus(detail.summary),
        total: Object.values(detail.summary.runs).reduce((n, c) => n + c, 0),
      }
  // Baseline reuse: how many a-runs came from earlier tasks' executions, and what that saved.
  const reused = reuseText(detail.summary.reused)
  const busy = detail.busy || detail.summary.status === 'running' || !complete
  const toggle = useCallback(
    (caseId: string) =>
      setSelected((s) => {
        const next = new Set(s)
        if (next.has(caseId)) next.delete(caseId)
        else next.add(caseId)
        return next
      }),
    [],
  )
  const open = useCallback((run: RunView) => navigate({ taskId, runId: run.id }), [navigate, taskId])
  const rowActions = useCallback(
    (row: CaseRow) => {
      const list = runsOfRow(row)
      return (
        <>
          <button
            className="small"
            disabled={busy || !list.some(canRerun)}
            onClick={() => void rerunRuns(taskId, ids(list, canRerun))}
            title={`Execute case ${row.caseId} again (both sides, every round)`}
          >
            Re-run
          </button>
          <button
            className="small"
            disabled={busy || !list.some(canReevaluate)}
            onClick={() => void reevaluateRuns(taskId, ids(list, canReevaluate))}
            title={`Judge case ${row.caseId} again without re-executing`}
          >
            Re-evaluate
          </button>
        </>
      )
    },
    [busy, taskId],
  )
  const bulkActions = (shown: readonly CaseRow[]) => (
    <BulkActions
      taskId={taskId}
      shown={shown}
      total={rows.length}
      selected={selected}
      setSelected={setSelected}
      busy={busy}
      failedExecs={failedExecs}
      failedEvals={failedEvals}
    />
  )

  return (
    <div className="stack">
      <ProgressBar counts={progress.counts} total={progress.total} />
      {detail.startup && <StartupLine phase={detail.startup} />}
      {reused ? (
        <p className="muted small" aria-label="Baseline reuse">
          {reused}
        </p>
      ) : null}
      <div className="run-table-wrap">
        <RunTable
          rows={rows}
          rounds={rounds}
          selected={selected}
          onToggle={toggle}
          onOpenRun={open}
          actions={rowActions}
          failedRunScore={detail.config.policy.failedRunScore}
          loading={!complete}
          toolbar={bulkActions}
          stateKey={`task:${detail.summary.id}`}
        />
      </div>
    </div>
  )
}
