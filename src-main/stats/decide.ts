// The decision (DESIGN §9): capability, cost and stability on the counting cases, coverage, and the verdict.
import type { Coverage, Decision, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import { capability } from './capability'
import { tabulate } from './cases'
import { casesNeeded } from './cases-needed'
import { cost } from './cost'
import { count, share } from './format'
import { stability } from './stability'
import type { DecideOptions, ExperimentRun } from './types'

/** Fewer than this share of cases counting → inconclusive, whatever the dimensions say (checked as 5·counting ≥ 4·total). */
export const MIN_COVERAGE = 0.8

export function decide(runs: readonly ExperimentRun[], policy: Policy, opts: DecideOptions = {}): Decision {
  const table = tabulate(runs, opts.rounds)
  const cap = capability(table.counting, policy)
  const cst = cost(table.counting, policy)
  const stab = stability(table.counting, table.rounds, policy)
  const needed = casesNeeded(cap.decision, table.rounds, policy)
  const total = table.all.length
  const counting = table.counting.length
  const coverage: Coverage = {
    counting,
    total,
    rounds: table.rounds,
    minScoredRounds: table.minScored,
    sufficient: total > 0 && counting * 5 >= total * 4,
  }
  const rule = `≥ ${table.minScored} of ${count(table.rounds, 'round')} scored on each side`
  const coverageReason =
    total === 0
      ? 'coverage: no cases in the input'
      : `coverage: ${share(counting, total, 'cases')} count (${rule}); at least ${Math.ceil((total * 4) / 5)} needed (80%)`
  const verdicts = {
    capability: cap.decision.verdict,
    cost: cst.decision.verdict,
    stability: stab.decision.verdict,
  }
  const { verdict, why } = overall(verdicts, coverage)
  return {
    verdict,
    reasons: [
      `overall: ${verdict} — ${why}`,
      coverageReason,
      ...cap.reasons,
      ...cst.reasons,
      ...stab.reasons,
      ...needed.reasons,
    ],
    capability: cap.decision,
    cost: cst.decision,
    stability: stab.decision,
    // Filled in by the failures, trigger and pairwise parts of the decision (issue 10).
    failures: {
      verdict: 'inconclusive',
      diff: null,
      ciLow: null,
      ciHigh: null,
      failuresA: 0,
      failuresB: 0,
      runsA: 0,
      runsB: 0,
      n: 0,
      sd: null,
      tStar: null,
      tolerance: policy.failureTolerance,
      alpha: policy.alpha,
      formula: '',
      excludedA: 0,
      excludedB: 0,
    },
    trigger: {
      a: null,
      b: { runs: 0, invoked: 0, rate: null, ciLow: null, ciHigh: null },
      minRate: policy.minTriggerRate,
      formula: '',
      liftInvoked: { estimate: null, n: 0 },
      liftNotInvoked: { estimate: null, n: 0 },
    },
    pairwise: null,
    primary: policy.primary,
    warnings: [...(opts.warnings ?? [])],
    casesNeeded: needed.value,
    coverage,
  }
}

type Dimension = 'capability' | 'cost' | 'stability'

/** Coverage first; then any reject → reject; capability pass with no reject → pass; else inconclusive. */
export function overall(
  verdicts: Record<Dimension, Verdict>,
  coverage: Coverage,
): { verdict: Verdict; why: string } {
  if (!coverage.sufficient)
    return {
      verdict: 'inconclusive',
      why:
        coverage.total === 0
          ? 'no cases to decide on'
          : `only ${share(coverage.counting, coverage.total, 'cases')} count; 80% are needed, whatever the dimensions say`,
    }
  const dims: Dimension[] = ['capability', 'cost', 'stability']
  const rejecting = dims.filter((d) => verdicts[d] === 'reject')
  if (rejecting.length)
    return {
      verdict: 'reject',
      why: `${rejecting.join(' and ')} ${rejecting.length > 1 ? 'reject' : 'rejects'}`,
    }
  if (verdicts.capability === 'pass')
    return { verdict: 'pass', why: 'capability passes and neither cost nor stability rejects' }
  return { verdict: 'inconclusive', why: 'capability is inconclusive and no dimension rejects' }
}
