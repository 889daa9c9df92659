// Tasks: the list beside the chosen task. The chosen task is the route's (the user's intent) whenever the
// list holds it, on every reload (invariant 11); with none chosen, the newest.
import { useEffect, useState } from 'react'
import type { AppInfo } from '../../../src-shared/ipc-views'
import { call } from '../api/api'
import { attempt } from '../stores/notices-store'
import { chooseTask, useRoute } from '../stores/route-store'
import { useTaskView } from '../stores/task-view-store'
import { useTasks } from '../stores/tasks-store'
import { TaskScreen } from './task/TaskScreen'
import { TasksSidebar } from './TasksSidebar'

export async function runDemo(): Promise<void> {
  const navigate = useRoute.getState().navigate
  const res = await attempt('Run the demo', () => call('examples.create', { demo: true }))
  if (res?.taskId) navigate({ taskId: res.taskId })
}

function Welcome() {
  const navigate = useRoute((s) => s.navigate)
  const [info, setInfo] = useState<AppInfo | null>(null)
  const loadError = useTasks((s) => s.error)
  useEffect(() => void call('app.info', {}).then(setInfo, () => {}), [])
  return (
    <div className="empty stack">
      {loadError && (
        <div className="banner warn small" role="alert" style={{ textAlign: 'left' }}>
          The task list could not be loaded: {loadError}
        </div>
      )}
      <h2>Does your skill make the agent better?</h2>
      <p>
        Skill A/B runs the opencode agent on your cases without the skill (side a) and with it (side b),
        judges every run, and decides pass or reject on capability, cost and stability.
      </p>
      <div className="row" style={{ justifyContent: 'center' }}>
        <button className="primary" onClick={() => void runDemo()}>
          Run the demo
        </button>
        <button onClick={() => navigate({ screen: 'setup' })}>Set up a task</button>
      </div>
      <p className="small">
        The demo runs a bundled example (a pirate-speak skill, five cases) against a bundled scripted model:
        no key needed, under half a minute. For a real measurement, set up a task with your model provider.
      </p>
      {info && !info.providerConfig && (
        <div className="banner warn small" style={{ textAlign: 'left' }}>
          No model provider is configured yet. To run your own tasks, write an opencode config with your
          provider (an <code>opencode.json</code> with a <code>provider</code> entry; its API key in your
          environment) and choose it in <a href="#/settings">Settings</a> or in the task setup, or start the
          app with <code>OPENCODE_CONFIG</code> set.
        </div>
      )}
    </div>
  )
}

export function TasksScreen() {
  const tasks = useTasks((s) => s.tasks)
  const loaded = useTasks((s) => s.loaded)
  const intended = useRoute((s) => s.route.taskId)
  // Before the list arrives, the intended task opens at once (no waiting for the list to load first).
  const selected = loaded ? chooseTask(tasks, intended) : intended
  useEffect(() => {
    if (selected) void useTaskView.getState().open(selected)
  }, [selected])
  if (loaded && tasks.length === 0) return <Welcome />
  return (
    <div className="split">
      <TasksSidebar tasks={tasks} selectedId={selected} />
      <div className="main">
        {selected ? <TaskScreen taskId={selected} /> : <div className="muted">Loading…</div>}
      </div>
    </div>
  )
}
