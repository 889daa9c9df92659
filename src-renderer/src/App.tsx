// The app frame: top bar (navigation, demo marker, theme), the screen of the route, notices.
import { lazy, Suspense, useEffect } from 'react'
import { Notices } from './components/Notices'
import { TasksScreen } from './screens/TasksScreen'
import { useRoute, type Screen } from './stores/route-store'
import { effectiveTheme, useTheme } from './stores/theme-store'

// The screens a page does not open on load in their own chunks: the tasks screen (where the app opens) is
// parsed and shown sooner without them (docs/architecture.md, "First render").
const TaskSetupScreen = lazy(() =>
  import('./screens/setup/TaskSetupScreen').then((m) => ({ default: m.TaskSetupScreen })),
)
const TriggersScreen = lazy(() =>
  import('./screens/triggers/TriggersScreen').then((m) => ({ default: m.TriggersScreen })),
)
const EvaluationCenter = lazy(() =>
  import('./screens/EvaluationCenter').then((m) => ({ default: m.EvaluationCenter })),
)
const SettingsScreen = lazy(() =>
  import('./screens/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
)
const ExportViewer = lazy(() => import('./screens/ExportViewer').then((m) => ({ default: m.ExportViewer })))
const CompareScreen = lazy(() =>
  import('./screens/compare/CompareScreen').then((m) => ({ default: m.CompareScreen })),
)

const NAV: { screen: Screen; label: string }[] = [
  { screen: 'tasks', label: 'Tasks' },
  { screen: 'setup', label: 'New task' },
  { screen: 'triggers', label: 'Triggers' },
  { screen: 'evaluations', label: 'Evaluations' },
  { screen: 'export', label: 'Open export' },
  { screen: 'compare', label: 'Compare' },
  { screen: 'settings', label: 'Settings' },
]

export function App() {
  const { route, navigate, sync } = useRoute()
  const theme = useTheme()
  useEffect(() => {
    window.addEventListener('hashchange', sync)
    return () => window.removeEventListener('hashchange', sync)
  }, [sync])
  const dark = effectiveTheme(theme.choice) === 'dark'
  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          Skill <span>A/B</span>
        </div>
        <nav className="nav" aria-label="Main">
          {NAV.map((n) => (
            <a
              key={n.screen}
              href={n.screen === 'tasks' ? '#/tasks' : `#/${n.screen}`}
              aria-current={route.screen === n.screen ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault()
                navigate({ screen: n.screen })
              }}
            >
              {n.label}
            </a>
          ))}
        </nav>
        <span className="grow" />
        <button
          className="small"
          onClick={() => theme.set(dark ? 'light' : 'dark')}
          aria-label={`Switch to ${dark ? 'light' : 'dark'} theme`}
          title={`Switch to ${dark ? 'light' : 'dark'} theme`}
        >
          {dark ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      <div className="content">
        <Suspense fallback={<p className="muted">Loading…</p>}>
          {route.screen === 'tasks' && <TasksScreen />}
          {route.screen === 'setup' && <TaskSetupScreen />}
          {route.screen === 'triggers' && <TriggersScreen />}
          {route.screen === 'evaluations' && <EvaluationCenter />}
          {route.screen === 'settings' && <SettingsScreen />}
          {route.screen === 'export' && <ExportViewer />}
          {route.screen === 'compare' && <CompareScreen />}
        </Suspense>
      </div>
      <Notices />
    </div>
  )
}
