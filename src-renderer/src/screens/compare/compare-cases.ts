// Pure: two experiments (exports or local tasks) of the same dataset compared per case: each one's Δ
// (mean b − mean a, as its decision counts it) and how it changed, matched by case id; unmatched listed.

export interface CaseDelta {
  caseId: string
  meanA: number | null
  meanB: number | null
  delta: number | null
}

export interface ComparedCase {
  caseId: string
  left: CaseDelta
  right: CaseDelta
  /** right Δ − left Δ; null when either side has no Δ. */
  change: number | null
}

export interface Comparison {
  /** In the left experiment's case order. */
  matched: ComparedCase[]
  onlyLeft: string[]
  onlyRight: string[]
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
    matched.push({ caseId: l.caseId, left: l, right: r, change })
  }
  return { matched, onlyLeft, onlyRight: right.map((c) => c.caseId).filter((id) => !leftIds.has(id)) }
}
