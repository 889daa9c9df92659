// Trigger evaluation (docs/triggers.md): does a skill's description make the agent reach for it?
// The shapes the probes, the metrics, the CLI and the Triggers screen share.

/** One query of a trigger set. */
export interface TriggerQuery {
  /** The `id` given, else the query's 1-based position in the set. */
  id: string
  query: string
  shouldTrigger: boolean
}

/** What the agent chose in one probe: the skill under test, another skill, or no skill. */
export type ProbeChoice = 'this' | 'other' | 'none'

/** One probe's result (a query × round); `choice` null: the probe has no result (failed, not run yet). */
export interface ProbeResult {
  queryId: string
  round: number
  choice: ProbeChoice | null
  /** The skill the agent loaded instead, when `choice` is 'other'. */
  otherSkill: string | null
  /** The model turn (1-based) at which the choice was made; null without a skill call. */
  step: number | null
}

/** A share with its Wilson interval at the set's level. */
export interface TriggerRate {
  k: number
  n: number
  /** k ÷ n; null when n = 0. */
  rate: number | null
  ciLow: number | null
  ciHigh: number | null
}

/** One query's rounds: how often the agent loaded this skill, and whether the majority matched. */
export interface QueryTrigger {
  queryId: string
  query: string
  shouldTrigger: boolean
  /** Rounds with a result. */
  probed: number
  triggered: number
  other: number
  none: number
  /** triggered ÷ probed; null when nothing was probed. */
  rate: number | null
  /** More than half of its probed rounds match shouldTrigger; null when nothing was probed. */
  correct: boolean | null
  /** What the agent did in rounds that did not match: `none`, or the other skill's name → rounds. */
  instead: Record<string, number>
}

export interface Confusion {
  /** shouldTrigger and correct. */
  truePositive: number
  /** not shouldTrigger and not correct. */
  falsePositive: number
  /** shouldTrigger and not correct. */
  falseNegative: number
  /** not shouldTrigger and correct. */
  trueNegative: number
}

/** A trigger set's metrics over the queries with a result. */
export interface TriggerSummary {
  queries: QueryTrigger[]
  /** Ids of queries with no probed round. */
  withoutResult: string[]
  confusion: Confusion
  precision: TriggerRate
  recall: TriggerRate
  accuracy: TriggerRate
  /** Queries answered wrong (correct false), in set order. */
  failing: QueryTrigger[]
  alpha: number
  formula: string
}

/** Two descriptions on the same set, paired per query (exact McNemar on per-query correctness). */
export interface DescriptionComparison {
  verdict: 'pass' | 'reject' | 'inconclusive'
  a: TriggerSummary
  b: TriggerSummary
  /** Queries both versions answered (paired). */
  paired: number
  /** Queries b answers right and a wrong. */
  betterInB: number
  /** Queries a answers right and b wrong. */
  worseInB: number
  /** Two-sided exact McNemar p-value; null with no discordant query. */
  pValue: number | null
  reasons: string[]
  formula: string
}
