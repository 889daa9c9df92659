// The decision: capability, cost, stability and failures on the cases, the trigger rate, the optional
// pairwise judgement, coverage, warnings, and the verdict.
import type { Coverage, Decision, PrimaryJudgement, Verdict } from '../../src-shared/decision'
import type { Policy } from '../../src-shared/task-config'
import { capability } from './capability'
import { tabulate } from './cases'
import { casesNeeded } from './cases-needed'
import { cost } from './cost'
import { failureRates, failures } from './failures'
import { share } from './format'
import { pairwise } from './pairwise'
import { judgeNoiseWarnings } from './judge-noise'
import { runWarnings } from './run-warnings'
import { stability } from './stability'
import { trigger } from './trigger'
import type { DecideOptions, ExperimentRun } from './types'
import { plural } from '../../src-shared/plural'

/** Fewer than this share of cases counting → inconclusive, whatever the dimensions say (checked as 5·counting ≥ 4·total). */
export const MIN_COVERAGE = 0.8

export function decide(runs: readonly ExperimentRun[], policy: Policy, opts: DecideOptions = {}): Decision {
  const table = tabulate(runs, opts.rounds, policy.failedRunScore, opts.roundsByCase)
  const cap = capability(table.counting, policy)
  const cst = cost(table.counting, policy, opts.prices ?? null)
  const stab = stability(table.counting, table.rounds, policy)
  const fail = failures(table.all, policy)
  const trig = trigger(table.all, table.counting, policy, {
    baselineHasSkill: opts.baselineHasSkill ?? false,
  })
  const pair = opts.pairwise
    ? pairwise(opts.pairwise, policy, { rounds: opts.rounds, cases: table.all })
    : null
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
  const rule = `≥ ${table.minScored} of ${plural(table.rounds, 'round')} scored on each side`
  const coverageReason =
    total === 0
      ? 'coverage: no cases in the input'
      : `coverage: ${share(counting, total, 'cases')} count (${rule}); at least ${Math.ceil((total * 4) / 5)} needed (80%)`
  const verdicts: Verdicts = {
    capability: cap.decision.verdict,
    cost: cst.decision.verdict,
    stability: stab.decision.verdict,
    failures: fail.decision.verdict,
    pairwise: pair?.decision.verdict ?? null,
  }
  const { verdict, why } = overall(verdicts, coverage, policy.primary, {
    failures: failureRates(fail.decision),
  })
  const primaryReason = primaryLine(policy.primary, verdicts)
  return {
    verdict,
    reasons: [
      `overall: ${verdict} — ${why}`,
      coverageReason,
      ...cap.reasons,
      ...(pair?.reasons ?? []),
      ...(primaryReason ? [primaryReason] : []),
      ...cst.reasons,
      ...stab.reasons,
      ...fail.reasons,
      ...trig.reasons,
      ...needed.reasons,
    ],
    capability: cap.decision,
    cost: cst.decision,
    stability: stab.decision,
    failures: fail.decision,
    trigger: trig.decision,
    pairwise: pair?.decision ?? null,
    primary: policy.primary,
    warnings: [
      ...(opts.warnings ?? []),
      ...trig.warnings,
      ...runWarnings(runs, table.rounds),
      ...judgeNoiseWarnings(cap.decision, opts.judgeNoise ?? null),
    ],
    casesNeeded: needed.value,
    coverage,
    ...(opts.judgeNoise ? { judgeNoise: opts.judgeNoise } : {}),
  }
}

/** The gated dimensions' verdicts; `capability` is the pointwise one, `pairwise` null without pairwise results. */
export interface Verdicts {
  capability: Verdict
  cost: Verdict
  stability: Verdict
  failures: Verdict
  pairwise: Verdict | null
}

type Gated = 'capability' | 'pairwise' | 'cost' | 'stability' | 'failures'

const NO_PAIRWISE =
  'policy.primary is "pairwise" but there are no pairwise results: add the pairwise evaluator (preset-pairwise-outcome) or set policy.primary to "pointwise"'

/**
 * Coverage first (below 80% only a failures reject, measured on every case, stands); then a reject of the primary capability judgement (`primary`: the pointwise scores or
 * the pairwise judge), cost, stability or failures → reject; the primary judgement passing with no reject
 * → pass; else inconclusive. The other capability judgement is shown beside, never gated. `notes` adds
 * figures to a rejecting dimension's name (e.g. the failure rates).
 */
export function overall(
  verdicts: Verdicts,
  coverage: Coverage,
  primary: PrimaryJudgement = 'pointwise',
  notes: Partial<Record<Gated, string>> = {},
): { verdict: Verdict; why: string } {
  if (!coverage.sufficient) {
    const few = `only ${share(coverage.counting, coverage.total, 'cases')} count`
    // The failures dimension is measured on every case, and failures are what empties the cases that count:
    // its reject stands (a skill that breaks the agent must not end as "inconclusive").
    if (verdicts.failures === 'reject' && coverage.total > 0)
      return {
        verdict: 'reject',
        why: `failures${notes.failures ? ` (${notes.failures})` : ''} rejects, measured on every case; ${few}, so the other dimensions say nothing`,
      }
    return {
      verdict: 'inconclusive',
      why:
        coverage.total === 0
          ? 'no cases to decide on'
          : `${few}; 80% are needed, whatever the other dimensions say`,
    }
  }
  const judged: Gated = primary === 'pairwise' ? 'pairwise' : 'capability'
  const gated: Gated[] = [judged, 'cost', 'stability', 'failures']
  const rejecting = gated.filter((d) => verdicts[d] === 'reject')
  if (rejecting.length) {
    const named = rejecting.map((d) => (notes[d] ? `${d} (${notes[d]})` : d))
    return {
      verdict: 'reject',
      why: `${named.join(' and ')} ${rejecting.length > 1 ? 'reject' : 'rejects'}`,
    }
  }
  const name = primary === 'pairwise' ? 'the pairwise judge' : 'capability'
  const primaryVerdict = verdicts[judged]
  if (primaryVerdict === null) return { verdict: 'inconclusive', why: NO_PAIRWISE }
  if (primaryVerdict === 'pass')
    return { verdict: 'pass', why: `${name} passes and neither cost, stability nor failures rejects` }
  return { verdict: 'inconclusive', why: `${name} is inconclusive and no dimension rejects` }
}

/** Which capability judgement decides, and the other's verdict beside it; none without pairwise at all. */
function primaryLine(primary: PrimaryJudgement, v: Verdicts): string | null {
  if (primary === 'pointwise')
    return v.pairwise === null
      ? null
      : `primary: pointwise — the capability verdict (${v.capability}) decides; the pairwise judge's (${v.pairwise}) is shown beside it`
  return v.pairwise === null
    ? `primary: pairwise — no pairwise results to decide with; the pointwise capability verdict (${v.capability}) is shown beside it`
    : `primary: pairwise — the pairwise judge's verdict (${v.pairwise}) decides; the pointwise capability verdict (${v.capability}) is shown beside it`
}
