// `skill-ab decide [--policy p.json]`: one experiment per stdin line in, one decision (the export's shape) per stdout line out.
import { resolve } from 'node:path'
import type { z } from 'zod'
import { formatFieldPath } from '../../../src-shared/config-issues'
import { depthProblem } from '../../../src-shared/json-depth'
import { MAX_EXPORT_BYTES } from '../../../src-shared/export-checks'
import { policySchema, type Policy } from '../../../src-shared/task-config'
import { decide } from '../../stats/decide'
import { InputError } from '../../inputs/errors'
import { parseJsonText } from '../../inputs/json-text'
import { readTextFile } from '../../inputs/text-file'
import type { DecideOptions, PairwiseOutcome } from '../../stats/types'
import { lineSchema, toRun } from './decide-input'
import { UsageError } from '../args'
import { EXIT, type Command, type Io } from '../command'
import { readProcessStdin } from '../stdin'

/** An Io that may bring its own stdin (tests); without it the command reads the process's. */
export type DecideIo = Io & { readStdin?: () => Promise<string> }

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
  const deep = depthProblem(raw)
  if (deep) return { ok: false, error: deep.message }
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
  return { ok: true, json: JSON.stringify(decide(runs.map(toRun), policy.data as Policy, opts)) }
}

/** The largest --policy file read (a policy is a dozen fields). */
const MAX_POLICY_BYTES = 1024 * 1024

/** The --policy file's fields, checked on their own (defaults are filled in per line, after merging). */
function loadPolicyFile(
  path: string,
  io: Io,
): { ok: true; fields: Record<string, unknown> } | { ok: false; error: string } {
  const abs = resolve(io.cwd, path)
  const shown = `--policy ${path}`
  let raw: unknown
  try {
    // The reader every JSON input goes through: a regular UTF-8 file, a byte-order mark dropped.
    const text = readTextFile(abs, {
      shown,
      what: 'policy file',
      maxBytes: MAX_POLICY_BYTES,
      fix: `check the path (resolved against the current folder: ${abs}); give a JSON file of policy fields, e.g. {"minLift": 5}`,
    })
    raw = parseJsonText(text, shown, 'fix the JSON syntax of the policy file')
  } catch (err) {
    if (err instanceof InputError) return { ok: false, error: err.message }
    throw err
  }
  const deep = depthProblem(raw)
  if (deep) return { ok: false, error: `--policy ${path}: ${deep.message}` }
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
    "Reads one experiment per stdin line and prints one decision (the export's decision shape) per line, in order:",
    '  {"runs": [{"caseId", "side": "a"|"b", "round", "score": 0–100 or null (missing),',
    '            "tokens": n or {input, output, reasoning, cacheRead, cacheWrite}, "costUsd", "durationMs",',
    '            "failureType"?: agent_error|timeout|crashed|provider_error|spawn_failed|interrupted|canceled|null,',
    '            "skillLoaded"?: true|false|null}],',
    '   "policy"?: {minLift, costBudget, costMetric, stabilityTolerance, passThreshold, alpha,',
    '               failedRunScore, failureTolerance, minTriggerRate, primary},',
    '   "pairwise"?: [{"caseId", "round", "winner": "a"|"b"|"tie"|null, "flipped"?}],',
    '   "baselineHasSkill"?: true|false}',
    'A run counts as executed when it has tokens or durationMs and no failureType. A run that failed by',
    "timeout, crash or the agent's own error scores policy.failedRunScore (0 by default); other failures",
    'stay missing. Policy fields merge per field: defaults < --policy file < the line.',
    'A bad line prints {"error": "line N: …"} in its place.',
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
    // A line may be a whole export: the input is held to the size of one.
    const text = await (
      io.readStdin ?? (() => readProcessStdin(MAX_EXPORT_BYTES, 'give the experiments over several calls'))
    )()
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
