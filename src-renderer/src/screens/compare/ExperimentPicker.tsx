// One side of the compare screen: an export file or a local task, read as its per-case means and Δ.
import { useEffect } from 'react'
import { call, errorText } from '../../api/api'
import { useTasks } from '../../stores/tasks-store'
import { exportRows } from '../export/export-runs'
import { openExportFile } from '../export/open-export'
import { buildRows } from '../task/run-rows'
import type { CaseDelta } from './compare-cases'

export interface Experiment {
  name: string
  /** Where it came from: an export file's name, or "local task". */
  source: string
  cases: CaseDelta[]
}

async function localExperiment(taskId: string): Promise<Experiment> {
  const { task, runs } = await call('tasks.get', { taskId })
  const { rows } = buildRows(runs, task.caseOrder, task.config.policy.failedRunScore)
  return { name: task.summary.name, source: 'local task', cases: rows }
}

export function ExperimentPicker(props: {
  label: string
  value: Experiment | null
  onChange(e: Experiment): void
  onError(message: string): void
}) {
  const tasks = useTasks()
  useEffect(() => {
    if (!tasks.loaded) void tasks.load()
  }, [tasks])
  const fromFile = async (file: File) => {
    try {
      const doc = await openExportFile(file)
      props.onChange({ name: doc.task.name, source: file.name, cases: exportRows(doc).rows })
    } catch (err) {
      props.onError((err as Error).message)
    }
  }
  const fromTask = (taskId: string) =>
    localExperiment(taskId).then(props.onChange, (err: unknown) => props.onError(errorText(err)))
  return (
    <div className="card stack" data-experiment={props.label}>
      <h2>{props.label}</h2>
      <div className="row wrap">
        <label className="button">
          Choose an export…
          <input
            type="file"
            accept=".json,application/json"
            hidden
            aria-label={`${props.label}: export file`}
            onChange={(e) => e.target.files?.[0] && void fromFile(e.target.files[0])}
          />
        </label>
        <span className="muted">or</span>
        <select
          aria-label={`${props.label}: local task`}
          value=""
          onChange={(e) => e.target.value && void fromTask(e.target.value)}
        >
          <option value="">a local task…</option>
          {tasks.tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div className={props.value ? '' : 'muted'} data-testid="experiment-name">
        {props.value
          ? `${props.value.name} (${props.value.source}, ${props.value.cases.length} cases)`
          : 'Nothing chosen yet.'}
      </div>
    </div>
  )
}
