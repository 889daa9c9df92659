// The noise floor of an A/A calibration (docs/decision.md, "A/A calibration"): each case's 2R baseline rounds
// split into two arms of R, decided by the same policy as an A/B task. The fixed split (rounds 1..R against
// R+1..2R) gives the spread of the per-case differences; random splits give how often the policy calls one.
import type { Policy } from '../../src-shared/task-config'
import type { NoiseFloor } from '../../src-shared/noise-floor'
import type { Verdict } from '../../src-shared/decision'
import { decide } from './decide'
import { mulberry32, seedFrom } from './prng'
import type { ExperimentRun } from './types'

/** Random splits per calibration: enough to tell a false-pass rate of 5% from 10%. */
export const CALIBRATION_SPLITS = 200

/** The runs as an A/B experiment: round k goes to arm `arms[k − 1]` (side and round within it). */
function relabel(
  runs: readonly ExperimentRun[],
  armOf: (caseId: string, round: number) => { side: 'a' | 'b'; round: number } | null,
): ExperimentRun[] {
  return runs.flatMap((r) => {
    const arm = armOf(r.caseId, r.round)
    return arm ? [{ ...r, ...arm }] : []
  })
}

/** Position p (0-based) of 2R: the first R are arm a, the rest arm b, each numbered from round 1. */
const armAt = (p: number, rounds: number) =>
  p < rounds ? { side: 'a' as const, round: p + 1 } : { side: 'b' as const, round: p - rounds + 1 }

/** A seeded random order of 1..n (Fisher–Yates). */
function shuffled(n: number, rng: () => number): number[] {
  const out = Array.from({ length: n }, (_, i) => i + 1)
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[out[i], out[j]] = [out[j] as number, out[i] as number]
  }
  return out
}

/**
 * The floor of side-a runs of rounds 1..2R (`rounds` = R). Runs of other sides or later rounds are ignored;
 * the same runs always give the same floor (the splits are seeded from them).
 */
export function noiseFloor(
  runs: readonly ExperimentRun[],
  rounds: number,
  policy: Policy,
  opts: { splits?: number } = {},
): NoiseFloor {
  const baseline = runs.filter((r) => r.side === 'a' && r.round >= 1 && r.round <= 2 * rounds)
  const fixed = decide(
    relabel(baseline, (_, round) => armAt(round - 1, rounds)),
    policy,
    { rounds },
  ).capability
  const splits = opts.splits ?? CALIBRATION_SPLITS
  const rng = mulberry32(seedFrom(JSON.stringify(baseline.map((r) => [r.caseId, r.round, r.score]))))
  const caseIds = [...new Set(baseline.map((r) => r.caseId))]
  const calls: Record<Verdict, number> = { pass: 0, reject: 0, inconclusive: 0 }
  for (let s = 0; s < splits; s++) {
    // position of each round in this split, per case
    const position = new Map(
      caseIds.map((id) => [id, new Map(shuffled(2 * rounds, rng).map((round, p) => [round, p]))]),
    )
    const split = relabel(baseline, (caseId, round) => {
      const p = position.get(caseId)?.get(round)
      return p === undefined ? null : armAt(p, rounds)
    })
    calls[decide(split, policy, { rounds }).verdict] += 1
  }
  return {
    cases: fixed.n,
    rounds,
    sd: fixed.sd,
    mean: fixed.estimate,
    ciLow: fixed.ciLow,
    ciHigh: fixed.ciHigh,
    splits,
    calls,
    falsePassRate: splits > 0 ? calls.pass / splits : 0,
    alpha: policy.alpha,
  }
}
