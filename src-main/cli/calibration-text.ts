// What `run --calibrate` prints (README "A/A calibration"), and the floor line beside an A/B task's lift.
import type { TaskKind, TaskRow } from '../db'
import type { AppContext } from '../services/app-context'
import { calibrationFloor, floorForTask } from '../services/calibration'
import type { RunTaskResult } from '../services/run-task'
import { floorText, liftVsFloorText } from '../../src-shared/noise-floor'
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

/** `lift +12.0 vs noise floor ±4.1 (…), from calibration "x"`, or how to measure one; a line. */
export function floorLine(ctx: AppContext, task: TaskRow, lift: number | null): string {
  const found = floorForTask(ctx.store, task)
  if (!found) return 'noise floor: not measured (`skill-ab run <config.json> --calibrate` measures it)\n'
  const vs = liftVsFloorText(lift, found.floor) ?? floorText(found.floor)
  const partial = found.finished ? '' : ', not finished'
  return `${vs}; from calibration "${found.calibrationName}"${partial}\n`
}
