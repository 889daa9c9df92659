// The one place live patches enter the stores. Another process's writes (`external`)
// reload the list and the open task, throttled.
import type { Api } from '../../../src-shared/ipc'
import type { Patch } from '../../../src-shared/ipc-views'
import { useDecision } from './decision-store'
import { useTaskView } from './task-view-store'
import { useTasks } from './tasks-store'
import { useTriggers } from './triggers-store'

export const EXTERNAL_RELOAD_MS = 500

export function wirePatches(api: Api, notify?: (patch: Patch) => void): () => void {
  let reloadTimer: ReturnType<typeof setTimeout> | null = null
  return api.onPatch((patch) => {
    useTasks.getState().applyTaskPatches(patch.tasks)
    useTaskView.getState().applyPatch(patch)
    useTriggers.getState().applyPatch(patch)
    useDecision.getState().applyPatch(patch)
    notify?.(patch)
    if (patch.external && !reloadTimer)
      reloadTimer = setTimeout(() => {
        reloadTimer = null
        void useTasks.getState().load()
        void useTaskView.getState().reload()
      }, EXTERNAL_RELOAD_MS)
  })
}
