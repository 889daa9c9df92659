// Groups runs by case and side, scores failed runs by the policy, and decides which cases count (each side ≥ ⌈R/2⌉ scored rounds).
import { decisionScore } from '../../src-shared/decision-score'
import type { Policy } from '../../src-shared/task-config'
import type { ExperimentRun } from './types'

export interface SideRuns {
  /** Scores of the scored rounds, in round order (a failed run scored by `failedRunScore` included). */
  scores: number[]
  /** The runs behind `scores`, index by index. */
  scoredRuns: ExperimentRun[]
  /** Runs whose execution completed (for cost). */
  executed: ExperimentRun[]
  /** Every run of the side (its latest entry per round), in round order. */
  runs: ExperimentRun[]
}

export interface CaseRuns {
  caseId: string
  a: SideRuns
  b: SideRuns
}

export interface CaseTable {
  /** R. */
  rounds: number
  /** ⌈R/2⌉ (at least 1). */
  minScored: number
  /** Every case seen in the input, sorted by id. */
  all: CaseRuns[]
  /** The cases that count, sorted by id. */
  counting: CaseRuns[]
}

/** The score a run brings to the decision (see decisionScore in src-shared/decision-score.ts). */
export function runScore(run: ExperimentRun, failedRunScore: Policy['failedRunScore']): number | null {
  return decisionScore(run.score, run.failureType, failedRunScore)
}

const emptySide = (): SideRuns => ({ scores: [], scoredRuns: [], executed: [], runs: [] })

/**
 * One entry per (case, side, round): a later entry replaces an earlier one (as a later attempt would).
 * Rounds above R are ignored; cases are sorted by id (UTF-16 order) so the input order never matters.
 * `failedRunScore` "missing" (the default here) leaves every failed run unscored. `roundsByCase` (adaptive
 * rounds) gives a case its own R_i, and it counts with ⌈R_i/2⌉ scored rounds a side; R is then the highest.
 */
export function tabulate(
  runs: readonly ExperimentRun[],
  rounds?: number,
  failedRunScore: Policy['failedRunScore'] = 'missing',
  roundsByCase?: Readonly<Record<string, number>>,
): CaseTable {
  const R =
    (roundsByCase ? Math.max(0, ...Object.values(roundsByCase)) : rounds) ??
    runs.reduce((max, r) => Math.max(max, r.round), 0)
  const roundsOf = (caseId: string): number => roundsByCase?.[caseId] ?? R
  const latest = new Map<string, ExperimentRun>()
  for (const run of runs) {
    if (run.round > roundsOf(run.caseId)) continue
    latest.set(JSON.stringify([run.caseId, run.side, run.round]), run)
  }
  const byCase = new Map<string, CaseRuns>()
  const ordered = [...latest.values()].sort((x, y) => x.round - y.round)
  for (const run of ordered) {
    let entry = byCase.get(run.caseId)
    if (!entry) {
      entry = { caseId: run.caseId, a: emptySide(), b: emptySide() }
      byCase.set(run.caseId, entry)
    }
    const side = entry[run.side]
    side.runs.push(run)
    const score = runScore(run, failedRunScore)
    if (score !== null) {
      side.scores.push(score)
      side.scoredRuns.push(run)
    }
    if (run.executed) side.executed.push(run)
  }
  const minScored = Math.max(1, Math.ceil(R / 2))
  const all = [...byCase.values()].sort((x, y) => (x.caseId < y.caseId ? -1 : x.caseId > y.caseId ? 1 : 0))
  const counting = all.filter((c) => {
    const need = Math.max(1, Math.ceil(roundsOf(c.caseId) / 2))
    return c.a.scores.length >= need && c.b.scores.length >= need
  })
  return { rounds: R, minScored, all, counting }
}
