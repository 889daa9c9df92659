// What `skill-ab decide` reads, checked: one stdin line's experiment (runs, pairwise outcomes, policy fields)
// and the --policy file. Every problem is a message naming the field; nothing here decides.
import { resolve } from 'node:path'
import { z } from 'zod'
import { FAILURE_TYPES } from '../../../src-shared/run-state'
import { formatFieldPath } from '../../../src-shared/config-issues'
import { depthProblem } from '../../../src-shared/json-depth'
import { forbiddenKey, forbiddenKeyMessage } from '../../../src-shared/json-keys'
import { policySchema, type Policy } from '../../../src-shared/task-config'
import type { DecideOptions, ExperimentRun, PairwiseOutcome } from '../../stats/types'
import { InputError } from '../../inputs/errors'
import { parseJsonText } from '../../inputs/json-text'
import { readTextFile } from '../../inputs/text-file'

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
const lineSchema = z.strictObject(
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

function toRun(r: RunInput): ExperimentRun {
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

/** The first entry that repeats an earlier one's key, as an error message; null when all differ. */
function firstRepeat<T>(
  list: readonly T[],
  key: (x: T) => string,
  name: string,
  what: (x: T) => string,
): string | null {
  const seen = new Map<string, number>()
  for (const [i, x] of list.entries()) {
    const first = seen.get(key(x))
    if (first !== undefined) return `${name}[${i}] repeats ${what(x)} (${name}[${first}]): give each once`
    seen.set(key(x), i)
  }
  return null
}

const issues = (error: z.ZodError, prefix = ''): string =>
  error.issues
    .map((i) => {
      const field = formatFieldPath([...(prefix ? [prefix] : []), ...i.path])
      const message =
        i.code === 'unrecognized_keys'
          ? `unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.join(', ')}`
          : i.message
      return field ? `${field}: ${message}` : message
    })
    .join('; ')

/** A line's experiment, ready for `decide`. */
export interface Experiment {
  runs: ExperimentRun[]
  policy: Policy
  opts: DecideOptions
}

/** One stdin line → its experiment (policy fields: defaults < `base` < the line's), or the error message. */
export function parseLine(
  text: string,
  base: Record<string, unknown>,
): { ok: true; experiment: Experiment } | { ok: false; error: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return { ok: false, error: `not JSON (${(err as Error).message})` }
  }
  const deep = depthProblem(raw)
  if (deep) return { ok: false, error: deep.message }
  const forbidden = forbiddenKey(raw)
  if (forbidden) return { ok: false, error: forbiddenKeyMessage(forbidden) }
  const line = lineSchema.safeParse(raw)
  if (!line.success) return { ok: false, error: issues(line.error) }
  const policy = policySchema.safeParse({ ...base, ...line.data.policy })
  if (!policy.success) return { ok: false, error: issues(policy.error, 'policy') }
  const { runs, pairwise, baselineHasSkill } = line.data
  const repeat =
    firstRepeat(
      runs,
      (r) => JSON.stringify([r.caseId, r.side, r.round]),
      'runs',
      (r) => `case "${r.caseId}" side ${r.side} round ${r.round}`,
    ) ??
    firstRepeat(
      pairwise ?? [],
      (p) => JSON.stringify([p.caseId, p.round]),
      'pairwise',
      (p) => `case "${p.caseId}" round ${p.round}`,
    )
  if (repeat) return { ok: false, error: repeat }
  const opts: DecideOptions = {
    ...(pairwise ? { pairwise: pairwise.map((p): PairwiseOutcome => ({ ...p })) } : {}),
    ...(baselineHasSkill !== undefined ? { baselineHasSkill } : {}),
  }
  return { ok: true, experiment: { runs: runs.map(toRun), policy: policy.data as Policy, opts } }
}

/** The largest --policy file read. */
const MAX_POLICY_BYTES = 1024 * 1024

/**
 * The --policy file's fields, checked on their own (defaults are filled in per line, after merging). The
 * file is read as every input file is (a regular file, UTF-8); `readFile` stands in for it (tests).
 */
export function loadPolicyFile(
  path: string,
  cwd: string,
  readFile?: (path: string) => string,
): { ok: true; fields: Record<string, unknown> } | { ok: false; error: string } {
  const abs = resolve(cwd, path)
  const shown = `--policy ${path}`
  let raw: unknown
  try {
    // The reader every JSON input goes through: a regular UTF-8 file, a byte-order mark dropped.
    const text = readFile
      ? readFile(abs)
      : readTextFile(abs, {
          shown,
          what: 'policy file',
          maxBytes: MAX_POLICY_BYTES,
          fix: `check the path (resolved against the current folder: ${abs}); give a JSON file of policy fields, e.g. {"minLift": 5}`,
        })
    raw = parseJsonText(text, shown, 'fix the JSON syntax of the policy file')
  } catch (err) {
    if (err instanceof InputError) return { ok: false, error: err.message }
    return { ok: false, error: `${shown}: ${(err as Error).message}` }
  }
  const deep = depthProblem(raw)
  if (deep) return { ok: false, error: `--policy ${path}: ${deep.message}` }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return {
      ok: false,
      error: `--policy ${path}: must be a JSON object of policy fields, e.g. {"minLift": 5}`,
    }
  const forbidden = forbiddenKey({ policy: raw })
  if (forbidden) return { ok: false, error: `--policy ${path}: ${forbiddenKeyMessage(forbidden)}` }
  const checked = policySchema.safeParse(raw)
  if (!checked.success) return { ok: false, error: `--policy ${path}: ${issues(checked.error, 'policy')}` }
  return { ok: true, fields: raw as Record<string, unknown> }
}
