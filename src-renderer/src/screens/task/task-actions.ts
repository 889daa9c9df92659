// The task screen's actions, each reported to the user on failure; the patches show their effect.
import type { ExportDocument } from '../../../../src-shared/export'
import type { TaskNoiseFloor } from '../../../../src-shared/noise-floor'
import { getApi } from '../../api/api'
import { useDecision } from '../../stores/decision-store'
import { attempt, useNotices } from '../../stores/notices-store'
import { useRoute } from '../../stores/route-store'

const api = () => getApi()

export async function startTask(taskId: string): Promise<void> {
  await attempt('Start', () => api()['tasks.start']({ taskId }))
}

/** Starts the A/A calibration of the task's baseline; the floor shows in its decision panel once measured. */
export async function calibrateTask(taskId: string): Promise<void> {
  const started = await attempt('Calibrate', () => api()['tasks.calibrate']({ taskId }))
  if (started) useDecision.getState().watchCalibration(started.taskId)
  if (started)
    useNotices
      .getState()
      .push(
        'info',
        'A/A calibration started: the baseline runs against itself (runs earlier tasks executed are reused); the noise floor shows here as its runs are judged.',
      )
}

/** Deletes the A/A calibration whose floor the open task shows; runs other tasks reuse are kept. */
export async function deleteCalibration(floor: TaskNoiseFloor): Promise<void> {
  const question = `Delete the calibration "${floor.calibrationName}" and its runs? Runs an A/B task shares with it are kept.`
  if (!confirm(question)) return
  const ok = await attempt('Delete', () => api()['tasks.delete']({ taskId: floor.calibrationTaskId }))
  if (ok) await useDecision.getState().reloadFloor()
}

export const cancelTask = (taskId: string) => attempt('Cancel', () => api()['tasks.cancel']({ taskId }))

export async function rerunRuns(taskId: string, runIds: string[]): Promise<void> {
  if (!runIds.length) return
  await attempt('Re-run', () => api()['runs.rerun']({ taskId, runIds }))
}

export async function reevaluateRuns(taskId: string, runIds: string[] | 'failed'): Promise<void> {
  const request = runIds === 'failed' ? { taskId, failedOnly: true } : { taskId, runIds }
  if (Array.isArray(runIds) && !runIds.length) return
  const ok = await attempt('Re-evaluate', () => api()['runs.reevaluate'](request))
  if (ok) useNotices.getState().push('info', 'Re-evaluation started: scores update as the judge answers.')
}

/** Judges 20 scored runs 3 times more (nothing executed): the decision then shows the judge's own noise. */
export async function measureJudgeNoise(taskId: string): Promise<void> {
  const ok = await attempt('Measure judge noise', () =>
    api()['runs.measureJudgeNoise']({ taskId, repeat: 3 }),
  )
  if (ok)
    useNotices
      .getState()
      .push('info', 'Judge noise: 20 scored runs are judged 3 times more; the figure shows here when done.')
}

export async function deleteTask(taskId: string, name: string): Promise<void> {
  if (!confirm(`Delete task "${name}" with all its runs, trajectories and results?`)) return
  const ok = await attempt('Delete', () => api()['tasks.delete']({ taskId }))
  if (ok) useRoute.getState().navigate({ screen: 'tasks' })
}

/** Saves the export document as a JSON file (a download: the browser or Electron asks where). */
export function saveJson(doc: ExportDocument): void {
  const blob = new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  // A full export (outputs and diffs) is named apart: it may hold what a scores-only share must not.
  a.download = `${doc.task.name.replace(/[^\w.-]+/g, '_')}${doc.full ? '.full' : ''}.skill-ab.json`
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** `full`: with each run's output, trajectory summary and diff (README "Reviewable shares"). */
export async function exportTask(taskId: string, full = false): Promise<void> {
  const doc = await attempt('Export', () => api()['tasks.export']({ taskId, full }))
  if (doc) saveJson(doc)
}
