import { createRoot } from 'react-dom/client'
import type { Patch } from '../../src-shared/ipc-views'
import { getApi } from './api/api'
import { App } from './App'
import { notifyOnTaskEnd } from './notify'
import { useRoute } from './stores/route-store'
import { useTaskView } from './stores/task-view-store'
import { useTasks } from './stores/tasks-store'
import { applyTheme, useTheme } from './stores/theme-store'
import { wirePatches } from './stores/wire-patches'
import './styles.css'

applyTheme(useTheme.getState().choice)
// "system" follows the OS as it changes.
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () =>
  applyTheme(useTheme.getState().choice),
)
const api = getApi()
wirePatches(api, notifyOnTaskEnd)
// A page opened on a task shows its runs first; the list (which decides every task) is asked for after.
const landing = useRoute.getState().route.taskId
void (landing ? useTaskView.getState().open(landing) : Promise.resolve()).then(() =>
  useTasks.getState().load(),
)

// Read-only hooks for end-to-end tests and the bench: what the stores hold, as a user's screen would.
Object.assign(window, {
  skillAbDebug: {
    history: (runId: string) => [...(useTaskView.getState().history.get(runId) ?? [])],
    runs: () => [...useTaskView.getState().runs.values()],
    patchedRuns: () => useTaskView.getState().patchedRuns,
    /** The bench feeds synthetic patches through the same path as live ones. */
    applyPatch: (patch: Patch) => useTaskView.getState().applyPatch(patch),
  },
})

const root = document.getElementById('root')
if (root) createRoot(root).render(<App />)
