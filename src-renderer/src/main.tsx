// The page's entry: small on purpose. It asks for the landing task's first screenful, then loads the screens
// (mount.tsx: React DOM and every screen), so the answer travels while that code is fetched and compiled.
import type { Patch } from '../../src-shared/ipc-views'
import { getApi } from './api/api'
import { notifyOnTaskEnd } from './notify'
import { useRoute } from './stores/route-store'
import { restAfter, useTaskView } from './stores/task-view-store'
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
    /** Every run of the open task is loaded (it opens with a first screenful). */
    complete: () => useTaskView.getState().complete,
    /** The bench feeds synthetic patches through the same path as live ones. */
    applyPatch: (patch: Patch) => useTaskView.getState().applyPatch(patch),
  },
})

const root = document.getElementById('root')
if (root)
  restAfter(
    import('./mount').then(
      (m) => m.mount(root),
      (err: unknown) => {
        root.textContent = `The app's screens could not be loaded (${String(err)}): reload the page.`
      },
    ),
  )
