// Trigger tasks (docs/triggers.md): the list and the open task's report, reloaded when a patch names them.
import { create } from 'zustand'
import type { Patch } from '../../../src-shared/ipc-views'
import type { TriggerDetail, TriggerTaskView } from '../../../src-shared/trigger-views'
import { ApiError } from '../../../src-shared/api-error'
import { call, errorText } from '../api/api'

interface TriggersState {
  list: TriggerTaskView[]
  /** The open task's id and report (null until loaded). */
  openId: string | null
  detail: TriggerDetail | null
  error: string | null
  /** The Triggers screen is shown: only then do patches reload the list and the open report. */
  watching: boolean
  watch(on: boolean): void
  load(): Promise<void>
  open(taskId: string | null): Promise<void>
  applyPatch(patch: Patch): void
}

export const useTriggers = create<TriggersState>((set, get) => ({
  list: [],
  openId: null,
  detail: null,
  error: null,
  watching: false,
  watch: (on) => set({ watching: on }),
  async load() {
    try {
      set({ list: await call('triggers.list', {}), error: null })
    } catch (err) {
      set({ error: errorText(err) })
    }
  },
  async open(taskId) {
    set({ openId: taskId, detail: get().detail?.task.id === taskId ? get().detail : null })
    if (!taskId) return
    try {
      const detail = await call('triggers.get', { taskId })
      if (get().openId === taskId) set({ detail, error: null })
    } catch (err) {
      // Deleted (here or in another window): nothing to show, not an error.
      if (err instanceof ApiError && err.body.kind === 'not_found') set({ detail: null })
      else set({ error: errorText(err) })
    }
  },
  applyPatch(patch) {
    const touched = patch.triggers ?? []
    if (!get().watching || (!touched.length && !patch.external)) return
    void get().load()
    const id = get().openId
    if (id && (patch.external || touched.includes(id))) void get().open(id)
  },
}))
