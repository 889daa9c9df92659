// Stability (docs/decision.md): change in round-to-round sd per case, plus pass^k, pass@k and flip rate per side.
import type { CaseRate, SideReliability, StabilityDecision, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import type { DimensionResult } from './capability'
import type { CaseRuns } from './cases'
import { interval, level, num, plain, share, signed } from './format'
import { sampleSd, tInterval } from './summary'
import { mean } from '../../src-shared/run-rules'
import { plural } from '../../src-shared/plural'

export const STABILITY_FORMULA =
  'v_i^S = sample sd of side S’s round scores (cases with ≥ 2 scored rounds on both sides); Δ = mean_i (v_i^B − v_i^A); ' +
  'CI = Δ ± t(1 − α/2, n − 1)·sd/√n; pass if CI_high ≤ stabilityTolerance; reject if CI_low > stabilityTolerance'

const rate = (cases: number, n: number): CaseRate => ({ cases, n, rate: n > 0 ? cases / n : null })

/** pass^k, pass@k over cases with all k = R rounds scored; flip rate over cases with ≥ 2 scored rounds. */
export function reliability(sides: readonly number[][], rounds: number, threshold: number): SideReliability {
  const full = sides.filter((s) => s.length === rounds && rounds > 0)
  const passes = (s: number[]) => s.map((x) => x >= threshold)
  const all = full.filter((s) => passes(s).every(Boolean)).length
  const any = full.filter((s) => passes(s).some(Boolean)).length
  const multi = sides.filter((s) => s.length >= 2)
  const flips = multi.filter((s) => new Set(passes(s)).size > 1).length
  return {
    k: rounds,
    passHatK: rate(all, full.length),
    passAtK: rate(any, full.length),
    flip: rate(flips, multi.length),
  }
}

export function stability(
  cases: readonly CaseRuns[],
  rounds: number,
  policy: Policy,
): DimensionResult<StabilityDecision> {
  const { stabilityTolerance: tol, passThreshold, alpha } = policy
  const used = cases.filter((c) => c.a.scores.length >= 2 && c.b.scores.length >= 2)
  const sdA = used.map((c) => sampleSd(c.a.scores) as number)
  const sdB = used.map((c) => sampleSd(c.b.scores) as number)
  const t = tInterval(
    used.map((_, i) => (sdB[i] as number) - (sdA[i] as number)),
    alpha,
  )
  let verdict: Verdict = 'inconclusive'
  let why: string
  if (t.mean === null || t.low === null || t.high === null)
    why = `${plural(t.n, 'case')} with ≥ 2 scored rounds on both sides; at least 2 are needed`
  else {
    const figures = `Δ sd ${signed(t.mean)} points (b − a), ${level(alpha)} CI ${interval(t.low, t.high)} (n = ${t.n})`
    if (t.high <= tol) {
      verdict = 'pass'
      why = `${figures}: CI high ${num(t.high)} ≤ stabilityTolerance ${plain(tol)}`
    } else if (t.low > tol) {
      verdict = 'reject'
      why = `${figures}: CI low ${num(t.low)} > stabilityTolerance ${plain(tol)}`
    } else
      why = `${figures}: CI high ${num(t.high)} > stabilityTolerance ${plain(tol)} but CI low ${num(t.low)} ≤ it`
  }
  const sides = {
    a: reliability(
      cases.map((c) => c.a.scores),
      rounds,
      passThreshold,
    ),
    b: reliability(
      cases.map((c) => c.b.scores),
      rounds,
      passThreshold,
    ),
  }
  const decision: StabilityDecision = {
    verdict,
    estimate: t.mean,
    ciLow: t.low,
    ciHigh: t.high,
    n: t.n,
    sd: t.sd,
    tStar: t.tStar,
    meanSdA: mean(sdA),
    meanSdB: mean(sdB),
    tolerance: tol,
    passThreshold,
    formula: STABILITY_FORMULA,
    sides,
  }
  const k = rounds
  const side = (s: SideReliability) =>
    `pass^${k} ${share(s.passHatK.cases, s.passHatK.n)}, pass@${k} ${share(s.passAtK.cases, s.passAtK.n)}, ` +
    `flips ${share(s.flip.cases, s.flip.n)}`
  const reasons = [
    `stability: ${verdict} — ${why}`,
    `reliability (a round passes at score ≥ ${plain(passThreshold)}): a ${side(sides.a)}; b ${side(sides.b)}`,
  ]
  return { decision, reasons }
}
