// Builders of small hand-made experiments for the decision's table tests.
import { policySchema, type Policy } from '../../src-shared/task-config'
import type { ExperimentRun } from './types'

export const policy = (over: Partial<Policy> = {}): Policy => ({ ...policySchema.parse({}), ...over })

export function run(
  caseId: string,
  side: 'a' | 'b',
  round: number,
  score: number | null,
  extra: Partial<ExperimentRun> = {},
): ExperimentRun {
  return {
    caseId,
    side,
    round,
    score,
    tokens: 1000,
    costUsd: 0.01,
    durationMs: 1000,
    executed: true,
    ...extra,
  }
}

/** Cases from each side's round scores (null = missing), rounds numbered from 1. */
export function casesFrom(
  spec: Record<string, { a: (number | null)[]; b: (number | null)[] }>,
): ExperimentRun[] {
  return Object.entries(spec).flatMap(([caseId, sides]) => [
    ...sides.a.map((s, i) => run(caseId, 'a', i + 1, s)),
    ...sides.b.map((s, i) => run(caseId, 'b', i + 1, s)),
  ])
}

/** One case per difference: side a scores 50, side b 50 + d, each of `rounds` rounds. */
export function fromDiffs(diffs: readonly number[], rounds = 1): ExperimentRun[] {
  return diffs.flatMap((d, i) =>
    Array.from({ length: rounds }, (_, r) => [
      run(`c${i + 1}`, 'a', r + 1, 50),
      run(`c${i + 1}`, 'b', r + 1, 50 + d),
    ]).flat(),
  )
}

/** Runs whose per-case cost ratio b/a is `ratios[i]` for one metric (scores all 50). */
export function fromCostRatios(
  ratios: readonly number[],
  field: 'tokens' | 'costUsd' | 'durationMs' = 'tokens',
): ExperimentRun[] {
  return ratios.flatMap((q, i) => [
    run(`c${i + 1}`, 'a', 1, 50, { [field]: 1000 }),
    run(`c${i + 1}`, 'b', 1, 50, { [field]: 1000 * q }),
  ])
}
