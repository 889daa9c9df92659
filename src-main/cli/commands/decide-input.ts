// What one line of `skill-ab decide`'s input may hold (its usage lists it): runs, policy fields, pairwise
// outcomes; each field's message says what it takes and what it got.
import { z } from 'zod'
import { FAILURE_TYPES } from '../../../src-shared/run-state'
import type { ExperimentRun } from '../../stats/types'

const got = (input: unknown): string => (input === undefined ? 'nothing' : JSON.stringify(input))
const amount = z
  .number({ error: (iss) => `must be a number ≥ 0 or null (got ${got(iss.input)})` })
  .min(0, { error: (iss) => `must be a number ≥ 0 or null (got ${got(iss.input)})` })
  .nullable()
  .optional()
const tokenKind = z
  .number({ error: (iss) => `must be a number ≥ 0 (got ${got(iss.input)})` })
  .min(0, { error: (iss) => `must be a number ≥ 0 (got ${got(iss.input)})` })
  .optional()
const tokensSchema = z
  .union(
    [
      z.number().min(0),
      z.strictObject({
        input: tokenKind,
        output: tokenKind,
        reasoning: tokenKind,
        cacheRead: tokenKind,
        cacheWrite: tokenKind,
      }),
    ],
    {
      error: (iss) =>
        `must be a number ≥ 0, {input, output, reasoning, cacheRead, cacheWrite} or null (got ${got(iss.input)})`,
    },
  )
  .nullable()
  .optional()

const caseId = z
  .union([z.string().min(1), z.number()], {
    error: (iss) => `must be a case id, a non-empty text or a number (got ${got(iss.input)})`,
  })
  .transform(String)
const round = z
  .number({ error: (iss) => `must be a whole number ≥ 1 (got ${got(iss.input)})` })
  .int({ error: (iss) => `must be a whole number ≥ 1 (got ${got(iss.input)})` })
  .min(1, { error: (iss) => `must be a whole number ≥ 1 (got ${got(iss.input)})` })

/** A run as `decide` reads it; other keys (an export's `id`, `status`, …) are ignored. */
const runSchema = z.looseObject({
  caseId,
  side: z.enum(['a', 'b'], { error: (iss) => `must be "a" or "b" (got ${got(iss.input)})` }),
  round,
  score: z
    .number({
      error: (iss) => `must be a number from 0 to 100, or null when missing (got ${got(iss.input)})`,
    })
    .min(0, { error: (iss) => `must be a number from 0 to 100 (got ${got(iss.input)})` })
    .max(100, { error: (iss) => `must be a number from 0 to 100 (got ${got(iss.input)})` })
    .nullable()
    .optional(),
  tokens: tokensSchema,
  costUsd: amount,
  durationMs: amount,
  failureType: z
    .enum(FAILURE_TYPES, {
      error: (iss) => `must be one of ${FAILURE_TYPES.join(', ')}, or null (got ${got(iss.input)})`,
    })
    .nullable()
    .optional(),
  skillLoaded: z
    .boolean({ error: (iss) => `must be true, false or null (got ${got(iss.input)})` })
    .nullable()
    .optional(),
})
const pairwiseSchema = z.strictObject({
  caseId,
  round,
  winner: z
    .enum(['a', 'b', 'tie'], {
      error: (iss) => `must be "a", "b", "tie" or null (no verdict) (got ${got(iss.input)})`,
    })
    .nullable(),
  flipped: z.boolean({ error: (iss) => `must be true or false (got ${got(iss.input)})` }).optional(),
})
const LINE_SHAPE =
  '{"runs": [...], "policy"?: {...}, "pairwise"?: [{caseId, round, winner, flipped?}], "baselineHasSkill"?: true|false}'
export const lineSchema = z.strictObject(
  {
    runs: z.array(runSchema, { error: (iss) => `must be an array of runs (got ${got(iss.input)})` }),
    policy: z.record(z.string(), z.unknown(), { error: 'must be an object of policy fields' }).optional(),
    pairwise: z
      .array(pairwiseSchema, {
        error: (iss) => `must be an array of {caseId, round, winner, flipped?} (got ${got(iss.input)})`,
      })
      .optional(),
    baselineHasSkill: z
      .boolean({ error: (iss) => `must be true or false (got ${got(iss.input)})` })
      .optional(),
  },
  { error: (iss) => (iss.code === 'invalid_type' ? `must be a JSON object ${LINE_SHAPE}` : undefined) },
)

type RunInput = z.output<typeof runSchema>

export function toRun(r: RunInput): ExperimentRun {
  const tokens =
    r.tokens === null || r.tokens === undefined
      ? null
      : typeof r.tokens === 'number'
        ? r.tokens
        : (r.tokens.input ?? 0) +
          (r.tokens.output ?? 0) +
          (r.tokens.reasoning ?? 0) +
          (r.tokens.cacheRead ?? 0) +
          (r.tokens.cacheWrite ?? 0)
  const durationMs = r.durationMs ?? null
  const failureType = r.failureType ?? null
  return {
    caseId: r.caseId,
    side: r.side,
    round: r.round,
    score: r.score ?? null,
    tokens,
    costUsd: r.costUsd ?? null,
    durationMs,
    executed: failureType === null && (tokens !== null || durationMs !== null),
    failureType,
    skillLoaded: r.skillLoaded ?? null,
  }
}
