// One side of the compare screen: an export file or a local task, read as its per-case means, Δ and case hashes.
import { FileButton } from '../../components/FileButton'
import { useEffect } from 'react'
import { call, errorText } from '../../api/api'
import { useTasks } from '../../stores/tasks-store'
import { openExportFile } from '../export/open-export'
import { experimentCases, type CaseDelta } from './compare-cases'

export interface Experiment {
  name: string
  /** Where it came from: an export file's name, or "local task". */
  source: string
  cases: CaseDelta[]
}

/** A local task read as its export would be: the same means, and its cases' content hashes. */
async function localExperiment(taskId: string): Promise<Experiment> {
  const doc = await call('tasks.export', { taskId })
  return { name: doc.task.name, source: 'local task', cases: experimentCases(doc) }
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
      props.onChange({ name: doc.task.name, source: file.name, cases: experimentCases(doc) })
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
        <FileButton inputLabel={`${props.label}: export file`} onFile={(file) => void fromFile(file)}>
          Choose an export…
        </FileButton>
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
