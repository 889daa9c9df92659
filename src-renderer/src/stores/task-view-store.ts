// The open task: its detail and runs, patched live. Runs live in a Map mutated in place and a
// `version` counter tells React something changed, so a patch to 5,000 runs costs no copy of them all.
// Each run keeps its ordered status history as this window saw it. A task opens with a first screenful
// (the runs of its first cases) and asks for the rest once that is painted: a big task shows at once.
import { create } from 'zustand'
import type { Patch, RunView, TaskDetail, TaskPatch } from '../../../src-shared/ipc-views'
import type { RunStatus } from '../../../src-shared/run-state'
import { paintThen } from '../after-paint'
import { call, errorText } from '../api/api'

interface TaskViewState {
  taskId: string | null
  detail: TaskDetail | null
  runs: Map<string, RunView>
  history: Map<string, RunStatus[]>
  version: number
  /** The last change the loaded snapshot includes: patch steps up to it are already shown. */
  seq: number
  /** Every run of the task is loaded (false while only the first screenful is). */
  complete: boolean
  loading: boolean
  error: string | null
  /** Patches applied since the page started (the bench reads it). */
  patchedRuns: number
  open(taskId: string | null): Promise<void>
  /** Reads the task again: every run, or with `firstCases` a first screenful and then the rest. */
  reload(firstCases?: number): Promise<void>
  applyPatch(patch: Patch): void
}

/** Appends the statuses a run went through (a repeat of the last one is not a step). */
export function pushStatuses(
  history: Map<string, RunStatus[]>,
  runId: string,
  statuses: readonly RunStatus[],
): void {
  const list = history.get(runId) ?? []
  for (const s of statuses) if (list[list.length - 1] !== s) list.push(s)
  history.set(runId, list)
}

function patchDetail(detail: TaskDetail, p: TaskPatch): TaskDetail {
  return {
    ...detail,
    summary: {
      ...detail.summary,
      ...(p.status ? { status: p.status } : {}),
      ...(p.verdict ? { verdict: p.verdict } : {}),
      ...(p.runs
        ? { runs: p.runs, failedEvaluations: p.failedEvaluations ?? 0, tampered: p.tampered ?? 0 }
        : {}),
      ...(p.reused ? { reused: p.reused } : {}),
    },
    ...(p.busy !== undefined ? { busy: p.busy } : {}),
    ...(p.message !== undefined ? { message: p.message } : {}),
    ...(p.startup !== undefined ? { startup: p.startup } : {}),
  }
}

/** Cases whose runs a task opens with: more rows than a tall window shows, with the table's overscan. */
export const FIRST_CASES = 50

let screensShown: Promise<unknown> = Promise.resolve()

/** The page's screens load after the first request (see main.tsx): the rest of a task waits until they show. */
export function restAfter(shown: Promise<unknown>): void {
  screensShown = shown.catch(() => undefined)
}

/** Runs `fn` once the screens show and the current frame is painted (or soon where frames do not come). */
function afterPaint(fn: () => void): void {
  void screensShown.then(() => paintThen(fn))
}

export const useTaskView = create<TaskViewState>((set, get) => ({
  taskId: null,
  detail: null,
  runs: new Map(),
  history: new Map(),
  version: 0,
  seq: 0,
  complete: false,
  loading: false,
  error: null,
  patchedRuns: 0,

  async open(taskId) {
    if (taskId === get().taskId && (get().detail || get().loading)) return
    set({
      taskId,
      detail: null,
      runs: new Map(),
      history: new Map(),
      complete: false,
      loading: taskId !== null,
      error: null,
    })
    if (taskId) await get().reload(FIRST_CASES)
  },

  async reload(firstCases) {
    const taskId = get().taskId
    if (!taskId) return
    try {
      const reply = await call('tasks.get', firstCases === undefined ? { taskId } : { taskId, firstCases })
      // The bench's breakdown of the first render (scripts/bench.mjs) reads this mark.
      if (firstCases !== undefined) performance.mark('skill-ab:first-screenful-answered')
      const { task, runs, seq } = reply
      // Asked for every run, the answer is every run.
      const complete = firstCases === undefined || reply.complete
      // The user moved on while this was in flight: an old answer must not replace the new task; nor may a
      // first screenful replace every run.
      if (get().taskId !== taskId || (!complete && get().complete)) return
      const map = new Map(runs.map((r) => [r.id, r]))
      const history = get().history
      for (const r of runs) pushStatuses(history, r.id, [r.status])
      set((s) => ({
        detail: task,
        runs: map,
        history,
        seq,
        complete,
        loading: false,
        error: null,
        version: s.version + 1,
      }))
      // The rest once the first screenful is on screen; it replaces it (patches since are in it).
      if (!complete)
        afterPaint(() => {
          if (get().taskId === taskId && !get().complete) void get().reload()
        })
    } catch (err) {
      if (get().taskId === taskId) set({ loading: false, error: errorText(err) })
    }
  },

  applyPatch(patch) {
    const { taskId, runs, history, detail, seq } = get()
    if (!taskId) return
    let touched = 0
    for (const r of patch.runs) {
      if (r.taskId !== taskId) continue
      const { statuses, seqs, ...view } = r
      // A patch coalesced while the snapshot was read repeats what the snapshot shows: skip those steps.
      if ((seqs[seqs.length - 1] ?? 0) > seq) runs.set(r.id, view)
      pushStatuses(
        history,
        r.id,
        statuses.filter((_, i) => (seqs[i] ?? 0) > seq),
      )
      touched++
    }
    const own = patch.tasks.find((t) => t.taskId === taskId)
    if (own?.removed) {
      set({ detail: null, error: 'this task was deleted', runs: new Map() })
      return
    }
    if (!touched && !own) return
    set((s) => ({
      version: s.version + 1,
      patchedRuns: s.patchedRuns + touched,
      ...(own && detail ? { detail: patchDetail(detail, own) } : {}),
    }))
  },
}))
