// The task's lift beside the noise floor of its latest A/A calibration (README "A/A calibration"), or a
// button that measures one.
import { floorText, liftVsFloorText, type TaskNoiseFloor } from '../../../../src-shared/noise-floor'

export function NoiseFloorLine({
  lift,
  floor,
  onCalibrate,
}: {
  lift: number | null
  floor: TaskNoiseFloor | null
  onCalibrate?: () => void
}) {
  const button = onCalibrate && (
    <button type="button" className="small" onClick={onCalibrate}>
      {floor ? 'Calibrate again' : 'Measure noise floor (A/A)'}
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
        {button}
      </div>
    </div>
  )
}
