// The route lives in the URL hash (`#/task/<id>/run/<runId>`, `#/task/<id>/case/<caseId>`), so a reload or a shared link lands on the
// same screen. The task in the route is the user's *intended* selection (invariant 11).
import { create } from 'zustand'

export type Screen = 'tasks' | 'setup' | 'triggers' | 'evaluations' | 'settings' | 'export' | 'compare'
export type TaskTab = 'runs' | 'decision' | 'config'

export interface Route {
  screen: Screen
  taskId: string | null
  tab: TaskTab
  runId: string | null
  /** A case's a and b side by side, round by round. */
  caseId: string | null
}

const TABS: readonly TaskTab[] = ['runs', 'decision', 'config']

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  const base: Route = { screen: 'tasks', taskId: null, tab: 'runs', runId: null, caseId: null }
  const [head, id, sub, runId] = parts
  if (
    head === 'setup' ||
    head === 'evaluations' ||
    head === 'settings' ||
    head === 'export' ||
    head === 'compare'
  )
    return { ...base, screen: head }
  if (head === 'triggers') return { ...base, screen: 'triggers', taskId: id ?? null }
  if (head !== 'task' || !id) return base
  if (sub === 'run' && runId) return { ...base, taskId: id, runId }
  if (sub === 'case' && runId) return { ...base, taskId: id, caseId: runId }
  return { ...base, taskId: id, tab: TABS.includes(sub as TaskTab) ? (sub as TaskTab) : 'runs' }
}

export function routeHash(r: Partial<Route>): string {
  const screen = r.screen ?? 'tasks'
  if (screen === 'triggers' && r.taskId) return `#/triggers/${encodeURIComponent(r.taskId)}`
  if (screen !== 'tasks') return `#/${screen}`
  if (!r.taskId) return '#/tasks'
  const task = `#/task/${encodeURIComponent(r.taskId)}`
  if (r.runId) return `${task}/run/${encodeURIComponent(r.runId)}`
  if (r.caseId) return `${task}/case/${encodeURIComponent(r.caseId)}`
  return r.tab && r.tab !== 'runs' ? `${task}/${r.tab}` : task
}

interface RouteState {
  route: Route
  navigate(to: Partial<Route>): void
  /** Re-reads the hash (hashchange, back/forward). */
  sync(): void
}

export const useRoute = create<RouteState>((set) => ({
  route: parseRoute(typeof location === 'undefined' ? '' : location.hash),
  navigate(to) {
    const hash = routeHash(to)
    if (location.hash !== hash) location.hash = hash
    set({ route: parseRoute(hash) })
  },
  sync: () => set({ route: parseRoute(location.hash) }),
}))

/**
 * The task to show: the intended one whenever the list holds it — on every load, not just the first
 * (a one-shot "read the URL once" loses it when a reload re-runs the selection) — else the newest.
 */
export function chooseTask(tasks: readonly { id: string }[], intended: string | null): string | null {
  if (intended && tasks.some((t) => t.id === intended)) return intended
  return tasks[0]?.id ?? null
}
