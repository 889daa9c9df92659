// `skill-ab decide [--policy p.json]`: one experiment per stdin line in, one §10 decision per stdout line out.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { formatFieldPath, policySchema, type Policy } from '../../../src-shared/task-config'
import { decide } from '../../stats/decide'
import type { ExperimentRun } from '../../stats/types'
import { UsageError } from '../args'
import { EXIT, type Command, type Io } from '../command'
import { readProcessStdin } from '../stdin'

/** An Io that may bring its own stdin and files (tests); without them the command uses the process's. */
export type DecideIo = Io & { readStdin?: () => Promise<string>; readFile?: (path: string) => string }

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

/** A run as `decide` reads it; other keys (an export's `id`, `status`, …) are ignored. */
const runSchema = z.looseObject({
  caseId: z
    .union([z.string().min(1), z.number()], {
      error: (iss) => `must be a case id, a non-empty text or a number (got ${got(iss.input)})`,
    })
    .transform(String),
  side: z.enum(['a', 'b'], { error: (iss) => `must be "a" or "b" (got ${got(iss.input)})` }),
  round: z
    .number({ error: (iss) => `must be a whole number ≥ 1 (got ${got(iss.input)})` })
    .int({ error: (iss) => `must be a whole number ≥ 1 (got ${got(iss.input)})` })
    .min(1, { error: (iss) => `must be a whole number ≥ 1 (got ${got(iss.input)})` }),
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
})
const lineSchema = z.strictObject(
  {
    runs: z.array(runSchema, { error: (iss) => `must be an array of runs (got ${got(iss.input)})` }),
    policy: z.record(z.string(), z.unknown(), { error: 'must be an object of policy fields' }).optional(),
  },
  {
    error: (iss) =>
      iss.code === 'invalid_type' ? 'must be a JSON object {"runs": [...], "policy"?: {...}}' : undefined,
  },
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
  return {
    caseId: r.caseId,
    side: r.side,
    round: r.round,
    score: r.score ?? null,
    tokens,
    costUsd: r.costUsd ?? null,
    durationMs,
    executed: tokens !== null || durationMs !== null,
  }
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

/** One stdin line → the decision's JSON, or the error message (without the "line N: " prefix). */
export function decideLine(
  text: string,
  base: Record<string, unknown>,
): { ok: true; json: string } | { ok: false; error: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return { ok: false, error: `not JSON (${(err as Error).message})` }
  }
  const line = lineSchema.safeParse(raw)
  if (!line.success) return { ok: false, error: issues(line.error) }
  const policy = policySchema.safeParse({ ...base, ...line.data.policy })
  if (!policy.success) return { ok: false, error: issues(policy.error, 'policy') }
  const seen = new Map<string, number>()
  for (const [i, r] of line.data.runs.entries()) {
    const key = JSON.stringify([r.caseId, r.side, r.round])
    const first = seen.get(key)
    if (first !== undefined)
      return {
        ok: false,
        error: `runs[${i}] repeats case "${r.caseId}" side ${r.side} round ${r.round} (runs[${first}]): give each once`,
      }
    seen.set(key, i)
  }
  return { ok: true, json: JSON.stringify(decide(line.data.runs.map(toRun), policy.data as Policy)) }
}

/** The --policy file's fields, checked on their own (defaults are filled in per line, after merging). */
function loadPolicyFile(
  path: string,
  io: DecideIo,
): { ok: true; fields: Record<string, unknown> } | { ok: false; error: string } {
  let raw: unknown
  try {
    raw = JSON.parse((io.readFile ?? ((p: string) => readFileSync(p, 'utf8')))(resolve(io.cwd, path)))
  } catch (err) {
    return { ok: false, error: `--policy ${path}: ${(err as Error).message}` }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return {
      ok: false,
      error: `--policy ${path}: must be a JSON object of policy fields, e.g. {"minLift": 5}`,
    }
  const checked = policySchema.safeParse(raw)
  if (!checked.success) return { ok: false, error: `--policy ${path}: ${issues(checked.error, 'policy')}` }
  return { ok: true, fields: raw as Record<string, unknown> }
}

export const decideCommand: Command = {
  name: 'decide',
  summary: 'decide pass / reject / inconclusive for experiments read from stdin (no agent, no DB)',
  usage: [
    'Usage: skill-ab decide [--policy p.json]',
    '',
    'Reads one experiment per stdin line and prints one decision (DESIGN §10 shape) per line, in order:',
    '  {"runs": [{"caseId", "side": "a"|"b", "round", "score": 0–100 or null (missing),',
    '            "tokens": n or {input, output, reasoning, cacheRead, cacheWrite}, "costUsd", "durationMs"}],',
    '   "policy"?: {minLift, costBudget, costMetric, stabilityTolerance, passThreshold, alpha}}',
    'A run counts as executed when it has tokens or durationMs. Policy fields merge per field:',
    'defaults < --policy file < the line. A bad line prints {"error": "line N: …"} in its place.',
    '',
    'Options:',
    '  --policy p.json   policy fields for every line',
    '',
    'Exit: 0 · 2 if any line was bad, or a bad --policy file',
  ].join('\n'),
  flags: { policy: 'string' },
  async run(positionals, flags, io: DecideIo) {
    if (positionals.length)
      throw new UsageError(`unexpected argument "${positionals[0]}" (experiments are read from stdin)`)
    if (typeof flags.policy === 'boolean') throw new UsageError('--policy needs a file')
    let base: Record<string, unknown> = {}
    if (flags.policy !== undefined) {
      const file = loadPolicyFile(flags.policy, io)
      if (!file.ok) {
        io.err(`skill-ab decide: ${file.error}\n`)
        return EXIT.error
      }
      base = file.fields
    }
    const text = await (io.readStdin ?? readProcessStdin)()
    let bad = 0
    text.split('\n').forEach((raw, i) => {
      const line = raw.trim()
      if (!line) return
      const result = decideLine(line, base)
      if (result.ok) return io.out(`${result.json}\n`)
      bad++
      io.out(`${JSON.stringify({ error: `line ${i + 1}: ${result.error}` })}\n`)
    })
    if (bad)
      io.err(`skill-ab decide: ${bad} bad line${bad > 1 ? 's' : ''} (see the "error" lines on stdout)\n`)
    return bad ? EXIT.error : EXIT.pass
  },
}
