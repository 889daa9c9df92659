// Synthetic experiments with a known truth, for the A/A, power and calibration tests of the decision.
import { normal } from './prng'
import type { ExperimentRun } from './types'

/**
 * Score of case i, side S, round r: μ_i + [S = b]·(lift + u_i) + e_iSr, with μ_i ~ N(baseline, caseSd²)
 * (case effects shared by both sides), u_i ~ N(0, interactionSd²) (the skill helps some cases more) and
 * e ~ N(0, roundSd²) (round noise). So Var(d_i) = interactionSd² + 2·roundSd²/rounds. Scores are clamped
 * to 0–100 only when `clamp`. Tokens and wall time are log-normal per case with no side effect. A run of
 * side S times out (no score, not executed) with probability `failRate[S]` (default 0), independently.
 */
export interface SimModel {
  cases: number
  rounds: number
  lift: number
  baseline: number
  caseSd: number
  interactionSd: number
  roundSd: number
  clamp: boolean
  failRate?: { a: number; b: number }
}

export function simulateRuns(model: SimModel, rng: () => number): ExperimentRun[] {
  const runs: ExperimentRun[] = []
  for (let i = 0; i < model.cases; i++) {
    const mu = model.baseline + model.caseSd * normal(rng)
    const u = model.interactionSd * normal(rng)
    const tokens = Math.exp(Math.log(8000) + 0.5 * normal(rng))
    const time = Math.exp(Math.log(30_000) + 0.5 * normal(rng))
    for (const side of ['a', 'b'] as const) {
      for (let round = 1; round <= model.rounds; round++) {
        const raw = mu + (side === 'b' ? model.lift + u : 0) + model.roundSd * normal(rng)
        const run = {
          caseId: `case-${i + 1}`,
          side,
          round,
          score: model.clamp ? Math.min(100, Math.max(0, raw)) : raw,
          tokens: Math.round(tokens * Math.exp(0.2 * normal(rng))),
          costUsd: null,
          durationMs: Math.round(time * Math.exp(0.2 * normal(rng))),
          executed: true,
        }
        const rate = model.failRate?.[side] ?? 0
        if (rate > 0 && rng() < rate)
          runs.push({
            ...run,
            score: null,
            tokens: null,
            durationMs: null,
            executed: false,
            failureType: 'timeout',
          })
        else runs.push({ ...run, costUsd: run.tokens * 3e-6 })
      }
    }
  }
  return runs
}
