// The open task's decision: fetched when the decision is on screen and the scored runs changed (at most
// once a second while runs stream in).
import { create } from 'zustand'
import type { Decision } from '../../../src-shared/decision'
import { call, errorText } from '../api/api'

interface DecisionState {
  taskId: string | null
  /** What the decision was computed from (scored runs and their scores), to skip needless refreshes. */
  basis: string
  decision: Decision | null
  error: string | null
  refresh(taskId: string, basis: string): Promise<void>
}

export const REFRESH_MS = 1000
let lastFetch = 0
let queued: ReturnType<typeof setTimeout> | null = null

export const useDecision = create<DecisionState>((set, get) => ({
  taskId: null,
  basis: '',
  decision: null,
  error: null,
  async refresh(taskId, basis) {
    const s = get()
    if (s.taskId === taskId && s.basis === basis) return
    if (s.taskId !== taskId) set({ taskId, decision: null, basis: '', error: null })
    const wait = lastFetch + REFRESH_MS - Date.now()
    if (wait > 0 && s.taskId === taskId) {
      if (queued) clearTimeout(queued)
      queued = setTimeout(() => void get().refresh(taskId, basis), wait)
      return
    }
    lastFetch = Date.now()
    try {
      const decision = await call('tasks.decision', { taskId })
      if (get().taskId === taskId) set({ decision, basis, error: null })
    } catch (err) {
      if (get().taskId === taskId) set({ error: errorText(err) })
    }
  },
}))
