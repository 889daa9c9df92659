// The task's source folders changed since it was made (the user edited the skill, the baseline or a case):
// the task keeps running what it stored, and the user is offered a new task for the new version. Said by a
// badge in the task's line that opens over the page: the answer comes after the runs are drawn, and a
// banner arriving then pushed them down.
import { useEffect, useState } from 'react'
import type { StoredConfig } from '../../../../src-shared/stored-config'
import type { TaskDetail } from '../../../../src-shared/ipc-views'
import { getApi } from '../../api/api'
import { useClosingDetails } from '../../components/closing-details'
import { useRoute } from '../../stores/route-store'
import { useSetupDraft } from '../../stores/setup-draft-store'

/** The setup of a new task for the changed sources: another name, and the skill labelled by its new contents. */
export function newVersionSetup(config: StoredConfig, name: string): StoredConfig {
  const { label: _old, ...skill } = config.skill ?? {}
  return { ...config, name: `${name} (new version)`, skill }
}

/** The changes said by main, asked again when the task opens or its status changes (null: none known). */
function useSourceChanges(taskId: string, status: string): string[] | null {
  const [changes, setChanges] = useState<{ taskId: string; list: string[] } | null>(null)
  useEffect(() => {
    let live = true
    const api = getApi()
    api['tasks.sourceChanges']({ taskId })
      .then((r) => live && setChanges({ taskId, list: r.changes }))
      // Only a hint: when it cannot be checked, nothing is said.
      .catch(() => live && setChanges(null))
    return () => {
      live = false
    }
  }, [taskId, status])
  return changes && changes.taskId === taskId ? changes.list : null
}

export function SourceChanged({ detail }: { detail: TaskDetail }) {
  const { summary, config } = detail
  const changes = useSourceChanges(summary.id, summary.status)
  const popover = useClosingDetails()
  if (!changes?.length || detail.demo) return null
  return (
    <details className="source-changed" data-testid="source-changed" ref={popover}>
      <summary className="badge warn" title="What changed, and a new task for the new version">
        source changed
      </summary>
      <div className="banner warn popover">
        <div>
          The source changed since this task was made: {changes.join('; ')}. This task keeps running the
          version it stored (start, continue and re-run use its snapshot).
        </div>
        <button
          onClick={() => {
            useSetupDraft.getState().setPrefill(newVersionSetup(config, summary.name))
            useRoute.getState().navigate({ screen: 'setup' })
          }}
        >
          New task for this version
        </button>
      </div>
    </details>
  )
}
