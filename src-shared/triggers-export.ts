// The trigger evaluation export (skill-ab/triggers@1, docs/triggers.md): one trigger task with its queries,
// every probe, the metrics per description version and the description A/B verdict.
import { z } from 'zod'
import { exportOfferedSkillsSchema } from './export'
import { count, nullableNum } from './export-zod'
import { descriptionComparisonSchema, probeChoiceSchema, triggerSummarySchema } from './trigger-eval'

export const TRIGGERS_SCHEMA_ID = 'skill-ab/triggers@1'

const version = z.enum(['a', 'b'])
const skillVersion = z.looseObject({ name: z.string(), label: z.string(), contentHash: z.string() })
const tokens = z.looseObject({
  input: count,
  output: count,
  reasoning: count,
  cacheRead: count,
  cacheWrite: count,
})

const probe = z.looseObject({
  version,
  queryId: z.string(),
  round: z.int().min(1),
  status: z.enum(['pending', 'running', 'done', 'failed', 'canceled']),
  choice: probeChoiceSchema.nullable().describe('this skill, another skill or none; null without a result'),
  skill: z.string().nullable().describe('the skill the agent called, if any'),
  step: z.int().min(1).nullable().describe('the model turn of the skill call'),
  steps: count.describe('model turns the probe took'),
  tokens,
  costUsd: nullableNum,
  durationMs: z.int().min(0).nullable(),
  message: z.string().nullable().describe('why a probe has no result (redacted)'),
  offeredSkills: exportOfferedSkillsSchema.describe(
    "the evidence: the skills (built-ins left out) the probe's instance offered just before its session (`GET /skill` on its work dir), which must be exactly the skill and the competing skills; null or absent when there is none",
  ),
})

const spend = z.looseObject({
  probes: count.describe('probes that started at least once'),
  tokens: count.describe('all kinds summed'),
  costUsd: nullableNum.describe('null when no probe had a price'),
  seconds: z.number().min(0),
})

export const triggersExportSchema = z
  .looseObject({
    schema: z.literal(TRIGGERS_SCHEMA_ID),
    exportedAt: z.iso.datetime(),
    task: z.looseObject({
      id: z.string(),
      name: z.string(),
      status: z.enum(['idle', 'running', 'done', 'canceled']),
      config: z.record(z.string(), z.unknown()).describe('the trigger config as stored (defaults filled in)'),
    }),
    skillVersions: z.looseObject({ a: skillVersion.nullable(), b: skillVersion }),
    competing: z.array(z.looseObject({ name: z.string(), contentHash: z.string() })),
    environment: z.looseObject({ opencodeVersion: z.string().nullable(), app: z.string() }),
    queries: z.array(z.looseObject({ id: z.string(), query: z.string(), shouldTrigger: z.boolean() })),
    probes: z.array(probe),
    results: z.looseObject({ a: triggerSummarySchema.nullable(), b: triggerSummarySchema }),
    comparison: descriptionComparisonSchema.nullable().describe('null without compareWith'),
    spend: z.looseObject({ a: spend, b: spend }),
  })
  .meta({
    title: 'Skill A/B trigger evaluation export',
    description: `One trigger task: its queries, probes, metrics and description A/B verdict (${TRIGGERS_SCHEMA_ID}).`,
  })

export type TriggersExport = z.output<typeof triggersExportSchema>
