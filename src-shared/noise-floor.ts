// The noise floor of an A/A calibration (README "A/A calibration", docs/decision.md "A/A calibration"):
// what the same policy measures and calls when both arms are the baseline.
import type { Verdict } from './decision'
import { plural } from './plural'

export interface NoiseFloor {
  /** Cases with a difference in the fixed split (rounds 1..R against R+1..2R). */
  cases: number
  /** R: rounds per arm. */
  rounds: number
  /** sd of the per-case A/A differences d_i, points (null below 2 cases): the floor. */
  sd: number | null
  /** Their mean and its t-interval at 1 − α (null below 2 cases). */
  mean: number | null
  ciLow: number | null
  ciHigh: number | null
  /** Random splits of each case's 2R rounds into two arms of R, seeded from the runs. */
  splits: number
  /** How often decide() (the task's policy) gave each verdict over those splits. */
  calls: Record<Verdict, number>
  /** calls.pass / splits: how often this policy would have passed a skill that changes nothing. */
  falsePassRate: number
  alpha: number
}

/** A floor found for a task: the calibration it comes from. */
export interface TaskNoiseFloor {
  calibrationTaskId: string
  calibrationName: string
  finished: boolean
  floor: NoiseFloor
}

const num = (x: number): string => x.toFixed(1)
const signed = (x: number): string => (x >= 0 ? '+' : '') + num(x)
const pct = (x: number): string => `${Math.round(x * 100)}%`

/** `noise floor ±4.1 (sd of A/A differences, 12 cases × 2 rounds per arm); false passes 3% of 200 splits (α 5%)` */
export function floorText(floor: NoiseFloor): string {
  const sd = floor.sd === null ? 'unknown (fewer than 2 cases)' : `±${num(floor.sd)}`
  return (
    `noise floor ${sd} (sd of A/A differences, ${plural(floor.cases, 'case')} × ${plural(floor.rounds, 'round')} per arm); ` +
    `false passes ${pct(floor.falsePassRate)} of ${floor.splits} splits (α ${pct(floor.alpha)})`
  )
}

/** `lift +12.0 vs noise floor ±4.1 (sd of A/A differences)`; null without a lift or a floor. */
export function liftVsFloorText(lift: number | null, floor: NoiseFloor): string | null {
  if (lift === null || floor.sd === null) return null
  return `lift ${signed(lift)} vs noise floor ±${num(floor.sd)} (sd of A/A differences)`
}

/**
 * The lift beside the floor and where it comes from, or how to measure one: what the CLI summary and the
 * markdown say (`floor` null: none measured).
 */
export function noiseFloorText(floor: TaskNoiseFloor | null, lift: number | null): string {
  if (!floor) return 'noise floor: not measured (`skill-ab run <config.json> --calibrate` measures it)'
  const vs = liftVsFloorText(lift, floor.floor) ?? floorText(floor.floor)
  return `${vs}; from calibration "${floor.calibrationName}"${floor.finished ? '' : ', not finished'}`
}
