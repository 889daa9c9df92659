// The task's estimate before "Create and start" (docs/decision.md "Estimate"): tokens, dollars and time of
// the whole task, and what the figures are based on. Asked of main once the config has no problem left.
import { useEffect, useState } from 'react'
import { estimateLines, type Estimate } from '../../../../src-shared/estimate'
import { call } from '../../api/api'

export function EstimateNote({ config, ready }: { config: unknown; ready: boolean }) {
  const [estimate, setEstimate] = useState<Estimate | null>(null)
  useEffect(() => {
    if (!ready) return setEstimate(null)
    let live = true
    call('tasks.estimate', { config }).then(
      (e) => live && setEstimate(e),
      () => live && setEstimate(null),
    )
    return () => {
      live = false
    }
  }, [config, ready])
  if (!estimate) return null
  const [figures, basis] = estimateLines(estimate)
  return (
    <div className="card small" data-testid="estimate">
      <div>{figures?.replace(/^estimate: /, 'Estimate: ')}</div>
      <div className="muted">{basis?.trim()}</div>
    </div>
  )
}
