// The task's lift beside the noise floor of its latest A/A calibration (README "A/A calibration"), or a
// button that measures one (or continues an unfinished one), and one that deletes it.
import { floorText, liftVsFloorText, type TaskNoiseFloor } from '../../../../src-shared/noise-floor'

export function NoiseFloorLine({
  lift,
  floor,
  onCalibrate,
  onDelete,
}: {
  lift: number | null
  floor: TaskNoiseFloor | null
  onCalibrate?: () => void
  /** Deletes the calibration the floor comes from. */
  onDelete?: () => void
}) {
  // A finished calibration has nothing left to run: its floor changes only with a new baseline, model or dataset.
  const label = !floor ? 'Measure noise floor (A/A)' : floor.finished ? null : 'Continue the calibration'
  const button = onCalibrate && label && (
    <button type="button" className="small" onClick={onCalibrate}>
      {label}
    </button>
  )
  if (!floor)
    return (
      <div className="muted small" data-noise-floor="none">
        Noise floor not measured: an A/A calibration runs the baseline against itself. {button}
      </div>
    )
  const vs = liftVsFloorText(lift, floor.floor)
  return (
    <div className="small" data-noise-floor={floor.calibrationTaskId}>
      {vs && <strong>{vs}</strong>}
      <div className="muted">
        {floorText(floor.floor)}; from “{floor.calibrationName}”{floor.finished ? '' : ' (not finished)'}{' '}
        {button}{' '}
        {onDelete && (
          <button type="button" className="small" onClick={onDelete}>
            Delete the calibration
          </button>
        )}
      </div>
    </div>
  )
}
