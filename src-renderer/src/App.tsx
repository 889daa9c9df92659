// The app frame: top bar (navigation, demo marker, theme), the screen of the route, notices.
import { useEffect } from 'react'
import { Notices } from './components/Notices'
import { CompareScreen } from './screens/compare/CompareScreen'
import { EvaluationCenter } from './screens/EvaluationCenter'
import { ExportViewer } from './screens/ExportViewer'
import { SettingsScreen } from './screens/SettingsScreen'
import { TaskSetupScreen } from './screens/setup/TaskSetupScreen'
import { TasksScreen } from './screens/TasksScreen'
import { TriggersScreen } from './screens/triggers/TriggersScreen'
import { useRoute, type Screen } from './stores/route-store'
import { useTheme } from './stores/theme-store'

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
  // "system": the system's theme as last seen, so the toggle's label follows it as it changes.
  const dark = (theme.choice === 'system' ? theme.system : theme.choice) === 'dark'
  return (
    <div className="app">
      <a
        className="skip-link"
        href="#content"
        onClick={(e) => {
          e.preventDefault() // the hash is the route: focus the content instead of following the link
          document.getElementById('content')?.focus()
        }}
      >
        Skip to content
      </a>
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
      <main className="content" id="content" tabIndex={-1}>
        {route.screen === 'tasks' && <TasksScreen />}
        {route.screen === 'setup' && <TaskSetupScreen />}
        {route.screen === 'triggers' && <TriggersScreen />}
        {route.screen === 'evaluations' && <EvaluationCenter />}
        {route.screen === 'settings' && <SettingsScreen />}
        {route.screen === 'export' && <ExportViewer />}
        {route.screen === 'compare' && <CompareScreen />}
      </main>
      <Notices />
    </div>
  )
}
