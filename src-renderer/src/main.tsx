// The page's entry: small on purpose. It opens the connection first (connect-first.ts), asks for the landing
// task's first screenful, then runs the screens (mount.tsx: React DOM and every screen; the page fetches and
// compiles them meanwhile) while the answer travels, and mounts them with it. Marks `skill-ab:*` time each
// step for the bench (docs/architecture.md, "First render").
import './connect-first'
import type { Patch } from '../../src-shared/ipc-views'
import { apiReady, getApi } from './api/api'
import { notifyOnTaskEnd } from './notify'
import { useRoute } from './stores/route-store'
import { restAfter, useTaskView } from './stores/task-view-store'
import { useTasks } from './stores/tasks-store'
import { applyTheme, useTheme } from './stores/theme-store'
import { wirePatches } from './stores/wire-patches'
import { warmFonts } from './warm-fonts'
import './styles.css'

performance.mark('skill-ab:entry')
applyTheme(useTheme.getState().choice)
// "system" follows the OS as it changes.
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () =>
  useTheme.getState().followSystem(),
)
const api = getApi()
wirePatches(api, notifyOnTaskEnd)
// A page opened on a task shows its runs first; the list (which decides every task) is asked for after.
const landing = useRoute.getState().route.taskId
const opened = landing ? useTaskView.getState().open(landing) : Promise.resolve()

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

// The screens run once that request is out (running them first would hold the page's connection back), or
// after a while without a connection (they say what is wrong); the fonts of their first frame are looked up
// then, while the page waits (warm-fonts.ts). They mount once the first screenful is here
// (one render with the runs costs less than an empty one and then that), or after a while without it.
const after = (ms: number) => new Promise((r) => setTimeout(r, ms))
void apiReady().then(() => performance.mark('skill-ab:connected'))
const requestSent = Promise.race([apiReady(), after(500)])
const firstScreenful = Promise.race([opened, after(300)])
const root = document.getElementById('root')
const shown = requestSent
  .then(() => (warmFonts(document), import('./mount')))
  .then(async (m) => {
    performance.mark('skill-ab:screens-loaded')
    await firstScreenful
    if (root) m.mount(root)
    performance.mark('skill-ab:mounted')
  })
  .catch((err: unknown) => {
    if (root) root.textContent = `The app's screens could not be loaded (${String(err)}): reload the page.`
  })
restAfter(shown)
void Promise.all([opened, shown]).then(() => useTasks.getState().load())
