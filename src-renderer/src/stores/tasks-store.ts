// The task list: loaded from the api, kept current by patches (counts, status, verdict, removal).
import { create } from 'zustand'
import type { TaskPatch } from '../../../src-shared/ipc-views'
import type { TaskSummary } from '../../../src-shared/task-summary'
import { call, errorText } from '../api/api'

interface TasksState {
  tasks: TaskSummary[]
  loaded: boolean
  error: string | null
  load(): Promise<void>
  applyTaskPatches(patches: readonly TaskPatch[]): void
}

/** Tasks whose patches came but which the list does not show (A/A calibrations). */
const unlisted = new Set<string>()

export const useTasks = create<TasksState>((set, get) => ({
  tasks: [],
  loaded: false,
  error: null,
  async load() {
    try {
      set({ tasks: await call('tasks.list', {}), loaded: true, error: null })
    } catch (err) {
      set({ error: errorText(err), loaded: true })
    }
  },
  applyTaskPatches(patches) {
    if (!patches.length) return
    const byId = new Map(patches.map((p) => [p.taskId, p]))
    const tasks = get()
      .tasks.filter((t) => !byId.get(t.id)?.removed)
      .map((t) => {
        const p = byId.get(t.id)
        if (!p) return t
        return {
          ...t,
          ...(p.status ? { status: p.status } : {}),
          ...(p.verdict ? { verdict: p.verdict } : {}),
          ...(p.runs
            ? { runs: p.runs, failedEvaluations: p.failedEvaluations ?? 0, tampered: p.tampered ?? 0 }
            : {}),
          ...(p.reused ? { reused: p.reused } : {}),
        }
      })
    const unseen = patches
      .filter((p) => !p.removed && !unlisted.has(p.taskId) && !tasks.some((t) => t.id === p.taskId))
      .map((p) => p.taskId)
    set({ tasks })
    // A task this list has not seen (created by this or another window): read the list again. One the list
    // does not hold even then (an A/A calibration) does not make it read again.
    if (unseen.length)
      void get()
        .load()
        .then(() => {
          for (const id of unseen) if (!get().tasks.some((t) => t.id === id)) unlisted.add(id)
        })
  },
}))
