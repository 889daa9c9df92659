// The judge's own noise beside the lift (docs/decision.md "Judge noise"): its test–retest sd once measured, or
// a button that measures it (stored runs judged again; nothing executed).
import type { JudgeNoise } from '../../../../src-shared/decision'
import { judgeNoiseText } from '../../../../src-shared/judge-noise-text'

export function JudgeNoiseLine({ noise, onMeasure }: { noise: JudgeNoise | null; onMeasure?: () => void }) {
  const button = onMeasure && (
    <button type="button" className="small" onClick={onMeasure}>
      {noise ? 'Measure again' : 'Measure judge noise'}
    </button>
  )
  if (!noise)
    return (
      <div className="muted small" data-judge-noise="none">
        Judge noise not measured: judging 20 scored runs 3 times more shows how much the judge alone moves a
        score. {button}
      </div>
    )
  return (
    <div className="small" data-judge-noise={noise.sd.toFixed(1)}>
      {judgeNoiseText(noise)} {button}
    </div>
  )
}
