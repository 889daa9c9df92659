// The A/B task config (binding): one JSON shape for the UI, the CLI and the export.
import { z } from 'zod'
import type { KnownKeys } from './config-issues'
import { PRESET_EVALUATOR_IDS } from './evaluator-ids'
import { got, nonEmpty, pathText, printableName } from './config-text'

const kindOf = (input: unknown): unknown => (input as { kind?: unknown } | undefined)?.kind
const badKind = (input: unknown): string =>
  kindOf(input) === undefined ? '"kind" is missing' : `unknown kind ${got(kindOf(input))}`

export const modelName = z.string().regex(/^[^/\s]+\/\S+$/, {
  error: (iss) =>
    `${got(iss.input)} has no provider: write "provider/model" as opencode names it, e.g. "anthropic/claude-sonnet-4"`,
})

/** A whole number in [min, max] whose messages say the range and what was given. */
export function intIn(min: number, max: number) {
  const error = (iss: { input?: unknown }) =>
    iss.input === undefined
      ? undefined
      : `must be a whole number from ${min} to ${max} (got ${got(iss.input)})`
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error })
}

/** A number in [min, max] (bounds may be open) with a message that says the range. */
export function numberIn(min: number, max: number | null, openMin = false, openMax = false) {
  const low = `${openMin ? 'above' : 'at least'} ${min}`
  const range =
    max === null ? low : `${openMin ? 'above' : 'from'} ${min} ${openMax ? 'to below' : 'to'} ${max}`
  const error = (iss: { input?: unknown }) =>
    iss.input === undefined ? undefined : `must be a number ${range} (got ${got(iss.input)})`
  let schema = z.number({ error })
  schema = openMin ? schema.gt(min, { error }) : schema.min(min, { error })
  if (max !== null) schema = openMax ? schema.lt(max, { error }) : schema.max(max, { error })
  return schema
}

/**
 * A skill version kept in git (README "Skill versions from git"): the folder `path` of the commit `ref`
 * names in the repository `repo`. `commit` is what a task stored when it was made: it pins the version.
 */
export const gitRefSchema = z.strictObject({
  repo: pathText,
  ref: nonEmpty,
  path: pathText,
  commit: z
    .strictObject({
      sha: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'must be a full commit id (40 hex digits)'),
      subject: z.string(),
    })
    .optional(),
})

/** A skill is a folder (`path`) or a folder in a git commit (`git`): exactly one of them. */
const oneSource = (ref: { path?: string; git?: unknown }, ctx: z.RefinementCtx): void => {
  if ((ref.path === undefined) !== (ref.git === undefined)) return
  ctx.addIssue({
    code: 'custom',
    message:
      ref.path === undefined
        ? 'give "path" (a folder holding SKILL.md) or "git" ({"repo", "ref", "path"})'
        : 'give "path" or "git", not both',
  })
}

const skillSource = {
  path: pathText.optional(),
  git: gitRefSchema.optional(),
  label: printableName.optional(),
}

export const skillRefSchema = z.strictObject(skillSource).superRefine(oneSource)
/** A skill folder only (trigger evaluations read folders). */
export const skillFolderSchema = z.strictObject({ path: pathText, label: printableName.optional() })

export const baselineSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({ kind: z.literal('skill'), ...skillSource }).superRefine(oneSource),
  ],
  {
    error: (iss) =>
      iss.code === 'invalid_union'
        ? `${badKind(iss.input)}: use {"kind": "none"} or {"kind": "skill", "path": "…"} (or "git" in place of "path")`
        : undefined,
  },
)

export { PRESET_EVALUATOR_IDS }
export const JUDGE_SCALES = [100, 10, 5, 1] as const

const INLINE_HINT =
  'give "kind": "llm" with "prompt", "kind": "command" with "command", "kind": "pairwise" with "prompt", or "kind": "expectations"'
const weight = numberIn(0, null).default(1)
const inlineId = printableName.refine((id) => !(PRESET_EVALUATOR_IDS as readonly string[]).includes(id), {
  error: (iss) => `${got(iss.input)} is a preset's id: give your evaluator another id`,
})

export const evaluatorRefSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.undefined().optional(),
      id: z.enum(PRESET_EVALUATOR_IDS, {
        error: (iss) =>
          `unknown evaluator ${got(iss.input)}: use a preset (${PRESET_EVALUATOR_IDS.join(', ')}) or ${INLINE_HINT}`,
      }),
      weight,
    }),
    z.strictObject({
      id: inlineId,
      kind: z.literal('llm'),
      prompt: nonEmpty,
      scale: z
        .union(
          JUDGE_SCALES.map((s) => z.literal(s)),
          { error: (iss) => `must be one of ${JUDGE_SCALES.join(', ')} (got ${got(iss.input)})` },
        )
        .default(100),
      weight,
    }),
    z.strictObject({ id: inlineId, kind: z.literal('command'), command: nonEmpty, weight }),
    // Compares the two sides' outcomes of a case and round; never part of a run's score (so no weight).
    z.strictObject({ id: inlineId, kind: z.literal('pairwise'), prompt: nonEmpty }),
    // A verdict per expectation of the case, scored by the share passed; the prompt defaults to the preset's.
    z.strictObject({ id: inlineId, kind: z.literal('expectations'), prompt: nonEmpty.optional(), weight }),
  ],
  {
    error: (iss) =>
      iss.code === 'invalid_union'
        ? `${badKind(iss.input)}: leave "kind" out for a preset, or ${INLINE_HINT}`
        : undefined,
  },
)

export const agentSchema = z.strictObject({
  model: modelName,
  opencodeConfig: pathText.optional(),
  driver: z
    .enum(['process', 'server'], { error: (iss) => `must be "process" or "server" (got ${got(iss.input)})` })
    .default('server'),
  timeoutSec: intIn(5, 86_400).default(600),
  idleTimeoutSec: intIn(5, 86_400).default(120),
  concurrency: intIn(1, 64).default(2),
  sandbox: z
    .enum(['auto', 'required', 'off'], {
      error: (iss) => `must be "auto", "required" or "off" (got ${got(iss.input)})`,
    })
    .default('auto'),
})

export const judgeSchema = z.strictObject({
  model: modelName.optional(),
  concurrency: intIn(1, 64).default(3),
  retries: intIn(0, 10).default(2),
})

export const policySchema = z.strictObject({
  minLift: numberIn(0, 100).default(5),
  costBudget: numberIn(0, null).default(0.2),
  costMetric: z
    .enum(['tokens', 'usd', 'time'], {
      error: (iss) => `must be "tokens", "usd" or "time" (got ${got(iss.input)})`,
    })
    .default('tokens'),
  stabilityTolerance: numberIn(0, 100).default(10),
  passThreshold: numberIn(0, 100).default(50),
  alpha: numberIn(0, 1, true, true).default(0.05),
  /** The score of a run that failed in a way the agent under test is answerable for (timeout, crash, agent error). */
  failedRunScore: z
    .union([z.literal(0), z.literal('missing')], {
      error: (iss) => `must be 0 or "missing" (got ${got(iss.input)})`,
    })
    .default(0),
  /** Failures dimension: the tolerated rise in b's share of attributable failures over a's. */
  failureTolerance: numberIn(0, 1).default(0.1),
  /** Below this share of b runs invoking the skill, the decision warns `low-trigger-rate`. */
  minTriggerRate: numberIn(0, 1).default(0.5),
  /** Which judgement decides capability: the pointwise scores (default) or the pairwise judge. */
  primary: z
    .enum(['pointwise', 'pairwise'], {
      error: (iss) => `must be "pointwise" or "pairwise" (got ${got(iss.input)})`,
    })
    .default('pointwise'),
})

/**
 * A hard cap on what executing the task may spend (docs/decision.md "Budget"): an execution setting, free to
 * change on resume. `maxRuns` counts agent executions (re-executions included).
 */
export const budgetSchema = z.strictObject({
  maxCostUsd: numberIn(0, null, true).optional(),
  maxRuns: intIn(1, 10_000_000).optional(),
})

export const evaluatorList = z
  .array(evaluatorRefSchema)
  .min(1, 'must list at least one evaluator (or leave "evaluators" out for the default)')
  .superRefine((list, ctx) => {
    const seen = new Set<string>()
    list.forEach((ref, i) => {
      if (seen.has(ref.id))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `duplicate evaluator id "${ref.id}": list each once`,
        })
      seen.add(ref.id)
    })
  })

/**
 * Adaptive rounds (docs/decision.md, "Adaptive rounds"): every case starts with `min` rounds per side and
 * uncertain cases get more, up to `max`, until the verdict is settled. In place of `repeatRounds`.
 */
export const adaptiveRoundsSchema = z
  .strictObject({ min: intIn(1, 20), max: intIn(1, 20) })
  .refine((r) => r.min <= r.max, { message: 'min must not be above max', path: ['max'] })

export const taskConfigSchema = z.strictObject({
  name: printableName,
  skill: skillRefSchema,
  baseline: baselineSchema.default({ kind: 'none' }),
  dataset: z.strictObject({ path: pathText }),
  cases: z
    .array(
      z
        .union([nonEmpty, z.number()], { error: 'must be a case id (a string or a number)' })
        .transform(String),
    )
    .min(1, 'must list at least one case id (or leave "cases" out to run them all)')
    .optional(),
  repeatRounds: intIn(1, 20).default(3),
  adaptiveRounds: adaptiveRoundsSchema.optional(),
  agent: agentSchema,
  judge: judgeSchema.default({ concurrency: 3, retries: 2 }),
  evaluators: evaluatorList.default([{ id: 'preset-agent-task-completion', weight: 1 }]),
  policy: policySchema.default(policySchema.parse({})),
  /** Side-a runs may be linked to earlier tasks' executions of the same baseline (README "Baseline reuse"). */
  reuseBaseline: z.boolean({ error: 'must be true or false' }).default(true),
  budget: budgetSchema.optional(),
})

/** The judge's model: `judge.model`, else the agent's (none: a stored config with neither). */
export function judgeModelOf(config: { judge?: JudgeModel; agent: { model: string } }): string
export function judgeModelOf(config: { judge?: JudgeModel; agent?: { model: string } }): string | undefined
export function judgeModelOf(config: { judge?: JudgeModel; agent?: { model: string } }): string | undefined {
  return config.judge?.model ?? config.agent?.model
}
type JudgeModel = { model?: string | undefined } | undefined

/** The most rounds a case of the task may get: adaptiveRounds.max when set, else repeatRounds. */
export function maxRoundsOf(config: Pick<TaskConfig, 'repeatRounds' | 'adaptiveRounds'>): number {
  return config.adaptiveRounds?.max ?? config.repeatRounds
}

/** What a config that leaves a setting out gets (the setup form starts from them): the schema's defaults. */
export const CONFIG_DEFAULTS = taskConfigSchema
  .pick({ repeatRounds: true, judge: true, policy: true, reuseBaseline: true })
  .extend({ agent: agentSchema.omit({ model: true, opencodeConfig: true }) })
  .parse({ agent: {} })

export type TaskConfigInput = z.input<typeof taskConfigSchema>
export type TaskConfig = z.output<typeof taskConfigSchema>
export type EvaluatorRef = z.output<typeof evaluatorRefSchema>
export type Policy = z.output<typeof policySchema>
export type Baseline = z.output<typeof baselineSchema>
export type Budget = z.output<typeof budgetSchema>
export type GitRef = z.output<typeof gitRefSchema>

/** The keys each object of a task config knows (for "did you mean" suggestions). */
export const TASK_KNOWN_KEYS: KnownKeys = {
  '': Object.keys(taskConfigSchema.shape),
  skill: Object.keys(skillSource),
  'skill.git': Object.keys(gitRefSchema.shape),
  'skill.git.commit': ['sha', 'subject'],
  baseline: ['kind', 'path', 'git', 'label'],
  'baseline.git': Object.keys(gitRefSchema.shape),
  'baseline.git.commit': ['sha', 'subject'],
  dataset: ['path'],
  adaptiveRounds: ['min', 'max'],
  agent: Object.keys(agentSchema.shape),
  judge: Object.keys(judgeSchema.shape),
  policy: Object.keys(policySchema.shape),
  budget: Object.keys(budgetSchema.shape),
  'evaluators[]': ['id', 'kind', 'prompt', 'scale', 'command', 'weight'],
}
