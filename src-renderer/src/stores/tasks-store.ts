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
    let unknown = false
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
          ...(p.runs ? { runs: p.runs } : {}),
          ...(p.reused ? { reused: p.reused } : {}),
        }
      })
    for (const p of patches) if (!p.removed && !tasks.some((t) => t.id === p.taskId)) unknown = true
    set({ tasks })
    // A task this list has not seen (created by this or another window): read the list again.
    if (unknown) void get().load()
  },
}))
