// Per-case summary of the export: each side's status by the first-match rule and its mean score.
import type { FailedRunScore } from '../../src-shared/decision-score'
import type { ExportCase, ExportCaseStatus } from '../../src-shared/export'
import { isTerminal, type RunStatus } from '../../src-shared/run-state'
import { caseMeans, type ScoredRun } from '../../src-shared/run-rules'

/** What the case summary needs of a run. */
export type CaseRunInput = ScoredRun

/**
 * First match: `pending` (all pending), `running` (any not terminal), `scored` (all scored), `partial`
 * (some scored), `failed`. A side without runs counts as pending (nothing started).
 */
export function caseSideStatus(statuses: readonly RunStatus[]): ExportCaseStatus {
  if (statuses.every((s) => s === 'pending')) return 'pending'
  if (statuses.some((s) => !isTerminal(s))) return 'running'
  if (statuses.every((s) => s === 'scored')) return 'scored'
  if (statuses.some((s) => s === 'scored')) return 'partial'
  return 'failed'
}

/**
 * One entry per case, in `caseOrder` (cases only seen in `runs` follow, in first-seen order). A side's
 * score is its mean as the decision counts it (the agent's own failures score `failedRunScore`); the case's
 * content hash is taken from `caseHashes` (null when it has none).
 */
export function summarizeCases(
  caseOrder: readonly string[],
  runs: readonly CaseRunInput[],
  failedRunScore: FailedRunScore,
  caseHashes: ReadonlyMap<string, string> = new Map(),
): ExportCase[] {
  const bySide = new Map<string, { a: CaseRunInput[]; b: CaseRunInput[] }>()
  for (const id of caseOrder) bySide.set(id, { a: [], b: [] })
  for (const r of runs) {
    let entry = bySide.get(r.caseId)
    if (!entry) bySide.set(r.caseId, (entry = { a: [], b: [] }))
    entry[r.side].push(r)
  }
  const means = caseMeans(runs, failedRunScore)
  return [...bySide].map(([caseId, { a, b }]) => ({
    caseId,
    caseHash: caseHashes.get(caseId) ?? null,
    a: { status: caseSideStatus(a.map((r) => r.status)), score: means.get(caseId)?.a ?? null },
    b: { status: caseSideStatus(b.map((r) => r.status)), score: means.get(caseId)?.b ?? null },
  }))
}
