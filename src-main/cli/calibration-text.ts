// What `run --calibrate` prints (README "A/A calibration").
import type { TaskKind } from '../db'
import type { AppContext } from '../services/app-context'
import { calibrationFloor } from '../services/calibration'
import type { RunTaskResult } from '../services/run-task'
import { floorText } from '../../src-shared/noise-floor'
import { EXIT, type Io } from './command'

/** `2 sides`, or the one side a task of this kind runs. */
export function sidesText(kind: TaskKind): string {
  if (kind === 'case') return '1 side (b, the skill)'
  if (kind === 'calibration') return '1 side (a, the baseline, against itself)'
  return '2 sides'
}

/** The calibration's floor on stderr, one JSON line on stdout; exit 5 (a calibration never passes). */
export function reportCalibration(ctx: AppContext, io: Io, result: RunTaskResult): number {
  const floor = calibrationFloor(ctx.store, result.task)
  io.err(`calibration "${result.task.taskName}": ${floorText(floor)}\n`)
  io.out(
    `${JSON.stringify({ taskId: result.task.id, status: result.task.status, runs: result.counts, verdict: 'calibration', floor })}\n`,
  )
  return EXIT.calibration
}
