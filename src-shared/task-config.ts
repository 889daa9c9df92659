// The A/B task config (DESIGN §4, binding): one JSON shape for the UI, the CLI and the export.
import { z } from 'zod'

const nonEmpty = z.string().trim().min(1, 'must not be empty')
const modelName = z
  .string()
  .regex(/^[^/\s]+\/\S+$/, 'must be "provider/model" as opencode names it, e.g. "anthropic/claude-sonnet-4"')

export const skillRefSchema = z.strictObject({ path: nonEmpty, label: nonEmpty.optional() })

export const baselineSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('skill'), path: nonEmpty, label: nonEmpty.optional() }),
])

export const PRESET_EVALUATOR_IDS = ['preset-agent-task-completion', 'preset-agent-trace-quality'] as const
export const JUDGE_SCALES = [100, 10, 5, 1] as const

const weight = z.number().min(0, 'must be 0 or more').default(1)
export const evaluatorRefSchema = z.union([
  z.strictObject({ id: z.enum(PRESET_EVALUATOR_IDS), weight }),
  z.strictObject({
    id: nonEmpty,
    kind: z.literal('llm'),
    prompt: nonEmpty,
    scale: z.union(JUDGE_SCALES.map((s) => z.literal(s))).default(100),
    weight,
  }),
  z.strictObject({ id: nonEmpty, kind: z.literal('command'), command: nonEmpty, weight }),
])

export const agentSchema = z.strictObject({
  model: modelName,
  opencodeConfig: nonEmpty.optional(),
  driver: z.enum(['process', 'server']).default('process'),
  timeoutSec: z.number().int().min(5).max(86_400).default(600),
  idleTimeoutSec: z.number().int().min(5).max(86_400).default(120),
  concurrency: z.number().int().min(1).max(64).default(2),
})

export const judgeSchema = z.strictObject({
  model: modelName.optional(),
  concurrency: z.number().int().min(1).max(64).default(3),
  retries: z.number().int().min(0).max(10).default(2),
})

export const policySchema = z.strictObject({
  minLift: z.number().min(0).max(100).default(5),
  costBudget: z.number().min(0).default(0.2),
  costMetric: z.enum(['tokens', 'usd', 'time']).default('tokens'),
  stabilityTolerance: z.number().min(0).max(100).default(10),
  passThreshold: z.number().min(0).max(100).default(50),
  alpha: z.number().gt(0).lt(1).default(0.05),
})

export const taskConfigSchema = z.strictObject({
  name: nonEmpty,
  skill: skillRefSchema,
  baseline: baselineSchema.default({ kind: 'none' }),
  dataset: z.strictObject({ path: nonEmpty }),
  cases: z.array(z.union([nonEmpty, z.number()]).transform(String)).min(1).optional(),
  repeatRounds: z.number().int().min(1).max(20).default(3),
  agent: agentSchema,
  judge: judgeSchema.default({ concurrency: 3, retries: 2 }),
  evaluators: z
    .array(evaluatorRefSchema)
    .min(1)
    .default([{ id: 'preset-agent-task-completion', weight: 1 }]),
  policy: policySchema.default(policySchema.parse({})),
})

export type TaskConfigInput = z.input<typeof taskConfigSchema>
export type TaskConfig = z.output<typeof taskConfigSchema>
export type EvaluatorRef = z.output<typeof evaluatorRefSchema>
export type Policy = z.output<typeof policySchema>
export type Baseline = z.output<typeof baselineSchema>

/** One line per problem: the field path, what is wrong and, where we know it, what to do. */
export function describeConfigIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length ? issue.path.join('.') : '(top level)'
    if (issue.code === 'unrecognized_keys') {
      const base = issue.path.length ? `${where}.` : ''
      return `unknown key ${issue.keys.map((k) => `"${base}${k}"`).join(', ')}: remove it (see the config table in the README)`
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) return `${where}: required`
    return `${where}: ${issue.message}`
  })
}
