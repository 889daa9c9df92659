// Failures (a decision dimension): per case, the share of runs that failed in a way the agent under test is
// answerable for, paired b − a with a t-interval against policy.failureTolerance.
import type { FailuresDecision, Verdict } from '../../src-shared/decision'
import { isAttributableFailure } from '../../src-shared/run-state'
import type { Policy } from '../../src-shared/task-config'
import type { DimensionResult } from './capability'
import type { CaseRuns } from './cases'
import { interval, level, num, plain, share, signed } from './format'
import { newcombe } from './proportions'
import { tInterval } from './summary'
import type { ExperimentRun } from './types'
import { plural } from '../../src-shared/plural'

export const FAILURES_FORMULA =
  'f_i^S = attributable failures ÷ counted runs (attributable failures + completed executions) of case i on side S; ' +
  'provider errors, launch failures, interruptions, cancels and pending runs are left out; ' +
  'd_i = f_i^B − f_i^A over cases with a counted run on both sides; CI = the wider of mean d ± t(1 − α/2, n − 1)·sd(d)/√n ' +
  "and Newcombe's hybrid score interval of the difference of the two sides' run shares over those cases, within [−1, 1]; " +
  'pass if CI_high ≤ failureTolerance; reject if CI_low > failureTolerance'

export type RunKind = 'failed' | 'completed' | 'excluded' | 'pending'

/**
 * How a run counts here: an attributable failure (timeout, crash, the agent's own error); a completed
 * execution (executed, or scored); a failure that is not the agent's (excluded); else pending (not counted).
 */
export function failureKind(run: ExperimentRun): RunKind {
  if (isAttributableFailure(run.failureType)) return 'failed'
  if (run.failureType) return 'excluded'
  if (run.executed || (typeof run.score === 'number' && Number.isFinite(run.score))) return 'completed'
  return 'pending'
}

interface SideTally {
  failed: number
  counted: number
  excluded: number
}

function tally(runs: readonly ExperimentRun[]): SideTally {
  const t = { failed: 0, counted: 0, excluded: 0 }
  for (const run of runs) {
    const kind = failureKind(run)
    if (kind === 'failed') t.failed++
    if (kind === 'failed' || kind === 'completed') t.counted++
    if (kind === 'excluded') t.excluded++
  }
  return t
}

/** Percentage points with a sign: a share difference of 0.25 → `+25.0`. */
const points = (x: number): string => signed(100 * x)

/**
 * The wider of two intervals of the difference: the paired t-interval over cases (it respects that rounds
 * of a case are alike) and Newcombe's interval on the run counts (the t-interval collapses to a point when
 * every case fails alike, e.g. once in three rounds, which would reject on thin evidence).
 */
function interval2(
  diffs: number[],
  paired: Record<'a' | 'b', { failed: number; counted: number }>,
  alpha: number,
) {
  const t = tInterval(diffs, alpha)
  const nc = newcombe(paired.b.failed, paired.b.counted, paired.a.failed, paired.a.counted, alpha)
  if (t.low === null || t.high === null || nc.low === null || nc.high === null) return t
  // A difference of two shares lies in [−1, 1]: a t-interval over two cases can run far past it.
  return { ...t, low: Math.max(-1, Math.min(t.low, nc.low)), high: Math.min(1, Math.max(t.high, nc.high)) }
}

export function failures(cases: readonly CaseRuns[], policy: Policy): DimensionResult<FailuresDecision> {
  const { failureTolerance: tol, alpha } = policy
  const totals = { a: { failed: 0, counted: 0, excluded: 0 }, b: { failed: 0, counted: 0, excluded: 0 } }
  const diffs: number[] = []
  const paired = { a: { failed: 0, counted: 0 }, b: { failed: 0, counted: 0 } }
  for (const c of cases) {
    const a = tally(c.a.runs)
    const b = tally(c.b.runs)
    for (const [side, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      totals[side].failed += t.failed
      totals[side].counted += t.counted
      totals[side].excluded += t.excluded
    }
    if (a.counted === 0 || b.counted === 0) continue
    diffs.push(b.failed / b.counted - a.failed / a.counted)
    for (const [side, x] of [
      ['a', a],
      ['b', b],
    ] as const) {
      paired[side].failed += x.failed
      paired[side].counted += x.counted
    }
  }
  const t = interval2(diffs, paired, alpha)
  const tolText = `failureTolerance ${plain(tol)} (${plain(100 * tol)} points)`
  let verdict: Verdict = 'inconclusive'
  let why: string
  if (t.mean === null || t.low === null || t.high === null)
    why = `${plural(t.n, 'case')} with a counted run on both sides; at least 2 are needed`
  else {
    const figures = `per-case difference b − a ${points(t.mean)} points of share, ${level(alpha)} CI ${interval(100 * t.low, 100 * t.high)} (n = ${t.n})`
    if (t.low > tol) {
      verdict = 'reject'
      why = `${figures}: CI low ${num(100 * t.low)} > ${tolText}`
    } else if (t.high <= tol) {
      verdict = 'pass'
      why = `${figures}: CI high ${num(100 * t.high)} ≤ ${tolText}`
    } else why = `${figures}: CI high ${num(100 * t.high)} > ${tolText} but CI low ${num(100 * t.low)} ≤ it`
  }
  const { a, b } = totals
  const excluded =
    a.excluded || b.excluded
      ? `; left out as not the agent's failures (provider errors, launch failures, interruptions, cancels): a ${plural(a.excluded, 'run')}, b ${plural(b.excluded, 'run')}`
      : ''
  const decision: FailuresDecision = {
    verdict,
    diff: t.mean,
    ciLow: t.low,
    ciHigh: t.high,
    failuresA: a.failed,
    failuresB: b.failed,
    runsA: a.counted,
    runsB: b.counted,
    n: t.n,
    sd: t.sd,
    tStar: t.tStar,
    tolerance: tol,
    alpha,
    formula: FAILURES_FORMULA,
    excludedA: a.excluded,
    excludedB: b.excluded,
    failedRunScore: policy.failedRunScore,
  }
  return { decision, reasons: [`failures: ${verdict} — ${failureRates(decision)}; ${why}${excluded}`] }
}

/** `b failed 6 of 6 runs (100%), a 0 of 6 (0%)`: the failure rates, as the reasons and the CLI name them. */
export function failureRates(
  d: Pick<FailuresDecision, 'failuresA' | 'failuresB' | 'runsA' | 'runsB'>,
): string {
  return `b failed ${share(d.failuresB, d.runsB, d.runsB === 1 ? 'run' : 'runs')}, a ${share(d.failuresA, d.runsA)}`
}
