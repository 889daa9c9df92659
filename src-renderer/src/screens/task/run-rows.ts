// Pure: a task's runs as the per-case table shows them (one row per case, a and b per round), and which
// runs each action applies to.
import type { FailedRunScore } from '../../../../src-shared/decision-score'
import type { RunView } from '../../../../src-shared/ipc-views'
import { canReevaluate, caseMeans } from '../../../../src-shared/run-rules'
import { runKind, type RunKind } from '../../components/badges'
import type { KindCounts } from '../../components/ProgressBar'

export interface CaseRow {
  caseId: string
  /** Index = round − 1. */
  a: (RunView | undefined)[]
  b: (RunView | undefined)[]
  meanA: number | null
  meanB: number | null
  delta: number | null
}

/** With `everyCase`, a row for each case of `caseOrder` even before its runs are loaded. */
export function buildRows(
  runs: Iterable<RunView>,
  caseOrder: readonly string[],
  failedRunScore: FailedRunScore = 0,
  opts: { everyCase?: boolean } = {},
): { rows: CaseRow[]; rounds: number } {
  const byCase = new Map<string, { a: (RunView | undefined)[]; b: (RunView | undefined)[] }>()
  let rounds = 1
  for (const run of runs) {
    let entry = byCase.get(run.caseId)
    if (!entry) byCase.set(run.caseId, (entry = { a: [], b: [] }))
    entry[run.side][run.round - 1] = run
    rounds = Math.max(rounds, run.round)
  }
  // The means as the decision counts them (a failure of the agent's may count as 0).
  const means = caseMeans(
    [...byCase.values()].flatMap((e) => [...e.a, ...e.b]).filter((r): r is RunView => r !== undefined),
    failedRunScore,
  )
  const known = new Set(caseOrder)
  if (opts.everyCase) for (const c of caseOrder) if (!byCase.has(c)) byCase.set(c, { a: [], b: [] })
  const order = [
    ...caseOrder.filter((c) => byCase.has(c)),
    ...[...byCase.keys()].filter((c) => !known.has(c)),
  ]
  const rows = order.map((caseId) => {
    const e = byCase.get(caseId) as { a: (RunView | undefined)[]; b: (RunView | undefined)[] }
    const m = means.get(caseId)
    return { caseId, a: e.a, b: e.b, meanA: m?.a ?? null, meanB: m?.b ?? null, delta: m?.delta ?? null }
  })
  return { rows, rounds }
}

export function kindCounts(runs: Iterable<RunView>): { counts: KindCounts; total: number } {
  const counts: KindCounts = {}
  let total = 0
  for (const r of runs) {
    const k: RunKind = runKind(r)
    counts[k] = (counts[k] ?? 0) + 1
    total++
  }
  return { counts, total }
}

/** Whether two builds of a case's row show the same (a patch replaces only the runs it changes). */
export function sameRow(x: CaseRow, y: CaseRow): boolean {
  const same = (p: readonly (RunView | undefined)[], q: readonly (RunView | undefined)[]) =>
    p.length === q.length && p.every((r, i) => r === q[i])
  return (
    x === y ||
    (x.caseId === y.caseId &&
      x.meanA === y.meanA &&
      x.meanB === y.meanB &&
      x.delta === y.delta &&
      same(x.a, y.a) &&
      same(x.b, y.b))
  )
}

export function runsOfRow(row: CaseRow): RunView[] {
  return [...row.a, ...row.b].filter((r): r is RunView => r !== undefined)
}

/** A side-b run that executed without its agent invoking the skill (the per-case table marks it). */
export function skillNotUsed(r: RunView): boolean {
  return r.side === 'b' && r.skillLoaded === false && (canReevaluate(r) || r.status === 'evaluating')
}

/** Where a case stands, most in need of a look first (the table sorts and filters by it). */
export const CASE_STATES = ['failed', 'canceled', 'in progress', 'pending', 'scored'] as const
export type CaseState = (typeof CASE_STATES)[number]

const STATE_OF_KIND: Record<RunKind, CaseState> = {
  'exec-failed': 'failed',
  'eval-failed': 'failed',
  tampered: 'failed',
  canceled: 'canceled',
  running: 'in progress',
  executed: 'in progress',
  evaluating: 'in progress',
  pending: 'pending',
  scored: 'scored',
}

/** A case's state: that of its run most in need of a look (a case without runs yet is pending). */
export function caseState(row: CaseRow): CaseState {
  let rank = CASE_STATES.indexOf('pending')
  const runs = runsOfRow(row)
  if (runs.length) rank = Math.min(...runs.map((r) => CASE_STATES.indexOf(STATE_OF_KIND[runKind(r)])))
  return CASE_STATES[rank] as CaseState
}

/** Some b run of the case executed without invoking the skill. */
export function caseSkillNotUsed(row: CaseRow): boolean {
  return row.b.some((r) => r !== undefined && skillNotUsed(r))
}

export function formatScore(score: number | null): string {
  return score === null ? '–' : score.toFixed(score % 1 === 0 ? 0 : 1)
}

/** A difference shown to a person rounds to nothing: no sign, no colour. */
const isNil = (n: number): boolean => Number(formatScore(Math.abs(n))) === 0

/** A difference with its sign: `+12`, `-3.5`, `0` (never `+0`); `–` when there is none. */
export const signed = (n: number | null): string =>
  n === null ? '–' : isNil(n) ? '0' : `${n > 0 ? '+' : ''}${formatScore(n)}`

/** The class a difference is shown in: green up, red down, muted for none or nothing. */
export const tone = (n: number | null): string =>
  n === null || isNil(n) ? 'muted' : n > 0 ? 'delta-pos' : 'delta-neg'

/**
 * What bulk actions act on: the selected cases the table shows. A selected case a filter (or a live status
 * change) now hides stays selected, so widening the filter brings it back, but is only counted, never acted on.
 */
export function shownSelection(
  shown: readonly CaseRow[],
  selected: ReadonlySet<string>,
): { rows: CaseRow[]; hidden: number } {
  const rows = shown.filter((r) => selected.has(r.caseId))
  return { rows, hidden: selected.size - rows.length }
}
