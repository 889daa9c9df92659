// Adaptive rounds against fixed rounds on the same synthetic tasks (docs/decision.md, "Adaptive rounds"):
// runs used, false-pass rate and power, each task decided through takeLook/decideAdaptive and decide().
import type { Policy } from '../../src-shared/task-config'
import { decideAdaptive, planRuns, startPlan, takeLook, type AdaptiveRounds } from './adaptive-rounds'
import { decide } from './decide'
import { mulberry32, normal } from './prng'
import type { ExperimentRun } from './types'

/**
 * A mix of cases: case i has lift effects[i mod k], a case effect μ_i ~ N(baseline, caseSd²) shared by both
 * sides, and its own round sd drawn uniformly from roundSd; score of side S, round r = μ_i + [S = b]·lift_i
 * + N(0, sd_i²), not clamped.
 */
export interface MixModel {
  cases: number
  effects: readonly number[]
  baseline: number
  caseSd: number
  roundSd: readonly [number, number]
}

/** The scenarios of the tests and `npm run bench`: 20 cases, case sd 15, round sd 10–25 per case. */
export const ADAPTIVE_SCENARIOS = {
  /** Every case without an effect: the false-pass rate. */
  noEffect: { cases: 20, effects: [0], baseline: 50, caseSd: 15, roundSd: [10, 25] },
  /** Large (30), small (10) and no effect, a third of the cases each: power and runs. */
  mixed: { cases: 20, effects: [30, 10, 0], baseline: 50, caseSd: 15, roundSd: [10, 25] },
  /** Smaller lifts (25, 8, 0), where fixed 3 rounds pass about 80% of tasks: the harder case for runs. */
  mixedSmaller: { cases: 20, effects: [25, 8, 0], baseline: 50, caseSd: 15, roundSd: [10, 25] },
  /** Lifts of +15, 0 and −15 that average to no effect: the false-pass rate with spread effects. */
  spreadNoEffect: { cases: 20, effects: [15, 0, -15], baseline: 50, caseSd: 15, roundSd: [10, 25] },
} as const satisfies Record<string, MixModel>

export function simulateMix(model: MixModel, rounds: number, rng: () => number): ExperimentRun[] {
  const runs: ExperimentRun[] = []
  for (let i = 0; i < model.cases; i++) {
    const mu = model.baseline + model.caseSd * normal(rng)
    const lift = model.effects[i % model.effects.length] as number
    const [lo, hi] = model.roundSd
    const sd = lo + (hi - lo) * rng()
    for (const side of ['a', 'b'] as const)
      for (let round = 1; round <= rounds; round++)
        runs.push({
          caseId: `case-${String(i + 1).padStart(3, '0')}`,
          side,
          round,
          score: mu + (side === 'b' ? lift : 0) + sd * normal(rng),
          tokens: 8000,
          costUsd: null,
          durationMs: 30_000,
          executed: true,
        })
  }
  return runs
}

export interface DesignResult {
  /** Share of tasks whose overall verdict passes. */
  passRate: number
  /** Mean agent runs (both sides) per task. */
  runsPerTask: number
}

export interface Comparison {
  tasks: number
  fixed: DesignResult & { rounds: number }
  adaptive: DesignResult & AdaptiveRounds
  /** 1 − adaptive runs ÷ fixed runs. */
  runsSaved: number
}

/**
 * `tasks` seeded tasks, each decided twice on the same scores: with fixed `rounds` (decide() over rounds
 * 1..R) and with adaptive rounds (looks after each wave of rounds, a case's rounds being a prefix of its
 * scores).
 */
export function compareDesigns(
  model: MixModel,
  policy: Policy,
  opts: { tasks: number; seed: number; rounds: number; adaptive: AdaptiveRounds },
): Comparison {
  const rng = mulberry32(opts.seed)
  let fixedPass = 0
  let adaptivePass = 0
  let adaptiveRuns = 0
  for (let t = 0; t < opts.tasks; t++) {
    const runs = simulateMix(model, Math.max(opts.rounds, opts.adaptive.max), rng)
    if (decide(runs, policy, { rounds: opts.rounds }).verdict === 'pass') fixedPass++
    const ids = [...new Set(runs.map((r) => r.caseId))]
    let plan = startPlan(ids, opts.adaptive)
    while (!plan.stop) plan = takeLook(plan, runs, policy)
    if (decideAdaptive(runs, plan, policy).verdict === 'pass') adaptivePass++
    adaptiveRuns += planRuns(plan).now
  }
  const fixedRunsPerTask = 2 * model.cases * opts.rounds
  const runsPerTask = adaptiveRuns / opts.tasks
  return {
    tasks: opts.tasks,
    fixed: { rounds: opts.rounds, passRate: fixedPass / opts.tasks, runsPerTask: fixedRunsPerTask },
    adaptive: { ...opts.adaptive, passRate: adaptivePass / opts.tasks, runsPerTask },
    runsSaved: 1 - runsPerTask / fixedRunsPerTask,
  }
}
