// The decision object: one shape for the export, `skill-ab decide` and the UI.

export type Verdict = 'pass' | 'reject' | 'inconclusive'
export type CostMetric = 'tokens' | 'usd' | 'time'

/** Exact two-sided sign test on the per-case differences (ties dropped). */
export interface SignTest {
  positive: number
  negative: number
  ties: number
  /** null when every difference is a tie (no evidence either way). */
  pValue: number | null
}

/** One counting case: the mean of each side's scored rounds and their difference b − a. */
export interface CaseDifference {
  caseId: string
  a: number
  b: number
  diff: number
  roundsA: number
  roundsB: number
}

export interface CapabilityDecision {
  verdict: Verdict
  /** D = mean_i d_i, points on 0–100 (null with no counting case). */
  estimate: number | null
  ciLow: number | null
  ciHigh: number | null
  n: number
  /** Sample sd of d_i (n − 1). */
  sd: number | null
  /** t(1 − α/2, n − 1). */
  tStar: number | null
  /** Percentile case-bootstrap interval of D (seeded from the input). */
  bootstrapCiLow: number | null
  bootstrapCiHigh: number | null
  bootstrapResamples: number
  signTest: SignTest
  /** Var(d) split into between-case and within-case (round noise) parts; null when not estimable. */
  varianceBetween: number | null
  varianceWithin: number | null
  minLift: number
  alpha: number
  formula: string
  perCase: CaseDifference[]
}

export interface CostMetricDecision {
  verdict: Verdict
  /** exp(mean_i l_i), l_i = ln(mean cost_B / mean cost_A). */
  ratio: number | null
  ciLow: number | null
  ciHigh: number | null
  n: number
  /** Which rule fired, with figures (always a sentence). */
  reason: string
  meanLog: number | null
  sdLog: number | null
  tStar: number | null
  /** Counting cases left out for a zero or absent cost on a side. */
  skippedCases: string[]
  /** Executed runs without a known price (usd only; 0 for the other metrics). */
  unknownPrices: number
}

export interface CostDecision {
  verdict: Verdict
  metric: CostMetric
  ratio: number | null
  ciLow: number | null
  ciHigh: number | null
  n: number
  /** 1 + costBudget: the gate's limit on the ratio. */
  limit: number
  formula: string
  metrics: Record<CostMetric, CostMetricDecision>
}

/** `cases` of `n` cases, and their share (null when n = 0). */
export interface CaseRate {
  cases: number
  n: number
  rate: number | null
}

export interface SideReliability {
  /** k = the task's rounds R; pass^k and pass@k use the cases with all k rounds scored. */
  k: number
  passHatK: CaseRate
  passAtK: CaseRate
  /** Cases with ≥ 2 scored rounds whose rounds disagree on pass/fail. */
  flip: CaseRate
}

export interface StabilityDecision {
  verdict: Verdict
  /** Δ = mean_i (v_i^B − v_i^A), v = sample sd of a side's round scores, points. */
  estimate: number | null
  ciLow: number | null
  ciHigh: number | null
  n: number
  sd: number | null
  tStar: number | null
  meanSdA: number | null
  meanSdB: number | null
  tolerance: number
  passThreshold: number
  formula: string
  sides: { a: SideReliability; b: SideReliability }
}

export interface CasesNeeded {
  cases: number
  rounds: number
}

/** How many cases count (each side has ≥ minScoredRounds scored rounds); < 80% → inconclusive. */
export interface Coverage {
  counting: number
  total: number
  rounds: number
  minScoredRounds: number
  sufficient: boolean
}

/**
 * Failures attributable to the agent under test (timeouts, crashes, the agent's own errors; never the
 * provider's errors, launch failures, interruptions or cancels), per case and side: f_i^S = attributable
 * failures ÷ counted runs (attributable failures + completed executions) of case i on side S.
 */
export interface FailuresDecision {
  verdict: Verdict
  /** mean_i (f_i^B − f_i^A), a share in [−1, 1]; null with no case counted on both sides. */
  diff: number | null
  ciLow: number | null
  ciHigh: number | null
  /** Attributable failures and counted runs per side, over the cases of the experiment. */
  failuresA: number
  failuresB: number
  runsA: number
  runsB: number
  /** Cases with a counted run on both sides (the pairs of the interval). */
  n: number
  sd: number | null
  tStar: number | null
  /** policy.failureTolerance: reject when CI low > it, pass when CI high ≤ it. */
  tolerance: number
  alpha: number
  formula: string
  /** Runs per side left out as not attributable (provider_error, spawn_failed, interrupted, canceled). */
  excludedA: number
  excludedB: number
  /** policy.failedRunScore: what an attributable failure scored in capability and stability (0 or missing). */
  failedRunScore?: 0 | 'missing'
}

/** How often a side's agent invoked its skill (the skill tool called with the skill's name, completed). */
export interface SideTrigger {
  /** Executed runs whose invocation is known. */
  runs: number
  invoked: number
  /** invoked ÷ runs; null when runs = 0. */
  rate: number | null
  /** Wilson interval of the rate at the policy's level. */
  ciLow: number | null
  ciHigh: number | null
}

/** A descriptive mean lift (b − a, points) over a subset of the counting cases. */
export interface LiftPart {
  estimate: number | null
  n: number
}

export interface TriggerDecision {
  /** null when side a has no skill (baseline kind none). */
  a: SideTrigger | null
  b: SideTrigger
  /** policy.minTriggerRate: below it, the `low-trigger-rate` warning. */
  minRate: number
  formula: string
  /** Mean lift on counting cases where b invoked the skill in every round, and on the others. */
  liftInvoked: LiftPart
  liftNotInvoked: LiftPart
}

/** One case's pairwise result: b's wins − losses over its rounds decides its sign. */
export interface PairwiseCase {
  caseId: string
  wins: number
  losses: number
  ties: number
  result: 'b' | 'a' | 'tie'
}

/** The pairwise judge over cases: exact sign test, ties dropped. */
export interface PairwiseDecision {
  verdict: Verdict
  /** Cases b won, lost, tied. */
  wins: number
  losses: number
  ties: number
  /** Two-sided exact sign test over wins vs losses; null when every case tied. */
  pValue: number | null
  /** Cases with at least one verdict (a judged comparison or a round decided by a failure). */
  n: number
  /** The experiment's cases: a verdict needs n ≥ 80% of them (absent in decisions made before this rule). */
  total?: number
  /** Comparisons (case × round) judged, and those whose winner flipped with the order (counted as ties). */
  comparisons: number
  flipped: number
  /**
   * A figure of the judge: the share of comparisons whose winner survived the swap of the two responses
   * (1 − flipped ÷ comparisons); null without comparisons, absent in decisions made before it was shown.
   */
  positionConsistency?: number | null
  /**
   * Rounds decided by a failure, not by the judge (failedRunScore 0 only): one side's run failed
   * attributably (timeout, crash, agent error) and the other's completed → the completed side wins; both
   * failed attributably → a tie. Absent in decisions made before this rule.
   */
  decidedByFailure?: number
  alpha: number
  formula: string
  perCase: PairwiseCase[]
}

/** Something a reader of the verdict should know that is not a verdict (e.g. `low-trigger-rate`). */
export interface DecisionWarning {
  code: string
  message: string
}

export type PrimaryJudgement = 'pointwise' | 'pairwise'

/**
 * The judge's own noise (docs/decision.md "Judge noise"): stored runs judged again, nothing executed. `sd`:
 * the pooled within-run sd of the judge's share of the row score over the repeats, points on 0–100.
 */
export interface JudgeNoise {
  sd: number
  /** Runs judged at least twice in one measurement (the sample). */
  runs: number
  /** K: judgements per run in the latest measurement. */
  repeats: number
  /** Degrees of freedom behind sd: Σ (judgements of a run − 1). */
  df: number
}

export interface Decision {
  verdict: Verdict
  reasons: string[]
  capability: CapabilityDecision
  cost: CostDecision
  stability: StabilityDecision
  failures: FailuresDecision
  trigger: TriggerDecision
  /** null when the task has no pairwise evaluator (and the input no pairwise results). */
  pairwise: PairwiseDecision | null
  /** policy.primary: which judgement's verdict is the capability verdict; the other is shown beside it. */
  primary: PrimaryJudgement
  warnings: DecisionWarning[]
  casesNeeded: CasesNeeded | null
  coverage: Coverage
  /** The judge's test–retest sd, once measured (`reevaluate --repeat`); null or absent until then. */
  judgeNoise?: JudgeNoise | null
}
