// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TaskSummary } from '../../../src-shared/task-summary'
import { useRoute } from '../stores/route-store'
import { useTaskView } from '../stores/task-view-store'
import { useTasks } from '../stores/tasks-store'
import { wirePatches, EXTERNAL_RELOAD_MS } from '../stores/wire-patches'
import { installFakeApi, type FakeApi } from '../testing/fake-api.fixture'
import { detail, run, summary } from '../testing/views.fixture'
import { during, render, settle, type Rendered } from '../testing/render.fixture'
import { TasksScreen } from './TasksScreen'

const newest = summary('task_new', 'newest task')
const chosen = summary('task_chosen', 'the chosen task')
let lists: TaskSummary[][]
let fake: FakeApi
let view: Rendered | undefined
let unwire: () => void

beforeEach(() => {
  useTasks.setState({ tasks: [], loaded: false, error: null })
  useTaskView.setState({ taskId: null, detail: null, runs: new Map(), history: new Map(), version: 0 })
  lists = []
  fake = installFakeApi({
    // Each load answers the next list (the last one repeats): reloads are async and may differ.
    'tasks.list': async () => {
      await new Promise((r) => setTimeout(r, 5))
      return lists.length > 1 ? lists.shift() : lists[0]
    },
    'tasks.get': ({ taskId }: { taskId: string }) => {
      const s = taskId === chosen.id ? chosen : newest
      const runs = [run(taskId, 'c1', 'a', 1), run(taskId, 'c1', 'b', 1)]
      return { task: detail(s), runs, complete: true, seq: 0 }
    },
  })
  unwire = wirePatches(fake.api)
})
afterEach(() => {
  unwire()
  view?.unmount()
  location.hash = ''
})

const selectedName = () =>
  view?.container.querySelector('[role="option"][aria-selected="true"] .name')?.textContent

describe('tasks screen', () => {
  it('invariant 11: the chosen task stays chosen through async reloads, even when the first list lacks it', async () => {
    location.hash = `#/task/${chosen.id}`
    useRoute.getState().sync()
    // First answer: the chosen task is not listed yet (still being created / another process's write).
    lists = [[newest], [newest, chosen], [newest, chosen]]
    view = await render(<TasksScreen />)
    await during(() => useTasks.getState().load())
    await settle(20)
    expect(selectedName()).toBe('newest task') // fallback while the intended task is absent
    await during(() => useTasks.getState().load())
    await settle(20)
    expect(selectedName()).toBe('the chosen task')
    // Another process writes: the list and the open task reload asynchronously; the choice holds.
    fake.push({ external: true })
    await settle(EXTERNAL_RELOAD_MS + 50)
    expect(fake.calls.filter((c) => c.channel === 'tasks.list').length).toBeGreaterThanOrEqual(3)
    expect(selectedName()).toBe('the chosen task')
    expect(useTaskView.getState().taskId).toBe(chosen.id)
    expect(view.container.querySelector('[data-testid="task-title"]')?.textContent).toContain(
      'the chosen task',
    )
  })

  it('offers the demo and a task setup when there is no task yet', async () => {
    lists = [[]]
    view = await render(<TasksScreen />)
    await during(() => useTasks.getState().load())
    await settle()
    expect(view.container.textContent).toContain('Run the demo')
    expect(view.container.textContent).toContain('Set up a task')
  })

  it('says why the list is empty when it could not be loaded (a serve page opened without its token)', async () => {
    fake = installFakeApi({
      'tasks.list': () => {
        throw new Error('This page has no access token: open the URL that `skill-ab serve` printed.')
      },
    })
    view = await render(<TasksScreen />)
    await during(() => useTasks.getState().load())
    await settle()
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(
      'could not be loaded: This page has no access token',
    )
  })
})
