// An OS notification when a task this window watched running ends, if it ran a while.
import type { Patch } from '../../src-shared/ipc-views'
import { useTasks } from './stores/tasks-store'

export const LONG_TASK_MS = 60_000
const runningSince = new Map<string, number>()

export function notifyOnTaskEnd(patch: Patch, now = Date.now()): void {
  for (const t of patch.tasks) {
    if (t.status === 'running') {
      if (!runningSince.has(t.taskId)) runningSince.set(t.taskId, now)
      continue
    }
    const since = runningSince.get(t.taskId)
    if (since === undefined || !t.status) continue
    runningSince.delete(t.taskId)
    if (now - since < LONG_TASK_MS || typeof Notification === 'undefined') continue
    const name = useTasks.getState().tasks.find((x) => x.id === t.taskId)?.name ?? 'A task'
    const show = () => new Notification('Skill A/B', { body: `${name} ${ending(t)}` })
    if (Notification.permission === 'granted') show()
    else if (Notification.permission !== 'denied')
      void Notification.requestPermission().then((p) => p === 'granted' && show())
  }
}

function ending(t: Patch['tasks'][number]): string {
  if (t.status === 'done') return t.verdict ? `finished: ${t.verdict.toUpperCase()}` : 'finished'
  if (t.status === 'canceled') return 'was canceled'
  return 'stopped with runs left'
}
