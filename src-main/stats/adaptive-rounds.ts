// Adaptive rounds (docs/decision.md, "Adaptive rounds"): which cases get another round, and when to stop
// looking. The verdict is always decide()'s, at the level the group-sequential design allows at the look.
import type { Decision, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import { tabulate, type CaseRuns } from './cases'
import { decide } from './decide'
import { num, plain } from './format'
import { nominalAlpha, passBoundaries } from './sequential'
import { sampleVariance } from './summary'
import type { DecideOptions, ExperimentRun } from './types'
import { plural } from '../../src-shared/plural'

export interface AdaptiveRounds {
  min: number
  max: number
}

/** Why the plan stopped adding rounds. */
export type AdaptiveStop = 'pass' | 'reject' | 'futile' | 'settled' | 'max'

export interface AdaptiveLook {
  /** Agent runs (both sides) the plan held when the look was taken. */
  runs: number
  /** Information time (`informationTime`), below 1 while rounds may follow; 1 at the final look. */
  time: number
  /** decide()'s verdict at this look's level. */
  verdict: Verdict
  /** Cases given one more round per side after this look. */
  extended: string[]
}

/** The persisted plan: rounds per side of each case, the looks taken, and why it stopped (null: running). */
export interface AdaptivePlan {
  min: number
  max: number
  rounds: Record<string, number>
  looks: AdaptiveLook[]
  stop: AdaptiveStop | null
}

/**
 * Futility: a look stops without a pass when the lift is not positive or D + ½·se < minLift. It never
 * makes a pass more likely (it only ends looking), so it costs power, never the false-pass rate.
 */
const FUTILITY_SE = 0.5
/** A case's difference is still uncertain while its round noise is at least the mean case's. */
const UNCERTAIN_SHARE = 1

export function startPlan(caseIds: readonly string[], { min, max }: AdaptiveRounds): AdaptivePlan {
  return { min, max, rounds: Object.fromEntries(caseIds.map((id) => [id, min])), looks: [], stop: null }
}

/** Agent runs the plan holds now, and at most (every case at max rounds), both sides. */
export function planRuns(plan: AdaptivePlan): { now: number; most: number } {
  const rounds = Object.values(plan.rounds)
  return { now: 2 * rounds.reduce((s, r) => s + r, 0), most: 2 * rounds.length * plan.max }
}

/**
 * The two-sided level decide() uses at the plan's latest look (or at a first look now, before any): the
 * Pocock-type pass boundary for these information times, spending α/2 on a false pass.
 */
export function lookAlpha(times: readonly number[], alpha: number): number {
  const bounds = passBoundaries(times, alpha / 2)
  return nominalAlpha(bounds[bounds.length - 1] as number)
}

function currentTimes(plan: AdaptivePlan): number[] {
  if (plan.looks.length) return plan.looks.map((l) => l.time)
  const { now, most } = planRuns(plan)
  return [most > 0 ? now / most : 1]
}

/** The task's verdict: decide() over each case's planned rounds, at the latest look's level. */
export function decideAdaptive(
  runs: readonly ExperimentRun[],
  plan: AdaptivePlan,
  policy: Policy,
  opts: DecideOptions = {},
): Decision {
  const alpha = lookAlpha(currentTimes(plan), policy.alpha)
  const d = decide(runs, { ...policy, alpha }, { ...opts, roundsByCase: plan.rounds })
  // Beside the coverage line: which rounds the verdict and its coverage are over.
  const [verdictLine, coverageLine, ...rest] = d.reasons
  return {
    ...d,
    reasons: [verdictLine as string, coverageLine as string, planLine(plan, alpha, policy.alpha), ...rest],
  }
}

/** What the plan did, in one line: looks, why it stopped, rounds per case, runs, and the level used. */
export function planLine(plan: AdaptivePlan, alpha: number, policyAlpha: number): string {
  const byRounds = new Map<number, number>()
  for (const r of Object.values(plan.rounds)) byRounds.set(r, (byRounds.get(r) ?? 0) + 1)
  const perCase = [...byRounds.entries()]
    .sort(([x], [y]) => x - y)
    .map(([r, n]) => `${plural(n, 'case')} at ${plural(r, 'round')}`)
    .join(', ')
  const { now, most } = planRuns(plan)
  const state = plan.stop ? `stopped (${plan.stop})` : 'running'
  return (
    `adaptive rounds (min ${plan.min}, max ${plan.max}): ${plural(plan.looks.length, 'look')}, ${state}; ` +
    `${perCase}; ${now} of at most ${most} runs; verdict at α = ${num(alpha, 4)} ` +
    `(Lan–DeMets Pocock-type spending of ${plain(policyAlpha)})`
  )
}

/**
 * Cases whose difference is still uncertain: round-noise variance of the difference s²_A/r_A + s²_B/r_B
 * (a side's own round variance with ≥ 2 scored rounds, else the pooled one) at least UNCERTAIN_SHARE of the
 * mean over cases. These are the cases where another round shrinks Var(D) the most per run (Neyman
 * allocation); the choice reads round spreads only, never the differences, so it does not bias D.
 */
export function uncertainCases(cases: readonly CaseRuns[]): string[] {
  const pooled = pooledRoundVariance(cases)
  if (pooled === null) return cases.map((c) => c.caseId)
  const noise = cases.map((c) => {
    const side = (s: number[]) => (sampleVariance(s) ?? pooled) / Math.max(1, s.length)
    return side(c.a.scores) + side(c.b.scores)
  })
  const mean = noise.reduce((s, v) => s + v, 0) / Math.max(1, noise.length)
  return cases
    .filter((_, i) => (noise[i] as number) > 0 && (noise[i] as number) >= UNCERTAIN_SHARE * mean)
    .map((c) => c.caseId)
}

/**
 * Information time of a look: Var(D) if every case had max rounds ÷ Var(D) now, with Var(d_i) = σ²_between
 * + w·(1/r_A + 1/r_B), w the pooled round variance and σ²_between = Var(d) − mean round part (≥ 0). Without
 * a round variance yet (every case at one round), the share of runs made, which is never larger.
 */
export function informationTime(cases: readonly CaseRuns[], plan: AdaptivePlan): number {
  const { now, most } = planRuns(plan)
  const w = pooledRoundVariance(cases)
  const diffs = cases.map((c) => meanOf(c.b.scores) - meanOf(c.a.scores))
  const total = sampleVariance(diffs)
  if (w === null || total === null) return now / most
  const round = cases.map((c) => w / c.a.scores.length + w / c.b.scores.length)
  const between = Math.max(0, total - round.reduce((s, v) => s + v, 0) / cases.length)
  const vNow = round.reduce((s, v) => s + between + v, 0)
  const vMost = cases.length * (between + (2 * w) / plan.max)
  return vNow > 0 ? Math.max(now / most, Math.min(1, vMost / vNow)) : now / most
}

const meanOf = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length

/** Σ(r − 1)s² / Σ(r − 1) over both sides of every case; null without a side of ≥ 2 scored rounds. */
function pooledRoundVariance(cases: readonly CaseRuns[]): number | null {
  let ss = 0
  let df = 0
  for (const c of cases)
    for (const scores of [c.a.scores, c.b.scores]) {
      const v = sampleVariance(scores)
      if (v !== null) {
        ss += v * (scores.length - 1)
        df += scores.length - 1
      }
    }
  return df > 0 ? ss / df : null
}

/**
 * One look, after every planned run is judged: the verdict at this look's level; a pass or reject stops,
 * so does futility; otherwise uncertain cases below max get one more round. A look that can add nothing is
 * the final one (information time 1: the rest of α is spent there).
 */
export function takeLook(
  plan: AdaptivePlan,
  runs: readonly ExperimentRun[],
  policy: Policy,
  opts: DecideOptions = {},
): AdaptivePlan {
  if (plan.stop) return plan
  const table = tabulate(runs, undefined, policy.failedRunScore, plan.rounds)
  const uncertain = uncertainCases(table.all)
  const open = uncertain.filter((id) => (plan.rounds[id] ?? plan.max) < plan.max)
  const { now } = planRuns(plan)
  const last = plan.looks[plan.looks.length - 1]?.time ?? 0
  // Increasing, and below 1 while rounds may follow (1 spends all of α: no later look could pass).
  const time = open.length
    ? Math.min(Math.max(informationTime(table.counting, plan), last + 1e-6), 1 - 1e-6)
    : 1
  const times = [...plan.looks.map((l) => l.time), time]
  const alpha = lookAlpha(times, policy.alpha)
  const d = decide(runs, { ...policy, alpha }, { ...opts, roundsByCase: plan.rounds })
  const look: AdaptiveLook = { runs: now, time, verdict: d.verdict, extended: [] }
  const { estimate, sd, n } = d.capability
  const futile =
    estimate !== null &&
    (estimate <= 0 || (sd !== null && estimate + (FUTILITY_SE * sd) / Math.sqrt(n) < policy.minLift))
  const stop: AdaptiveStop | null =
    d.verdict === 'pass' || d.verdict === 'reject'
      ? d.verdict
      : futile
        ? 'futile'
        : open.length
          ? null
          : uncertain.length
            ? 'max'
            : 'settled'
  if (stop) return { ...plan, looks: [...plan.looks, look], stop }
  const rounds = { ...plan.rounds }
  for (const id of open) rounds[id] = (rounds[id] ?? plan.min) + 1
  return { ...plan, rounds, looks: [...plan.looks, { ...look, extended: open }], stop: null }
}
