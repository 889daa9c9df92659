// Trigger evaluation (docs/triggers.md): does a skill's description make the agent reach for it? The shapes
// the probes, the metrics, the CLI, the Triggers screen and the export (skill-ab/triggers@1) share.
import { z } from 'zod'
import { count, nullableNum, verdict } from './export-zod'

/** One query of a trigger set. */
export interface TriggerQuery {
  /** The `id` given, else the query's 1-based position in the set. */
  id: string
  query: string
  shouldTrigger: boolean
}

/** What the agent chose in one probe: the skill under test, another skill, or no skill. */
export const probeChoiceSchema = z.enum(['this', 'other', 'none'])
export type ProbeChoice = z.output<typeof probeChoiceSchema>

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

const share = z.number().min(0).max(1)

export const triggerRateSchema = z
  .looseObject({
    k: count,
    n: count,
    rate: share.nullable().describe('k ÷ n; null when n = 0'),
    ciLow: share.nullable(),
    ciHigh: share.nullable(),
  })
  .describe('a share with its Wilson interval at 1 − α')

export const queryTriggerSchema = z.looseObject({
  queryId: z.string(),
  query: z.string(),
  shouldTrigger: z.boolean(),
  probed: count.describe('rounds with a result'),
  triggered: count.describe('rounds that loaded the skill under test'),
  other: count.describe('rounds that loaded another skill'),
  none: count.describe('rounds that loaded no skill'),
  rate: share.nullable().describe('triggered ÷ probed; null when nothing was probed'),
  correct: z
    .boolean()
    .nullable()
    .describe('more than half of its probed rounds match shouldTrigger (a tie is wrong); null when none'),
  instead: z
    .record(z.string(), count)
    .describe(
      'what the agent did in rounds that did not match: "none", "this skill" or the other skill’s name → rounds',
    ),
})

export const triggerSummarySchema = z.looseObject({
  queries: z.array(queryTriggerSchema),
  withoutResult: z.array(z.string()).describe('ids of queries with no probed round'),
  confusion: z.looseObject({
    truePositive: count,
    falsePositive: count,
    falseNegative: count,
    trueNegative: count,
  }),
  precision: triggerRateSchema,
  recall: triggerRateSchema,
  accuracy: triggerRateSchema,
  failing: z.array(queryTriggerSchema).describe('queries answered wrong, in set order'),
  alpha: z.number(),
  formula: z.string(),
})

export const descriptionComparisonSchema = z
  .looseObject({
    verdict,
    a: triggerSummarySchema,
    b: triggerSummarySchema,
    paired: count.describe('queries both versions answered'),
    betterInB: count.describe('queries b answers right and a wrong'),
    worseInB: count.describe('queries a answers right and b wrong'),
    pValue: nullableNum.describe('two-sided exact McNemar p-value; null with no discordant query'),
    reasons: z.array(z.string()),
    formula: z.string(),
  })
  .describe('two descriptions on the same set, paired per query (exact McNemar on per-query correctness)')

export type TriggerRate = z.output<typeof triggerRateSchema>
export type QueryTrigger = z.output<typeof queryTriggerSchema>
export type TriggerSummary = z.output<typeof triggerSummarySchema>
export type Confusion = TriggerSummary['confusion']
export type DescriptionComparison = z.output<typeof descriptionComparisonSchema>
