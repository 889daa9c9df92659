// Maps stored runs and judge results to the export's `runs[]` entries and to the decision's input.
import type { CorrectionRow, EvalResultRow, RunRow } from '../db'
import type { ExperimentRun } from '../stats/types'
import type { ExportEvaluation, ExportRun } from '../../src-shared/export'
import { isAbsolute, relative, sep } from 'node:path'
import { lacksEvidence, type OfferedSkill } from '../../src-shared/offered-skills'
import { hasExecuted, judgesCurrentExecution, totalTokens } from '../../src-shared/run-rules'
import { expectationVerdictsOf } from '../../src-shared/expectation-verdict'

/** Execution wall time: started → executed, in ms; null when the run has not executed (or times are odd). */
export function runDurationMs(run: Pick<RunRow, 'startedAt' | 'executedAt'>): number | null {
  if (!run.startedAt || !run.executedAt) return null
  const ms = Date.parse(run.executedAt) - Date.parse(run.startedAt)
  return Number.isFinite(ms) && ms >= 0 ? ms : null
}

/** What the decision reads of a run, stored (RunRow) or exported (ExportRun, in `skill-ab merge`). */
export type DecidedRun = Pick<
  ExportRun,
  | 'caseId'
  | 'side'
  | 'round'
  | 'status'
  | 'score'
  | 'costUsd'
  | 'durationMs'
  | 'offeredSkills'
  | 'sandbox'
  | 'sandboxDenials'
> &
  Pick<RunRow, 'tokens' | 'failureType' | 'skillLoaded' | 'skillVisible'>

/**
 * The decision's view of a run: only a scored run has a score (unscored or errored is missing here; the
 * decision itself scores a failure the agent is answerable for by policy.failedRunScore), why it failed,
 * and whether its agent invoked the skill. A run whose session ran without evidence that it was offered
 * exactly its side's skills is missing, whatever it scored (`withoutEvidence`: the decision counts them).
 */
export function experimentRunOf(run: DecidedRun, baselineHasSkill: boolean): ExperimentRun {
  // Off, as recorded for the run (not recorded: no warning, the run says nothing either way).
  const unsandboxed = {
    ...(run.sandbox && !run.sandbox.on ? { unsandboxed: run.sandbox.detail } : {}),
    ...(run.sandboxDenials?.length ? { sandboxDenials: run.sandboxDenials.length } : {}),
  }
  if (lacksEvidence(run, baselineHasSkill))
    return {
      ...unsandboxed,
      caseId: run.caseId,
      side: run.side,
      round: run.round,
      score: null,
      tokens: null,
      costUsd: null,
      durationMs: null,
      executed: false,
      withoutEvidence: true,
    }
  return {
    caseId: run.caseId,
    side: run.side,
    round: run.round,
    score: run.status === 'scored' ? run.score : null,
    tokens: totalTokens(run.tokens),
    tokenKinds: run.tokens,
    costUsd: run.costUsd,
    durationMs: run.durationMs,
    executed: hasExecuted(run),
    failureType: run.failureType,
    skillLoaded: run.skillLoaded,
    ...unsandboxed,
  }
}

/** The decision's view of a stored run (experimentRunOf). */
export function toExperimentRun(run: RunRow, baselineHasSkill: boolean): ExperimentRun {
  const { side, round, status, score, costUsd, tokens, failureType, skillLoaded } = run
  const { offeredSkills, skillVisible, sandbox } = run
  const sandboxDenials = sandbox?.denials ?? null
  const durationMs = runDurationMs(run)
  return experimentRunOf(
    {
      caseId: run.caseKey,
      side,
      round,
      status,
      score,
      costUsd,
      durationMs,
      tokens,
      failureType,
      skillLoaded,
      skillVisible,
      offeredSkills,
      sandbox,
      sandboxDenials,
    },
    baselineHasSkill,
  )
}

export function toEvaluation(r: EvalResultRow, c: CorrectionRow | null = null): ExportEvaluation {
  return {
    id: r.id,
    evaluatorId: r.evaluatorId,
    evaluatorRunId: r.evaluatorRunId,
    status: r.status,
    score: r.score,
    reason: r.reason,
    parseStrategy: r.parseStrategy,
    correction: c ? { score: c.score, note: c.note, by: c.by, at: c.at } : null,
    createdAt: r.createdAt,
    evaluatorVersion: r.evaluatorVersion,
    judgeCostUsd: r.judgeCostUsd,
    reusedFrom: r.reusedFromResultId,
    ...expectationsEntry(r),
  }
}

/** `expectations` of an expectations evaluator's result (the verdict per expectation); absent for others. */
function expectationsEntry(r: EvalResultRow): Pick<ExportEvaluation, 'expectations'> {
  const verdicts = expectationVerdictsOf(r.rawAnalysis)
  return verdicts ? { expectations: verdicts } : {}
}

/**
 * The latest result per evaluator of each run's current attempt, with the correction in force for it.
 * `latest` holds the latest row per (run, evaluator); a row judging another session than the run's (an
 * earlier attempt, before a re-run) is left out. Rows without a session id are kept. `corrections`: those
 * in force for the runs' current executions.
 */
export function evaluationsByRun(
  runs: readonly RunRow[],
  latest: readonly EvalResultRow[],
  corrections: readonly CorrectionRow[] = [],
): Map<string, ExportEvaluation[]> {
  const session = new Map(runs.map((r) => [r.id, r.sessionId]))
  const correction = new Map(
    corrections
      .filter((c) => session.get(c.runId) === c.sessionId)
      .map((c) => [`${c.runId}\0${c.evaluatorId}`, c]),
  )
  const out = new Map<string, ExportEvaluation[]>()
  for (const row of latest) {
    if (row.runId === null || !session.has(row.runId)) continue
    if (!judgesCurrentExecution(row, { sessionId: session.get(row.runId) ?? null })) continue
    const list = out.get(row.runId) ?? []
    list.push(toEvaluation(row, correction.get(`${row.runId}\0${row.evaluatorId}`) ?? null))
    out.set(row.runId, list)
  }
  for (const list of out.values()) list.sort((x, y) => (x.evaluatorId < y.evaluatorId ? -1 : 1))
  return out
}

/** A SKILL.md location as exported: relative to the data dir when inside it (shareable, and it names the hash). */
export function exportedLocation(location: string, dataDir: string): string {
  const rel = relative(dataDir, location)
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : location
}

/** A run's or probe's evidence as exported. */
export function exportedOffered(
  offered: readonly OfferedSkill[] | null,
  dataDir: string,
): OfferedSkill[] | null {
  return offered && offered.map((s) => ({ name: s.name, location: exportedLocation(s.location, dataDir) }))
}

/**
 * A run as exported. `cleared`: the correction of the tamper screen in force for its current execution, if any.
 */
export function toRunEntry(
  run: RunRow,
  evaluations: ExportEvaluation[],
  dataDir: string,
  cleared: CorrectionRow | null = null,
): ExportRun {
  return {
    id: run.id,
    caseId: run.caseKey,
    side: run.side,
    round: run.round,
    startedBy: run.startedBy,
    status: run.status,
    failureType: run.failureType,
    sessionId: run.sessionId,
    offeredSkills: exportedOffered(run.offeredSkills, dataDir),
    sandbox: run.sandbox && { on: run.sandbox.on, detail: run.sandbox.detail },
    sandboxDenials: run.sandbox?.denials ?? null,
    tamperingCleared: cleared && { score: cleared.score, note: cleared.note, by: cleared.by, at: cleared.at },
    skillVisible: run.skillVisible,
    skillLoaded: run.skillLoaded,
    tokens: { ...run.tokens },
    costUsd: run.costUsd,
    durationMs: runDurationMs(run),
    score: run.status === 'scored' ? run.score : null,
    evaluations,
    attempt: run.attempt,
    failureMessage: run.failureMessage,
    startedAt: run.startedAt,
    executedAt: run.executedAt,
    finishedAt: run.finishedAt,
    reusedFrom: run.reusedFrom,
  }
}
