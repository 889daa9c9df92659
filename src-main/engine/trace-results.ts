// What a trace (an opencode session) was already judged as, whatever the batch: the dedupe of plain
// evaluations (seed 004 §4.3, invariant 3) and the fill-back on open (invariant 4) read it from here.
import type { EvalResultRow, Store } from '../db'
import type { EvaluatorSpec } from '../judge/evaluators'
import { rowScore } from '../judge/row-score'

/** The whole-number version stored in `evaluator_version` (`preset@2` → 2; inline evaluators → 1). */
export function evaluatorVersionNumber(spec: Pick<EvaluatorSpec, 'version'>): number {
  return Number(/@(\d+)$/.exec(spec.version)?.[1] ?? 1)
}

function fingerprintOf(row: EvalResultRow): unknown {
  const analysis = row.rawAnalysis
  return analysis && typeof analysis === 'object'
    ? (analysis as Record<string, unknown>).evaluatorFingerprint
    : undefined
}

/** Whether `row` was produced by this evaluator: same id and version, and same fingerprint when stored. */
export function sameEvaluator(row: EvalResultRow, spec: EvaluatorSpec): boolean {
  const fingerprint = fingerprintOf(row)
  return (
    row.evaluatorId === spec.id &&
    row.evaluatorVersion === evaluatorVersionNumber(spec) &&
    (fingerprint === undefined || fingerprint === spec.fingerprint)
  )
}

/**
 * Per evaluator (same order), the latest result the session has from that evaluator in any batch, when it
 * is `done`; null when it has none or its latest is a failure (then it must be judged).
 */
export function latestDoneForTrace(
  store: Store,
  sessionId: string,
  evaluators: readonly EvaluatorSpec[],
): (EvalResultRow | null)[] {
  const rows = store.evalResults.listBySession(sessionId)
  return evaluators.map((spec) => {
    const latest = rows.filter((r) => sameEvaluator(r, spec)).at(-1)
    return latest?.status === 'done' ? latest : null
  })
}

/** The run's row score from one result per evaluator (same order); null when any is missing or failed. */
export function scoreOf(
  rows: readonly (EvalResultRow | null)[],
  evaluators: readonly EvaluatorSpec[],
): number | null {
  return rowScore(
    evaluators.map((spec, i) => {
      const r = rows[i]
      return {
        score: r?.status === 'done' ? r.score : null,
        weight: spec.weight,
        correction: r?.correction ?? null,
      }
    }),
  )
}
