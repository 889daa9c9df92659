// The export's decision: the verdicts by dimension, failures, skill use, the pairwise judge, warnings.
import { z } from 'zod'
import { count, nonNegative, nullableNum, verdict } from './export-zod'

const interval = { estimate: nullableNum, ciLow: nullableNum, ciHigh: nullableNum, n: count }
const costMetric = z.enum(['tokens', 'usd', 'time'])

const share = z.number().min(0).max(1)
const nullableShare = share.nullable()

const sideTrigger = z.looseObject({
  runs: count.describe('executed runs whose invocation of the skill is known'),
  invoked: count,
  rate: nullableShare.describe('invoked ÷ runs; null when runs = 0'),
  ciLow: nullableShare.describe('Wilson interval at 1 − α'),
  ciHigh: nullableShare,
})
const liftPart = z.looseObject({
  estimate: nullableNum.describe('mean lift b − a in points over these counting cases; null when n = 0'),
  n: count,
})

export const exportFailuresSchema = z
  .looseObject({
    verdict,
    diff: nullableNum.describe('mean per-case share of attributable failures, b − a, in [−1, 1]'),
    ciLow: nullableNum,
    ciHigh: nullableNum,
    failuresA: count,
    failuresB: count,
    runsA: count.describe('counted runs of side a: attributable failures + completed executions'),
    runsB: count,
    n: count.describe('cases with a counted run on both sides'),
    tolerance: share.describe('policy.failureTolerance: reject when CI low > it, pass when CI high ≤ it'),
    excludedA: count.describe(
      "runs left out as not the agent's failures (provider errors, launch failures, …)",
    ),
    excludedB: count,
    failedRunScore: z
      .union([z.literal(0), z.literal('missing')])
      .optional()
      .describe('policy.failedRunScore: what such a failure scored in capability and stability'),
  })
  .describe(
    'failures the agent under test is answerable for (timeouts, crashes, its own errors), per case and side, paired b − a',
  )

export const exportTriggerSchema = z
  .looseObject({
    a: sideTrigger.nullable().describe('null when side a has no skill'),
    b: sideTrigger,
    minRate: share.describe('policy.minTriggerRate: below it, the low-trigger-rate warning'),
    liftInvoked: liftPart.describe('counting cases where b invoked the skill in every scored round'),
    liftNotInvoked: liftPart.describe(
      'counting cases where b did not invoke it in at least one scored round',
    ),
  })
  .describe("how often each side's agent invoked its skill")

export const exportPairwiseSchema = z
  .looseObject({
    verdict,
    wins: count.describe('cases b won (more comparisons won than lost over its rounds)'),
    losses: count,
    ties: count,
    pValue: nullableNum.describe(
      'two-sided exact sign test over cases, ties dropped; null when every case tied',
    ),
    n: count.describe('cases with a verdict (a judged comparison or a round decided by a failure)'),
    total: count
      .optional()
      .describe("the experiment's cases: a verdict needs n ≥ 80% of them (absent before this rule)"),
    comparisons: count,
    flipped: count.describe('comparisons whose winner flipped with the order (counted as ties)'),
    positionConsistency: nullableNum
      .optional()
      .describe(
        'a figure of the judge: the share of comparisons whose winner survived the swap of the two responses (1 − flipped ÷ comparisons); null without comparisons, absent before skill-ab showed it',
      ),
    decidedByFailure: count
      .optional()
      .describe(
        "rounds decided by a failure, not the judge (failedRunScore 0): one side's run failed attributably and the other's completed → the completed side wins; both failed → a tie (absent before this rule)",
      ),
    perCase: z.array(
      z.looseObject({
        caseId: z.string(),
        wins: count,
        losses: count,
        ties: count,
        result: z.enum(['a', 'b', 'tie']),
      }),
    ),
  })
  .describe('the pairwise judge over cases')

export const exportWarningSchema = z.looseObject({
  code: z.string().describe('e.g. low-trigger-rate, judge-same-model'),
  message: z.string(),
})

/** The decision of the first export version (kept to read @1 files). */
export const exportDecisionV1Schema = z.looseObject({
  verdict,
  reasons: z.array(z.string()),
  capability: z.looseObject({ verdict, ...interval }),
  cost: z.looseObject({
    verdict,
    metric: costMetric,
    ratio: nullableNum,
    ciLow: nullableNum,
    ciHigh: nullableNum,
    n: count,
    metrics: z.looseObject({ tokens: z.looseObject({}), usd: z.looseObject({}), time: z.looseObject({}) }),
  }),
  stability: z.looseObject({ verdict, ...interval }),
  casesNeeded: z.looseObject({ cases: count, rounds: count }).nullable().describe('{cases, rounds} or null'),
})

export const exportDecisionSchema = exportDecisionV1Schema.extend({
  failures: exportFailuresSchema,
  trigger: exportTriggerSchema,
  pairwise: exportPairwiseSchema.nullable().describe('null when the task has no pairwise evaluator'),
  primary: z
    .enum(['pointwise', 'pairwise'])
    .describe(
      "policy.primary: which judgement's verdict is the capability verdict; the other is shown beside it",
    ),
  warnings: z
    .array(exportWarningSchema)
    .describe("things a reader should know that are not verdicts, the config check's included"),
  judgeNoise: z
    .looseObject({
      sd: nonNegative.describe(
        "the judge's test–retest sd, points on 0–100: pooled within-run sd over repeats",
      ),
      runs: count.describe('runs judged at least twice'),
      repeats: count.describe('K: judgements per run in the latest measurement'),
      df: count.describe('Σ (judgements of a run − 1)'),
    })
    .nullable()
    .optional()
    .describe(
      "the judge's own noise, measured by `reevaluate --repeat K` (stored runs judged again, nothing executed); absent until measured",
    ),
})
