// The decision object (DESIGN §9, §10 binding): one shape for the export, `skill-ab decide` and the UI.

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

export interface Decision {
  verdict: Verdict
  reasons: string[]
  capability: CapabilityDecision
  cost: CostDecision
  stability: StabilityDecision
  casesNeeded: CasesNeeded | null
  coverage: Coverage
}
