// The export document (DESIGN §10, binding): its zod schema, TS type and schema id; the JSON Schema derives from it.
import { z } from 'zod'

export const EXPORT_SCHEMA_ID = 'skill-ab/export@1'

// Every object is loose: the design lets later versions add fields freely, so validators must not refuse them.
const num = z.number()
const nullableNum = z.number().nullable()
const count = z.int().min(0)
const verdict = z.enum(['pass', 'reject', 'inconclusive'])

export const exportRunStatusSchema = z.enum([
  'pending',
  'running',
  'executed',
  'evaluating',
  'scored',
  'failed',
  'canceled',
])
export const exportFailureTypeSchema = z.enum([
  'agent_error',
  'timeout',
  'crashed',
  'spawn_failed',
  'interrupted',
  'canceled',
  'provider_error',
])
export const exportCaseStatusSchema = z.enum(['pending', 'running', 'scored', 'partial', 'failed'])

export const exportCorrectionSchema = z.looseObject({
  score: num,
  note: z.string(),
  by: z.string(),
  at: z.string(),
})

export const exportEvaluationSchema = z.looseObject({
  id: z.string(),
  evaluatorId: z.string(),
  evaluatorRunId: z.string(),
  status: z.enum(['done', 'failed']),
  score: nullableNum.describe("the judge's score on 0–100; a human correction, if any, is in `correction`"),
  reason: z.string().nullable(),
  parseStrategy: z.enum(['direct_json', 'repaired_json', 'regex_json', 'regex_score']).nullable(),
  correction: exportCorrectionSchema.nullable().describe('{score, note, by, at} or null'),
  createdAt: z.string(),
})

export const exportTokensSchema = z.looseObject({
  input: count,
  output: count,
  reasoning: count,
  cacheRead: count,
  cacheWrite: count,
})

export const exportRunSchema = z.looseObject({
  id: z.string(),
  caseId: z.string(),
  side: z.enum(['a', 'b']),
  round: z.int().min(1),
  startedBy: z.string().nullable(),
  status: exportRunStatusSchema,
  failureType: exportFailureTypeSchema.nullable(),
  sessionId: z.string().nullable(),
  skillVisible: z.boolean().nullable(),
  skillLoaded: z.boolean().nullable(),
  tokens: exportTokensSchema,
  costUsd: nullableNum.describe('dollars; null when the price is unknown'),
  durationMs: nullableNum.describe('execution start to executed; null when the run has not executed'),
  score: nullableNum.describe('row score on 0–100, null until scored'),
  evaluations: z
    .array(exportEvaluationSchema)
    .describe("the latest result per evaluator of the run's current attempt"),
})

const caseSide = z.looseObject({
  status: exportCaseStatusSchema.describe(
    'first match: pending (all pending), running (any not terminal), scored (all scored), partial (some scored), failed',
  ),
  score: nullableNum.describe("mean of the side's scored rounds on 0–100; null if none"),
})
export const exportCaseSchema = z.looseObject({ caseId: z.string(), a: caseSide, b: caseSide })

const interval = { estimate: nullableNum, ciLow: nullableNum, ciHigh: nullableNum, n: count }
const costMetric = z.enum(['tokens', 'usd', 'time'])

export const exportDecisionSchema = z.looseObject({
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

const sideWinner = z.enum(['a', 'b', 'tie'])

export const exportPairwiseJudgementSchema = z.looseObject({
  order: z.enum(['ab', 'ba']).describe('ab: side a was shown to the judge as Response 1; ba: side b was'),
  status: z.enum(['done', 'failed']),
  winnerResponse: z
    .enum(['1', '2', 'tie'])
    .nullable()
    .describe('the response the judge preferred, as shown; null when the judgement failed'),
  winner: sideWinner.nullable().describe('the same winner in terms of sides; null when the judgement failed'),
  reason: z.string().nullable(),
  error: z.string().nullable().describe('why the judgement failed; null when it did not'),
  createdAt: z.string(),
})

export const exportPairwiseSchema = z.looseObject({
  caseId: z.string(),
  round: z.int().min(1),
  evaluatorId: z.string(),
  runIdA: z.string(),
  runIdB: z.string(),
  winner: sideWinner
    .nullable()
    .describe(
      'both orders named the same side: that side; a tie in either, or the two orders naming different sides (flipped): tie; a judgement missing or failed: null (no verdict)',
    ),
  flipped: z
    .boolean()
    .describe('the winner changed with the order the responses were shown in (counted as a tie)'),
  judgements: z
    .array(exportPairwiseJudgementSchema)
    .describe(
      "the judgement that counts per order (the runs' current sessions), the seeded first order first",
    ),
})

const skillVersion = z.looseObject({ name: z.string(), label: z.string(), contentHash: z.string() })

export const exportSchema = z
  .looseObject({
    schema: z.literal(EXPORT_SCHEMA_ID),
    exportedAt: z.iso.datetime(),
    demo: z.literal(true).optional().describe("present (true) only in the bundled demo's exports"),
    task: z.looseObject({
      id: z.string(),
      name: z.string(),
      status: z.enum(['idle', 'running', 'done', 'canceled']),
      evaluationBatchId: z.string().nullable(),
      config: z
        .record(z.string(), z.unknown())
        .describe('the §4 task config as stored (defaults filled in); secret-named fields redacted'),
    }),
    skillVersions: z.looseObject({ a: skillVersion.nullable(), b: skillVersion.nullable() }),
    environment: z.looseObject({
      opencodeVersion: z.string().nullable(),
      agentModel: z.string().nullable(),
      judgeModel: z.string().nullable(),
      app: z.string(),
    }),
    runs: z.array(exportRunSchema),
    cases: z.array(exportCaseSchema),
    decision: exportDecisionSchema,
    pairwise: z
      .array(exportPairwiseSchema)
      .nullable()
      .optional()
      .describe(
        "the pairwise judge's comparisons, per case and round whose a and b runs both executed; null when the task has no pairwise evaluator",
      ),
  })
  .meta({
    title: 'Skill A/B export',
    description: `One A/B task with its runs, per-case summary and decision (${EXPORT_SCHEMA_ID}, DESIGN §10).`,
  })

/** An export document as validated (read back from a file): the binding keys, extras kept as unknown. */
export type ExportDocument = z.output<typeof exportSchema>
export type ExportRun = z.output<typeof exportRunSchema>
export type ExportEvaluation = z.output<typeof exportEvaluationSchema>
export type ExportCase = z.output<typeof exportCaseSchema>
export type ExportCaseStatus = z.output<typeof exportCaseStatusSchema>
export type ExportDecision = z.output<typeof exportDecisionSchema>
export type ExportPairwise = z.output<typeof exportPairwiseSchema>
