// The "task finished" OS notification: shown once when a task this window watched running for a minute or
// more ends, with its name and verdict; never for a short task, a task only seen finished, or when denied.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Patch, TaskPatch } from '../../src-shared/ipc-views'
import { LONG_TASK_MS, notifyOnTaskEnd } from './notify'
import { useTasks } from './stores/tasks-store'
import { summary } from './testing/views.fixture'

let shown: { title: string; body: string }[]
let permission: NotificationPermission

class FakeNotification {
  static get permission() {
    return permission
  }
  static requestPermission = () => Promise.resolve(permission)
  constructor(title: string, opts: { body: string }) {
    shown.push({ title, body: opts.body })
  }
}

const patch = (...tasks: TaskPatch[]): Patch => ({ runs: [], tasks, external: false })

beforeEach(() => {
  shown = []
  permission = 'granted'
  ;(globalThis as { Notification?: unknown }).Notification = FakeNotification
  useTasks.setState({ tasks: [summary('t1', 'pirate v2 vs none')] })
})
afterEach(() => {
  delete (globalThis as { Notification?: unknown }).Notification
})

it('a task that ran a minute or more says it ended, with its name and verdict, once', () => {
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'running' }), 0)
  notifyOnTaskEnd(patch({ taskId: 't1', busy: true }), 30_000)
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'done', verdict: 'pass' }), LONG_TASK_MS + 1)
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'done', verdict: 'pass' }), LONG_TASK_MS + 2)
  expect(shown).toEqual([{ title: 'Skill A/B', body: 'pirate v2 vs none finished: PASS' }])
})

it('a short task, or one never seen running, ends without a notification', () => {
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'running' }), 0)
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'done' }), LONG_TASK_MS - 1)
  notifyOnTaskEnd(patch({ taskId: 'other', status: 'idle' }), 10 * LONG_TASK_MS)
  expect(shown).toEqual([])
})

it('asks for permission once it is needed, and stays quiet when the user denied it', async () => {
  permission = 'denied'
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'running' }), 0)
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'canceled' }), LONG_TASK_MS)
  permission = 'default'
  FakeNotification.requestPermission = () => Promise.resolve('granted')
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'running' }), 0)
  notifyOnTaskEnd(patch({ taskId: 't1', status: 'canceled' }), LONG_TASK_MS)
  await Promise.resolve()
  await Promise.resolve()
  expect(shown).toEqual([{ title: 'Skill A/B', body: 'pirate v2 vs none was canceled' }])
})
