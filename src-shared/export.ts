// The export document: its zod schema, TS type and schema id; the JSON Schema derives from it.
import { runSandboxSchema, sandboxDenialSchema } from './run-sandbox'
import { z } from 'zod'
import { exportDecisionSchema } from './export-decision'
import { exportSpendSchema } from './export-spend'
import { exportNoiseFloorSchema } from './export-noise-floor'
import { exportFullSchema, exportRunReviewSchema } from './export-review'
import { exportShardSchema } from './export-shard'
import { count, nonNegative, nullableNum, nullableScore, score } from './export-zod'
import { refineName } from './printable-name'

export * from './export-decision'
export * from './export-review'

export const EXPORT_SCHEMA_ID = 'skill-ab/export@2'
/** The first version: its decision has no failures, trigger, pairwise, primary or warnings (see export-read). */
export const EXPORT_SCHEMA_V1 = 'skill-ab/export@1'

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
  'judge_tampering',
])
export const exportCaseStatusSchema = z.enum(['pending', 'running', 'scored', 'partial', 'failed'])

export const exportCorrectionSchema = z.looseObject({
  score,
  note: z.string(),
  by: z.string(),
  at: z.string(),
})

export const exportJudgeAgreementSchema = z
  .looseObject({
    evaluatorId: z.string(),
    n: count.describe('corrected runs (human labels) with a judge score from the same execution'),
    meanAbsDiff: nullableNum.describe('mean |judge − human| in points (0–100); null when n is 0'),
    meanDiff: nullableNum.describe(
      'mean judge − human in points: below 0 the judge scores lower than you; null when n is 0',
    ),
    within10: nullableNum.describe('share (0–1) of labels where judge and human are at most 10 points apart'),
    spearman: nullableNum.describe(
      "Spearman rank correlation of judge and human scores (ties take average ranks); null when n < 5 or a side's scores are all equal",
    ),
  })
  .describe("the judge against the human corrections of one evaluator's scores")

export const exportEvaluationSchema = z.looseObject({
  id: z.string(),
  evaluatorId: z.string(),
  evaluatorRunId: z.string(),
  status: z.enum(['done', 'failed']),
  score: nullableScore.describe("the judge's score on 0–100; a human correction, if any, is in `correction`"),
  reason: z.string().nullable(),
  parseStrategy: z.enum(['direct_json', 'repaired_json', 'regex_json', 'regex_score']).nullable(),
  correction: exportCorrectionSchema
    .nullable()
    .describe(
      "{score, note, by, at} or null: the human correction in force for the run's current execution and this evaluator; it replaces `score` in the row score and outlasts a re-judge",
    ),
  createdAt: z.string(),
  reusedFrom: z
    .string()
    .nullable()
    .optional()
    .describe(
      "the id of the result this one copies (baseline reuse: the same evaluators judged this execution in another task); null when judged in this task's batch",
    ),
  expectations: z
    .array(
      z.object({
        expectation: z.string(),
        passed: z.boolean(),
        evidence: z.string().describe("what in the run shows it, or what is missing (the judge's words)"),
      }),
    )
    .optional()
    .describe(
      "an expectations evaluator (preset-expectations): the verdict on each of the case's expectations, in their order; `score` is the share passed (0–100)",
    ),
})

export const exportTokensSchema = z.looseObject({
  input: count,
  output: count,
  reasoning: count,
  cacheRead: count,
  cacheWrite: count,
})

/** The evidence of a run or probe (docs/opencode.md "Evidence per run"). */
export const exportOfferedSkillsSchema = z
  .array(
    z.object({
      name: z.string(),
      location: z
        .string()
        .describe(
          "its SKILL.md: relative to skill-ab's data dir (`skills/<name>/<content hash>/<name>/SKILL.md` for a side's snapshot) when inside it",
        ),
    }),
  )
  .nullable()
  .optional()

export const exportRunSchema = z.looseObject({
  id: z.string(),
  caseId: z.string(),
  side: z.enum(['a', 'b']),
  round: z.int().min(1),
  startedBy: z.string().nullable(),
  status: exportRunStatusSchema,
  failureType: exportFailureTypeSchema.nullable(),
  failureMessage: z
    .string()
    .nullable()
    .optional()
    .describe(
      "why the run failed, as recorded: the execution's error, the evaluation's, or (judge_tampering) the passages the tamper screen found, quoted",
    ),
  sessionId: z.string().nullable(),
  offeredSkills: exportOfferedSkillsSchema.describe(
    "the evidence that the run had exactly its side's skill: the skills (built-ins left out) its opencode offered, read just before its session from the instance (server driver: `GET /skill` on the run's work dir) or env (process driver: `opencode debug skill` in the run's env and work dir) that ran it; null or absent when there is none (it never started a session, or it ran before skill-ab recorded this). A run whose session ran without exactly its side's skills here is not counted by the decision",
  ),
  skillVisible: z
    .boolean()
    .nullable()
    .describe("offeredSkills held the side's own skill; null without evidence"),
  sandbox: runSandboxSchema
    .nullable()
    .optional()
    .describe(
      "the OS sandbox the run's agent was started in (skill-ab's docs/sandbox.md); null or absent when not recorded (it never started its agent, or it ran before skill-ab recorded this). A run whose agent ran without it counts in the decision's no-sandbox warning",
    ),
  sandboxDenials: z
    .array(sandboxDenialSchema)
    .nullable()
    .optional()
    .describe(
      "what the sandbox blocked during the run, each once (at most 50): a read of a hidden path, a write outside the run's dirs, a connection to anything but the model provider; counted per side in the decision's sandbox-denials warning",
    ),
  tamperingCleared: exportCorrectionSchema
    .nullable()
    .optional()
    .describe(
      "a person's word that the tamper screen was wrong about the run's current execution (its note, who, when): the run was judged although its material reads as addressed to the grader; null or absent when not cleared",
    ),
  skillLoaded: z.boolean().nullable(),
  tokens: exportTokensSchema,
  costUsd: nonNegative.nullable().describe('dollars; null when the price is unknown'),
  durationMs: nonNegative
    .nullable()
    .describe('execution start to executed; null when the run has not executed'),
  score: nullableScore.describe('row score on 0–100, null until scored'),
  evaluations: z
    .array(exportEvaluationSchema)
    .describe("the latest result per evaluator of the run's current attempt"),
  reusedFrom: z
    .looseObject({ runId: z.string(), taskId: z.string() })
    .nullable()
    .optional()
    .describe(
      'baseline reuse: the run (and its task) that executed this a-run, linked instead of executed again (that task may since have been deleted); null when it executed in this task',
    ),
  review: exportRunReviewSchema.optional(),
})

const caseSide = z.looseObject({
  status: exportCaseStatusSchema.describe(
    'first match: pending (all pending), running (any not terminal), scored (all scored), partial (some scored), failed',
  ),
  score: nullableScore.describe(
    "the side's mean over its rounds as the decision counts them, on 0–100 (a failure the agent is answerable for scores policy.failedRunScore; other failures and unscored rounds are left out); null if none",
  ),
})
export const exportCaseSchema = z.looseObject({
  caseId: z.string(),
  caseHash: z
    .string()
    .nullable()
    .optional()
    .describe(
      "the content hash of the case its runs executed (prompt, files, expected output, expectations): two experiments' cases with one id and different hashes are different cases; null when unknown, absent in exports written before it existed",
    ),
  a: caseSide,
  b: caseSide,
})

const skillVersion = z.looseObject({
  name: z.string(),
  label: z.string(),
  contentHash: z.string(),
  hashRecipe: z
    .int()
    .min(1)
    .optional()
    .describe(
      'how contentHash was computed: 1 = every file; 2 = without evals/, .skillabignore and what it lists (absent before @2)',
    ),
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

export const exportPairwiseComparisonSchema = z.looseObject({
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

export const exportSchema = z
  .looseObject({
    schema: z.literal(EXPORT_SCHEMA_ID),
    exportedAt: z.iso.datetime(),
    demo: z.literal(true).optional().describe("present (true) only in the bundled demo's exports"),
    task: z.looseObject({
      id: z.string(),
      name: z.string().superRefine(refineName),
      status: z.enum(['idle', 'running', 'done', 'canceled']),
      evaluationBatchId: z.string().nullable(),
      config: z
        .record(z.string(), z.unknown())
        .describe('the task config as stored (defaults filled in); secret-named fields redacted'),
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
    spend: exportSpendSchema
      .optional()
      .describe('what the task was paid; absent in exports written before it existed'),
    reused: z
      .looseObject({
        runs: count.describe(
          "a-runs linked to earlier tasks' executions (runs[].reusedFrom) instead of executed",
        ),
        judged: count.describe('of those, runs whose judge results were copied (evaluations[].reusedFrom)'),
        usd: z
          .number()
          .min(0)
          .describe(
            'the dollars of those executions and copied judgements (paid by the tasks they came from)',
          ),
        unpriced: count.describe('of those, items that used tokens without a known price'),
      })
      .optional()
      .describe('baseline reuse: what linking saved this task; absent in exports written before it existed'),
    shard: exportShardSchema.optional(),
    noiseFloor: exportNoiseFloorSchema
      .nullable()
      .optional()
      .describe(
        'A/A calibration: the noise floor of the latest calibration of the same dataset, agent model and baseline; null when none was measured, absent in exports written before it existed',
      ),
    judgeAgreement: z
      .array(exportJudgeAgreementSchema)
      .describe(
        "per evaluator of the task: its judge's agreement with your corrections (every correction is a label)",
      ),
    full: exportFullSchema.optional(),
    pairwise: z
      .array(exportPairwiseComparisonSchema)
      .nullable()
      .optional()
      .describe(
        "the pairwise judge's comparisons, per case and round whose a and b runs both executed; null when the task has no pairwise evaluator",
      ),
  })
  .meta({
    title: 'Skill A/B export',
    description: `One A/B task with its runs, per-case summary and decision (${EXPORT_SCHEMA_ID}).`,
  })

/** An export document as validated (read back from a file): the binding keys, extras kept as unknown. */
export type ExportDocument = z.output<typeof exportSchema>
export type ExportRun = z.output<typeof exportRunSchema>
export type ExportEvaluation = z.output<typeof exportEvaluationSchema>
export type ExportCase = z.output<typeof exportCaseSchema>
export type ExportCaseStatus = z.output<typeof exportCaseStatusSchema>
export type ExportDecision = z.output<typeof exportDecisionSchema>
export type JudgeAgreement = z.output<typeof exportJudgeAgreementSchema>
export type ExportPairwiseComparison = z.output<typeof exportPairwiseComparisonSchema>
