// The open task's decision, spend and noise floor: fetched when the decision is on screen and what it is computed from changed (at
// most once a second while runs stream in).
import { create } from 'zustand'
import type { Decision } from '../../../src-shared/decision'
import type { TaskSpendView } from '../../../src-shared/spend'
import type { TaskNoiseFloor } from '../../../src-shared/noise-floor'
import type { Patch, RunView, TaskDetail } from '../../../src-shared/ipc-views'
import { call, errorText } from '../api/api'

interface DecisionState {
  taskId: string | null
  /** What the decision was computed from (decisionBasis), to skip needless refreshes. */
  basis: string
  decision: Decision | null
  /** What the task was paid (fetched with the decision). */
  spend: TaskSpendView | null
  /** The noise floor of the latest A/A calibration of its dataset, model and baseline (fetched with it). */
  floor: TaskNoiseFloor | null
  error: string | null
  /** The A/A calibration started from this view: its progress refreshes the floor. */
  calibrating: string | null
  refresh(taskId: string, basis: string): Promise<void>
  watchCalibration(calibrationId: string): void
  /** Asks for the open task's noise floor again (a calibration was deleted). */
  reloadFloor(): Promise<void>
  /** A live patch: one that touches the calibration being watched refreshes the floor (at most once a second). */
  applyPatch(patch: Pick<Patch, 'tasks'>): void
}

export const REFRESH_MS = 1000
let lastFetch = 0
let queued: ReturnType<typeof setTimeout> | null = null

export const useDecision = create<DecisionState>((set, get) => ({
  taskId: null,
  basis: '',
  decision: null,
  spend: null,
  floor: null,
  error: null,
  calibrating: null,
  async refresh(taskId, basis) {
    const s = get()
    if (s.taskId === taskId && s.basis === basis) return
    if (s.taskId !== taskId)
      set({ taskId, decision: null, spend: null, floor: null, basis: '', error: null, calibrating: null })
    const wait = lastFetch + REFRESH_MS - Date.now()
    if (wait > 0 && s.taskId === taskId) {
      if (queued) clearTimeout(queued)
      queued = setTimeout(() => void get().refresh(taskId, basis), wait)
      return
    }
    lastFetch = Date.now()
    try {
      const [decision, spend, floor] = await Promise.all([
        call('tasks.decision', { taskId }),
        call('tasks.spend', { taskId }),
        call('tasks.noiseFloor', { taskId }),
      ])
      if (get().taskId === taskId) set({ decision, spend, floor, basis, error: null })
    } catch (err) {
      if (get().taskId === taskId) set({ error: errorText(err) })
    }
  },
  watchCalibration(calibrationId) {
    set({ calibrating: calibrationId })
  },
  async reloadFloor() {
    const { taskId } = get()
    if (!taskId) return
    const floor = await call('tasks.noiseFloor', { taskId })
    if (get().taskId === taskId) set({ floor })
  },
  applyPatch(patch) {
    const { calibrating, taskId } = get()
    if (!taskId || !calibrating || !patch.tasks.some((t) => t.taskId === calibrating) || floorQueued) return
    floorQueued = setTimeout(() => {
      floorQueued = null
      get()
        .reloadFloor()
        .catch(() => {}) // the next patch asks again
    }, REFRESH_MS)
  },
}))
let floorQueued: ReturnType<typeof setTimeout> | null = null

/**
 * What the decision is computed from, in brief, to skip needless refreshes: every run's status, failure,
 * skill use and score (failed runs score 0, failures and skill use are decision parts), and the task's
 * status and last update (pairwise comparisons are judged after the runs, before the job ends).
 */
export function decisionBasis(
  runs: Iterable<Pick<RunView, 'status' | 'failureType' | 'skillLoaded' | 'score'>>,
  detail: Pick<TaskDetail, 'summary' | 'busy'> | null,
): string {
  const counts = new Map<string, number>()
  let sum = 0
  for (const r of runs) {
    const key = `${r.status}/${r.failureType ?? ''}/${r.skillLoaded === null ? '' : Number(r.skillLoaded)}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
    if (r.status === 'scored') sum += r.score ?? 0
  }
  const tally = [...counts].sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, n]) => `${k}=${n}`)
  const task = detail
    ? `${detail.summary.status}@${detail.summary.updatedAt}${detail.busy ? '+busy' : ''}`
    : ''
  return `${tally.join(',')}:${sum.toFixed(3)}:${task}`
}
