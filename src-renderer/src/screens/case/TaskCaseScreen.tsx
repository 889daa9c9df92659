// A local task's case, a and b side by side (route `#/task/<id>/case/<caseId>`): each run's detail loaded
// through the api, reloaded when one of its runs changes.
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { RunDetail } from '../../../../src-shared/ipc-views'
import { call, errorText } from '../../api/api'
import { useRoute } from '../../stores/route-store'
import { useTaskView } from '../../stores/task-view-store'
import { caseRounds, detailSide } from './case-rounds'
import { CaseSideBySide } from './CaseSideBySide'

export function TaskCaseScreen({ taskId, caseId }: { taskId: string; caseId: string }) {
  const navigate = useRoute((s) => s.navigate)
  const runs = useTaskView((s) => s.runs)
  const version = useTaskView((s) => s.version)
  const ofCase = useMemo(() => {
    void version
    return [...runs.values()].filter((r) => r.caseId === caseId)
  }, [runs, version, caseId])
  const key = ofCase.map((r) => `${r.id}:${r.status}:${r.score}`).join(',')
  const [details, setDetails] = useState<RunDetail[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    Promise.all(ofCase.map((r) => call('runs.detail', { runId: r.id }))).then(setDetails, (err: unknown) =>
      setError(errorText(err)),
    )
  }, [key]) // reloaded when a run of the case changes
  const back = useCallback(() => navigate({ taskId }), [navigate, taskId])
  if (error) return <div className="banner error">{error}</div>
  if (!details) return <div className="muted">Loading the case…</div>
  return (
    <CaseSideBySide
      caseId={caseId}
      rounds={caseRounds(details.map(detailSide))}
      onBack={back}
      text={details.find((d) => d.case)?.case ?? null}
      onOpenRun={(runId) => navigate({ taskId, runId })}
    />
  )
}
