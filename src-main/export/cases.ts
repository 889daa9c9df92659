// Per-case summary of the export: each side's status by the first-match rule and its mean score.
import type { ExportCase, ExportCaseStatus } from '../../src-shared/export'
import { isTerminal, type RunStatus, type Side } from '../../src-shared/run-state'

/** What the case summary needs of a run. */
export interface CaseRunInput {
  caseId: string
  side: Side
  status: RunStatus
  score: number | null
}

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

/** Mean of the scored rounds' scores; null if none. */
export function meanScore(runs: readonly CaseRunInput[]): number | null {
  const scores = runs
    .filter((r) => r.status === 'scored' && r.score !== null && Number.isFinite(r.score))
    .map((r) => r.score as number)
  return scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : null
}

/** One entry per case, in `caseOrder` (cases only seen in `runs` follow, in first-seen order). */
export function summarizeCases(caseOrder: readonly string[], runs: readonly CaseRunInput[]): ExportCase[] {
  const bySide = new Map<string, { a: CaseRunInput[]; b: CaseRunInput[] }>()
  for (const id of caseOrder) bySide.set(id, { a: [], b: [] })
  for (const r of runs) {
    let entry = bySide.get(r.caseId)
    if (!entry) bySide.set(r.caseId, (entry = { a: [], b: [] }))
    entry[r.side].push(r)
  }
  const side = (mine: CaseRunInput[]) => ({
    status: caseSideStatus(mine.map((r) => r.status)),
    score: meanScore(mine),
  })
  return [...bySide].map(([caseId, { a, b }]) => ({ caseId, a: side(a), b: side(b) }))
}
