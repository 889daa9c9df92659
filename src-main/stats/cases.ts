// Groups runs by case and side, and decides which cases count (each side ≥ ⌈R/2⌉ scored rounds).
import type { ExperimentRun } from './types'

export interface SideRuns {
  /** Scores of the scored rounds, in round order. */
  scores: number[]
  /** Runs whose execution completed (for cost). */
  executed: ExperimentRun[]
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

const isScore = (s: number | null): s is number => typeof s === 'number' && Number.isFinite(s)

/**
 * One entry per (case, side, round): a later entry replaces an earlier one (as a later attempt would).
 * Rounds above R are ignored; cases are sorted by id (UTF-16 order) so the input order never matters.
 */
export function tabulate(runs: readonly ExperimentRun[], rounds?: number): CaseTable {
  const R = rounds ?? runs.reduce((max, r) => Math.max(max, r.round), 0)
  const latest = new Map<string, ExperimentRun>()
  for (const run of runs) {
    if (run.round > R) continue
    latest.set(JSON.stringify([run.caseId, run.side, run.round]), run)
  }
  const byCase = new Map<string, CaseRuns>()
  const ordered = [...latest.values()].sort((x, y) => x.round - y.round)
  for (const run of ordered) {
    let entry = byCase.get(run.caseId)
    if (!entry) {
      entry = { caseId: run.caseId, a: { scores: [], executed: [] }, b: { scores: [], executed: [] } }
      byCase.set(run.caseId, entry)
    }
    const side = entry[run.side]
    if (isScore(run.score)) side.scores.push(run.score)
    if (run.executed) side.executed.push(run)
  }
  const minScored = Math.max(1, Math.ceil(R / 2))
  const all = [...byCase.values()].sort((x, y) => (x.caseId < y.caseId ? -1 : x.caseId > y.caseId ? 1 : 0))
  const counting = all.filter((c) => c.a.scores.length >= minScored && c.b.scores.length >= minScored)
  return { rounds: R, minScored, all, counting }
}
