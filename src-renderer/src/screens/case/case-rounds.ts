// Pure: one case's runs as the side-by-side view shows them — per round, side a and side b with their
// output, diff, score and judge reasons — from a local task's run details or from an opened export.
import type { ExpectationVerdict } from '../../../../src-shared/expectation-verdict'
import type { OpenedExport } from '../../../../src-shared/export-read'
import type { RunDetail, RunView } from '../../../../src-shared/ipc-views'
import { exportRunView } from '../export/export-runs'

/** One evaluator's say on a run: its score (a human correction, if any, in `corrected`) and reason. */
export interface Judgement {
  evaluatorId: string
  score: number | null
  corrected: number | null
  reason: string | null
  /** An expectations evaluator's verdict per expectation (null for other evaluators). */
  expectations: ExpectationVerdict[] | null
}

export interface SideOfRound {
  run: RunView
  /** null: not in the source (an export written without --full). */
  finalOutput: string | null
  diff: string | null
  /** Which texts an export cut to its cap. */
  cut: { finalOutput: boolean; diff: boolean } | null
  judgements: Judgement[]
}

export interface CaseRound {
  round: number
  a: SideOfRound | null
  b: SideOfRound | null
}

/** The sides grouped by round, rounds ascending; a side without a run is null. */
export function caseRounds(sides: readonly SideOfRound[]): CaseRound[] {
  const byRound = new Map<number, CaseRound>()
  for (const s of sides) {
    const r = byRound.get(s.run.round) ?? { round: s.run.round, a: null, b: null }
    r[s.run.side] = s
    byRound.set(s.run.round, r)
  }
  return [...byRound.values()].sort((x, y) => x.round - y.round)
}

/** The sides of `caseId` in an opened export (texts only when it was written with --full). */
export function exportSides(doc: OpenedExport, caseId: string): SideOfRound[] {
  return doc.runs
    .filter((r) => r.caseId === caseId)
    .map((r) => ({
      run: exportRunView(doc, r),
      finalOutput: r.review?.finalOutput ?? null,
      diff: r.review?.diff ?? null,
      cut: r.review ? { finalOutput: r.review.truncated.finalOutput, diff: r.review.truncated.diff } : null,
      judgements: r.evaluations.map((e) => ({
        evaluatorId: e.evaluatorId,
        score: e.score,
        corrected: e.correction?.score ?? null,
        reason: e.reason,
        expectations: e.expectations ?? null,
      })),
    }))
}

/** A local run's side, from its detail (the latest result per evaluator). */
export function detailSide(d: RunDetail): SideOfRound {
  return {
    run: d.run,
    finalOutput: d.finalOutput ?? '',
    diff: d.diff ?? '',
    cut: null,
    judgements: d.evaluations
      .filter((e) => e.latest)
      .map((e) => ({
        evaluatorId: e.evaluatorId,
        score: e.score,
        corrected: e.correction?.score ?? null,
        reason: e.reason ?? e.error,
        expectations: e.expectations,
      })),
  }
}
