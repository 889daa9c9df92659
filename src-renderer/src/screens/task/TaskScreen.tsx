// One task: header with its actions, then tabs — runs (live table), decision, config.
import { useEffect, useMemo, useState } from 'react'
import type { TaskDetail } from '../../../../src-shared/ipc-views'
import type { GitRef } from '../../../../src-shared/task-config'
import { awaitsWork } from '../../../../src-shared/run-rules'
import { DemoBadge, TaskVerdictBadge } from '../../components/badges'
import { decisionBasis, useDecision } from '../../stores/decision-store'
import { useRoute, type TaskTab } from '../../stores/route-store'
import { useSetupDraft } from '../../stores/setup-draft-store'
import { useTaskView } from '../../stores/task-view-store'
import { DecisionPanel } from './DecisionPanel'
import { TaskCaseScreen } from '../case/TaskCaseScreen'
import { RunDetailScreen } from './RunDetailScreen'
import { RunsTab } from './RunsTab'
import { SourceChanged } from './SourceChanged'
import {
  calibrateTask,
  cancelTask,
  deleteCalibration,
  measureJudgeNoise,
  deleteTask,
  exportTask,
  startTask,
} from './task-actions'

const TABS: { id: TaskTab; label: string }[] = [
  { id: 'runs', label: 'Runs' },
  { id: 'decision', label: 'Decision' },
  { id: 'config', label: 'Config' },
]

function Header({ detail }: { detail: TaskDetail }) {
  const { summary, config } = detail
  const running = detail.busy || summary.status === 'running'
  const runs = useTaskView((s) => s.runs)
  const version = useTaskView((s) => s.version)
  const [withOutputs, setWithOutputs] = useState(false)
  // What Continue would do something about (a plain resume): runs still to execute or to judge. Failures
  // the agent caused have their own buttons.
  const unfinished = useMemo(() => {
    void version
    return [...runs.values()].filter(awaitsWork).length
  }, [runs, version])
  const total = Object.values(summary.runs).reduce((s, n) => s + n, 0)
  return (
    <div className="stack">
      <div className="row wrap">
        <h1 className="grow" style={{ margin: 0 }} data-testid="task-title">
          {summary.name} {detail.demo && <DemoBadge />}
        </h1>
        {running ? (
          <button className="danger" onClick={() => void cancelTask(summary.id)}>
            Cancel
          </button>
        ) : unfinished > 0 ? (
          <button className="primary" onClick={() => void startTask(summary.id)}>
            {summary.runs.pending === total ? 'Start' : 'Continue'}
          </button>
        ) : null}
        <label
          className="row small"
          title="A full export: each run's final output, trajectory summary and diff as the judge read them (capped, secrets scrubbed), for a reviewer"
        >
          <input type="checkbox" checked={withOutputs} onChange={(e) => setWithOutputs(e.target.checked)} />
          with outputs
        </label>
        <button onClick={() => void exportTask(summary.id, withOutputs)}>Export JSON</button>
        <button
          title="A new task with this setup (give it another name or label)"
          onClick={() => {
            useSetupDraft.getState().setPrefill({ ...config, name: `${summary.name} (copy)` })
            useRoute.getState().navigate({ screen: 'setup' })
          }}
        >
          Duplicate
        </button>
        <button
          className="danger"
          disabled={running}
          onClick={() => void deleteTask(summary.id, summary.name)}
        >
          Delete
        </button>
      </div>
      <div className="row wrap small muted task-meta">
        <span>
          skill <b>{summary.skillName}</b> {summary.skillVersion}
          {config.skill && commitNote(config.skill)} vs{' '}
          {config.baseline.kind === 'none'
            ? 'no skill'
            : `${config.baseline.label ?? config.baseline.path ?? shortSha(config.baseline.git?.commit?.sha)}`}
          {config.baseline.kind === 'skill' && commitNote(config.baseline)}
        </span>
        <span>·</span>
        <span>
          {detail.caseOrder.length} cases ×{' '}
          {config.adaptiveRounds
            ? `${config.adaptiveRounds.min}–${config.adaptiveRounds.max} rounds (adaptive)`
            : `${config.repeatRounds} rounds`}{' '}
          × 2 sides
        </span>
        <span>·</span>
        <span className="mono">{config.agent?.model}</span>
        <span>·</span>
        <span className={`badge ${summary.status === 'running' ? 'running' : ''}`}>{summary.status}</span>
        {summary.verdict ? (
          <TaskVerdictBadge verdict={summary.verdict} runs={summary.runs} />
        ) : (
          <span className="badge" title="The decision is being computed">
            deciding…
          </span>
        )}
        <SourceChanged detail={detail} />
      </div>
      {detail.demo && (
        <div className="banner warn">
          Demo: the answers come from the bundled scripted model, not a real LLM. The figures show the flow,
          not a measurement.
        </div>
      )}
      {detail.message && <div className="banner error">{detail.message}</div>}
    </div>
  )
}

export function TaskScreen({ taskId }: { taskId: string }) {
  const { route, navigate } = useRoute()
  const detail = useTaskView((s) => s.detail)
  const error = useTaskView((s) => s.error)
  const runs = useTaskView((s) => s.runs)
  const version = useTaskView((s) => s.version)
  const complete = useTaskView((s) => s.complete)
  const decision = useDecision()
  const basis = useMemo(() => {
    void version
    return decisionBasis(runs.values(), detail)
  }, [runs, version, detail])
  useEffect(() => {
    void useTaskView.getState().open(taskId)
  }, [taskId])
  useEffect(() => {
    // Asked once every run is loaded (a first screenful is not what the decision counts).
    if (route.tab === 'decision' && complete) void decision.refresh(taskId, basis)
  }, [route.tab, taskId, basis, decision, complete])

  if (error && !detail) return <div className="banner error">{error}</div>
  if (!detail || detail.summary.id !== taskId) return <div className="muted">Loading the task…</div>
  if (route.runId) return <RunDetailScreen runId={route.runId} detail={detail} />
  if (route.caseId) return <TaskCaseScreen taskId={taskId} caseId={route.caseId} />
  return (
    <div>
      <Header detail={detail} />
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <a
            key={t.id}
            href={`#/task/${encodeURIComponent(taskId)}${t.id === 'runs' ? '' : `/${t.id}`}`}
            role="tab"
            aria-selected={route.tab === t.id}
            onClick={(e) => {
              e.preventDefault()
              navigate({ taskId, tab: t.id })
            }}
          >
            {t.label}
          </a>
        ))}
      </div>
      {route.tab === 'runs' && <RunsTab detail={detail} />}
      {route.tab === 'decision' &&
        (decision.decision && decision.taskId === taskId ? (
          <DecisionPanel
            decision={decision.decision}
            runs={[...runs.values()]}
            spend={decision.spend}
            floor={decision.floor}
            onCalibrate={() => void calibrateTask(taskId)}
            onDeleteCalibration={() => decision.floor && void deleteCalibration(decision.floor)}
            onMeasureJudgeNoise={() => void measureJudgeNoise(taskId)}
            onOpenCase={(caseId) => navigate({ taskId, caseId })}
          />
        ) : (
          <div className="muted">{decision.error ?? 'Computing the decision…'}</div>
        ))}
      {route.tab === 'config' && (
        <div className="card">
          <h2>Config (as stored, defaults filled in)</h2>
          <pre>{JSON.stringify(detail.config, null, 2)}</pre>
        </div>
      )}
    </div>
  )
}

const shortSha = (sha: string | undefined): string => sha?.slice(0, 7) ?? ''

/** A git version's commit subject, shown beside its label (README "Skill versions from git"). */
function commitNote(ref: { git?: GitRef }) {
  const subject = ref.git?.commit?.subject
  return subject ? <span title={ref.git?.commit?.sha}> ({subject})</span> : null
}
