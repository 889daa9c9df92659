// How the judge's measured noise is said (CLI, markdown, panel): one home for the wording.
import type { JudgeNoise } from './decision'

/** `judge noise ±8.2 (test–retest sd, 20 runs judged 3 times)`. */
export function judgeNoiseText(noise: JudgeNoise): string {
  return `judge noise ±${noise.sd.toFixed(1)} (test–retest sd, ${noise.runs} runs judged ${noise.repeats} times)`
}
