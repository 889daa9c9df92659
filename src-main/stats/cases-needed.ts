// Cases needed (docs/decision.md): the smallest design that would pass capability with 80% probability.
import type { CapabilityDecision, CasesNeeded } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import { num, plain, signed } from './format'
import { normalCdf, tQuantile } from './summary'
import { plural } from '../../src-shared/plural'

export const TARGET_POWER = 0.8
/** The task config's highest repeatRounds. */
export const MAX_ROUNDS = 20
const MAX_CASES = 1_000_000

/**
 * Normal approximation of P(capability passes) with n cases when the true lift is `lift` and the per-case
 * difference has sd `sd` (treated as known): D̄ ~ N(lift, sd²/n) passes when D̄ ≥ minLift and
 * D̄ > t(1 − α/2, n − 1)·sd/√n, so P = 1 − Φ((max(minLift, t*·sd/√n) − lift) / (sd/√n)).
 */
export function passProbability(n: number, lift: number, sd: number, policy: Policy): number {
  if (n < 2) return 0
  if (sd === 0) return lift > 0 && lift >= policy.minLift ? 1 : 0
  const se = sd / Math.sqrt(n)
  const bar = Math.max(policy.minLift, tQuantile(1 - policy.alpha / 2, n - 1) * se)
  return 1 - normalCdf((bar - lift) / se)
}

/** Smallest n ≥ from with passProbability ≥ 80% (it rises with n when lift > minLift); null past 10⁶. */
export function smallestCases(lift: number, sd: number, policy: Policy, from = 2): number | null {
  const ok = (n: number) => passProbability(n, lift, sd, policy) >= TARGET_POWER
  let lo = Math.max(2, from)
  if (ok(lo)) return lo
  let hi = lo * 2
  while (!ok(hi)) {
    if (hi > MAX_CASES) return null
    lo = hi
    hi *= 2
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (ok(mid)) hi = mid
    else lo = mid
  }
  return hi
}

interface Plan {
  cases: number
  rounds: number
  needed: number | null
  extraRuns: number
}

export interface CasesNeededResult {
  value: CasesNeeded | null
  reasons: string[]
}

/**
 * Var(d) at r rounds = Var(d)·((1 − f) + f·R/r), f = the within-case share at R rounds (rounds only shrink
 * the within part). Plans keep the current cases and rounds as a floor; the recommended pair needs the
 * fewest extra runs per side (ties: fewer rounds). Round counts are tried only when f is known.
 */
export function casesNeeded(cap: CapabilityDecision, rounds: number, policy: Policy): CasesNeededResult {
  const D = cap.estimate
  const total = cap.sd === null ? null : cap.sd ** 2
  const nNow = cap.n
  if (cap.verdict === 'pass') return { value: null, reasons: [] }
  if (D === null || total === null)
    return { value: null, reasons: ['cases needed: not computable with fewer than 2 counting cases'] }
  if (D <= policy.minLift)
    return {
      value: null,
      reasons: [
        `cases needed: none — the observed lift ${signed(D)} is not above minLift ${plain(policy.minLift)}: ` +
          'more cases are not expected to pass (they narrow the interval around a lift below the bar)',
      ],
    }
  const f =
    cap.varianceBetween !== null && cap.varianceWithin !== null && total > 0
      ? cap.varianceWithin / total
      : null
  const sdAt = (r: number) => Math.sqrt(total * (f === null ? 1 : 1 - f + (f * rounds) / r))
  const plan = (r: number): Plan => {
    const needed = smallestCases(D, sdAt(r), policy, r === rounds ? nNow + 1 : 2)
    const cases = needed === null ? 0 : Math.max(nNow, needed)
    return { cases, rounds: r, needed, extraRuns: needed === null ? Infinity : cases * r - nNow * rounds }
  }
  const plans: Plan[] = []
  const top = f === null || f === 0 ? rounds : Math.max(rounds, MAX_ROUNDS)
  for (let r = rounds; r <= top; r++) plans.push(plan(r))
  const best = plans.reduce((x, y) => (y.extraRuns < x.extraRuns ? y : x))
  if (best.needed === null)
    return {
      value: null,
      reasons: [`cases needed: not computable — more than ${MAX_CASES} cases would be needed`],
    }
  const reasons = [
    `cases needed: ${plural(best.cases, 'case')} × ${plural(best.rounds, 'round')} (now ${nNow} × ${rounds}) for an ${plain(TARGET_POWER * 100)}% ` +
      `chance to pass at the observed lift ${signed(D)} and per-case sd ${num(sdAt(rounds))} ` +
      '(normal approximation: P = 1 − Φ((max(minLift, t*·σ/√n) − D)/(σ/√n)), σ treated as known)',
    roundsVersusCases(plans, f, total, nNow, rounds),
  ]
  return { value: { cases: best.cases, rounds: best.rounds }, reasons }
}

function roundsVersusCases(
  plans: Plan[],
  f: number | null,
  total: number,
  nNow: number,
  rounds: number,
): string {
  if (f === null)
    return 'cases vs rounds: round noise cannot be estimated (no case has 2 scored rounds on a side), so add cases'
  const split =
    `round noise is ${num(f * total)} of the per-case variance ${num(total)} at ${plural(rounds, 'round')} ` +
    `(between-case ${num((1 - f) * total)}, which rounds cannot shrink)`
  const casesOnly = plans[0] as Plan
  const roundsOnly = plans.find((p) => p.rounds > rounds && p.needed !== null && p.needed <= nNow)
  const viaCases =
    casesOnly.needed === null
      ? `over ${MAX_CASES} cases at ${rounds} rounds`
      : `${plural(casesOnly.cases - nNow, 'more case', 'more cases')} × ${plural(rounds, 'round')} = ${plural(casesOnly.extraRuns, 'more run')} per side`
  if (!roundsOnly) {
    const last = plans[plans.length - 1] as Plan
    const floor =
      last.rounds > rounds
        ? `even at ${last.rounds} rounds ${last.needed ?? 'over a million'} cases are needed`
        : 'only cases help'
    return `cases vs rounds: ${split}; more rounds alone cannot reach it (${floor}): adding cases beats adding rounds (${viaCases})`
  }
  const viaRounds = `${roundsOnly.rounds} rounds on the ${plural(nNow, 'case')} = ${plural(roundsOnly.extraRuns, 'more run')} per side`
  if (roundsOnly.extraRuns < casesOnly.extraRuns)
    return `cases vs rounds: ${split}; adding rounds beats adding cases (${viaRounds}, vs ${viaCases})`
  if (roundsOnly.extraRuns === casesOnly.extraRuns)
    return `cases vs rounds: ${split}; adding rounds costs as many runs as adding cases (${viaRounds}, or ${viaCases})`
  return `cases vs rounds: ${split}; adding cases beats adding rounds (${viaCases}, vs ${viaRounds})`
}
