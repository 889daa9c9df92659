// A task starting up in this process: a view opened mid-start-up gets its step per side with the task, and
// open views get each change (and its end) in the next patch.
import { afterEach, expect, it } from 'vitest'
import type { TaskDetail } from '../../src-shared/ipc-views'
import type { StartupPhase } from '../../src-shared/startup'
import { seedExportTask } from '../export/task.fixture'
import { openTestHost, type TestHost } from './host.fixture'

let t: TestHost
afterEach(() => t.cleanup())

const phase: StartupPhase = {
  startedAt: '2026-01-01T00:00:00.000Z',
  driver: 'server',
  sides: { a: 'proving', b: 'starting' },
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
const opened = async (taskId: string) =>
  (await t.ok<{ task: TaskDetail }>('tasks.get', { taskId })).task.startup

it('tasks.get and the patches carry the start-up while it lasts, and its end', async () => {
  t = openTestHost()
  const { task } = seedExportTask(t.ctx.store, { cases: ['c1'], rounds: 1 })
  expect(await opened(task.id)).toBeNull()
  t.ctx.events.emit('task.startup', { taskId: task.id, phase })
  expect(await opened(task.id)).toEqual(phase)
  await wait(30)
  expect(t.patches.flatMap((p) => p.tasks).find((p) => p.taskId === task.id)?.startup).toEqual(phase)
  t.ctx.events.emit('task.startup', { taskId: task.id, phase: null })
  expect(await opened(task.id)).toBeNull()
  await wait(30)
  expect(t.patches.at(-1)?.tasks.find((p) => p.taskId === task.id)?.startup).toBeNull()
})
