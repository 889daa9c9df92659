// What a trace (an opencode session) was already judged as, whatever the batch. A case analysis judges a
// trace once per evaluator (a `done` result for the session is reused, never paid for again), and on open an
// evaluation failure whose trace already has such results for every evaluator is filled back from them:
// both read it from here. Also the one place a run's row score is computed: judge results plus the
// corrections in force.
import type { EvalResultRow, RunRow, Store } from '../db'
import type { EvaluatorSpec } from '../judge/evaluators'
import { rowScore } from '../judge/row-score'
import { judgesCurrentExecution } from '../../src-shared/run-rules'

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

/** A correction in force for one evaluator (only its evaluator and score matter here). */
export interface ActiveCorrection {
  evaluatorId: string
  score: number
}

/**
 * The run's row score from one result per evaluator (same order) and the corrections in force for the run's
 * current execution: a correction replaces its evaluator's score, even where the judge failed or has not
 * answered. null when an evaluator taking part has neither a `done` result nor a correction.
 */
export function scoreOf(
  rows: readonly (EvalResultRow | null)[],
  evaluators: readonly EvaluatorSpec[],
  corrections: readonly ActiveCorrection[] = [],
): number | null {
  const corrected = new Map(corrections.map((c) => [c.evaluatorId, c]))
  return rowScore(
    evaluators.map((spec, i) => {
      const r = rows[i]
      return {
        score: r?.status === 'done' ? r.score : null,
        weight: spec.weight,
        correction: corrected.get(spec.id) ?? null,
      }
    }),
  )
}

/**
 * Per evaluator (same order), the latest result of the run that judged its current execution (a result
 * without a session id counts as current); null when there is none.
 */
export function currentResults(
  store: Store,
  run: Pick<RunRow, 'id' | 'sessionId'>,
  evaluators: readonly EvaluatorSpec[],
): (EvalResultRow | null)[] {
  const latest = store.evalResults.latestByRun(run.id).filter((r) => judgesCurrentExecution(r, run))
  return evaluators.map((spec) => latest.find((r) => r.evaluatorId === spec.id) ?? null)
}

/** The run's row score now: its current judge results and the corrections in force for its execution. */
export function currentRunScore(
  store: Store,
  run: Pick<RunRow, 'id' | 'sessionId'>,
  evaluators: readonly EvaluatorSpec[],
): number | null {
  return scoreOf(
    currentResults(store, run, evaluators),
    evaluators,
    store.corrections.activeFor(run.id, run.sessionId),
  )
}
