// The task list beside the open task: ↑/↓ move the selection (and the URL), so the choice survives reloads.
import type { KeyboardEvent } from 'react'
import type { TaskSummary } from '../../../src-shared/task-summary'
import { DemoBadge, TaskVerdictBadge } from '../components/badges'
import { ProgressBar, countsFromStatus } from '../components/ProgressBar'
import { useRoute } from '../stores/route-store'
import { DEMO_TASK_PREFIX } from '../../../src-shared/demo'

function total(t: TaskSummary): number {
  return Object.values(t.runs).reduce((s, n) => s + n, 0)
}

export function TasksSidebar({ tasks, selectedId }: { tasks: TaskSummary[]; selectedId: string | null }) {
  const navigate = useRoute((s) => s.navigate)
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tasks.findIndex((t) => t.id === selectedId)
    const next = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : null
    if (next === null) return
    e.preventDefault()
    const t = tasks[Math.max(0, Math.min(tasks.length - 1, next))]
    if (t) navigate({ taskId: t.id })
  }
  return (
    <nav className="sidebar" aria-label="Tasks">
      <div className="sidebar-head">
        <h2 style={{ margin: 0 }}>Tasks</h2>
        <button className="small primary" onClick={() => navigate({ screen: 'setup' })}>
          + New task
        </button>
      </div>
      <ul className="task-list" role="listbox" aria-label="A/B tasks" tabIndex={0} onKeyDown={onKeyDown}>
        {tasks.map((t) => (
          <li
            key={t.id}
            role="option"
            aria-selected={t.id === selectedId}
            data-task={t.id}
            onClick={() => navigate({ taskId: t.id })}
          >
            {/* The verdict beside the name, the status beside the skill: each line fits, or ends in …. */}
            <div className="row">
              <span className="name grow" title={t.name}>
                {t.name.startsWith(DEMO_TASK_PREFIX) ? t.name.slice(DEMO_TASK_PREFIX.length) : t.name}
              </span>
              {t.name.startsWith(DEMO_TASK_PREFIX) && <DemoBadge />}
              <TaskVerdictBadge verdict={t.verdict} runs={t.runs} />
            </div>
            <div className="row small muted" style={{ margin: '2px 0 6px' }}>
              <span className="grow skill" title={`${t.skillName} ${t.skillVersion}`}>
                {t.skillName} {t.skillVersion}
              </span>
              <span className={`badge ${t.status === 'running' ? 'running' : ''}`}>{t.status}</span>
            </div>
            <ProgressBar counts={countsFromStatus(t)} total={total(t)} compact />
          </li>
        ))}
      </ul>
    </nav>
  )
}
