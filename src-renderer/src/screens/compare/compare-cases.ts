// Pure: two experiments (exports or local tasks) of the same dataset compared per case: each one's Δ
// (mean b − mean a, as its decision counts it) and how it changed, matched by case id; unmatched listed.
// A case id names the same case only when its content hash (prompt, files, expectations) is the same in
// both: a case that changed between the two is marked and left out of the summary (README "Reviewable shares").
import type { OpenedExport } from '../../../../src-shared/export-read'
import { exportRows } from '../export/export-runs'

export interface CaseDelta {
  caseId: string
  meanA: number | null
  meanB: number | null
  delta: number | null
  /** The case's content hash; null when unknown (an export written before exports carried it). */
  caseHash: string | null
}

/** Whether a case id names the same case in both: its hashes equal, differ, or one is unknown. */
export type CaseIdentity = 'same' | 'changed' | 'unknown'

export interface ComparedCase {
  caseId: string
  left: CaseDelta
  right: CaseDelta
  identity: CaseIdentity
  /** right Δ − left Δ; null when either side has no Δ. */
  change: number | null
}

/** The matched cases in one line: the means over those that are the same case (or may be) with a Δ in both. */
export interface ComparisonSummary {
  n: number
  meanLeft: number | null
  meanRight: number | null
  meanChange: number | null
  /** Matched cases whose contents differ between the two: left out of the means. */
  changed: number
  /** Of the `n`, cases whose contents one experiment did not record: counted, and said. */
  unknown: number
}

export interface Comparison {
  /** In the left experiment's case order. */
  matched: ComparedCase[]
  onlyLeft: string[]
  onlyRight: string[]
  summary: ComparisonSummary
}

/** An export (or a local task as its export) as one side of the comparison: per case its means, Δ and hash. */
export function experimentCases(doc: OpenedExport): CaseDelta[] {
  const hashes = new Map(doc.cases.map((c) => [c.caseId, c.caseHash ?? null]))
  return exportRows(doc).rows.map((r) => ({
    caseId: r.caseId,
    meanA: r.meanA,
    meanB: r.meanB,
    delta: r.delta,
    caseHash: hashes.get(r.caseId) ?? null,
  }))
}

function identityOf(left: CaseDelta, right: CaseDelta): CaseIdentity {
  if (left.caseHash === null || right.caseHash === null) return 'unknown'
  return left.caseHash === right.caseHash ? 'same' : 'changed'
}

const mean = (xs: readonly number[]): number | null =>
  xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null

function summarize(matched: readonly ComparedCase[]): ComparisonSummary {
  const counted = matched.filter(
    (m) => m.identity !== 'changed' && m.left.delta !== null && m.right.delta !== null,
  )
  const deltas = (side: 'left' | 'right') => counted.map((m) => m[side].delta as number)
  return {
    n: counted.length,
    meanLeft: mean(deltas('left')),
    meanRight: mean(deltas('right')),
    meanChange: mean(counted.map((m) => m.change as number)),
    changed: matched.filter((m) => m.identity === 'changed').length,
    unknown: counted.filter((m) => m.identity === 'unknown').length,
  }
}

export function compareCases(left: readonly CaseDelta[], right: readonly CaseDelta[]): Comparison {
  const rightById = new Map(right.map((c) => [c.caseId, c]))
  const leftIds = new Set(left.map((c) => c.caseId))
  const matched: ComparedCase[] = []
  const onlyLeft: string[] = []
  for (const l of left) {
    const r = rightById.get(l.caseId)
    if (!r) {
      onlyLeft.push(l.caseId)
      continue
    }
    const change = l.delta === null || r.delta === null ? null : r.delta - l.delta
    matched.push({ caseId: l.caseId, left: l, right: r, identity: identityOf(l, r), change })
  }
  return {
    matched,
    onlyLeft,
    onlyRight: right.map((c) => c.caseId).filter((id) => !leftIds.has(id)),
    summary: summarize(matched),
  }
}

/** How the table names each experiment: its name, with its source when both have the same name. */
export function experimentLabels(
  first: { name: string; source: string },
  second: { name: string; source: string },
): [string, string] {
  if (first.name !== second.name) return [first.name, second.name]
  if (first.source !== second.source)
    return [`${first.name} (${first.source})`, `${second.name} (${second.source})`]
  return [`${first.name} (first)`, `${second.name} (second)`]
}
