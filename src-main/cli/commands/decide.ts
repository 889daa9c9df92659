// `skill-ab decide [--policy p.json]`: one experiment per stdin line in, one decision (the export's shape) per stdout line out.
import { decide } from '../../stats/decide'
import { UsageError } from '../args'
import { EXIT, type Command, type Io } from '../command'
import { readProcessStdin } from '../stdin'
import { MAX_EXPORT_BYTES } from '../../../src-shared/export-checks'
import { loadPolicyFile, parseLine } from './decide-input'

/** An Io that may bring its own stdin and files (tests); without them the command uses the process's. */
export type DecideIo = Io & { readStdin?: () => Promise<string>; readFile?: (path: string) => string }

/** One stdin line → the decision's JSON, or the error message (without the "line N: " prefix). */
export function decideLine(
  text: string,
  base: Record<string, unknown>,
): { ok: true; json: string } | { ok: false; error: string } {
  const line = parseLine(text, base)
  if (!line.ok) return line
  const { runs, policy, opts } = line.experiment
  return { ok: true, json: JSON.stringify(decide(runs, policy, opts)) }
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
    'Exit: 0 · 2 if any line was bad, or a bad --policy file, or stdin that is not UTF-8 (nothing decided)',
  ].join('\n'),
  flags: { policy: 'string' },
  async run(positionals, flags, io: DecideIo) {
    if (positionals.length)
      throw new UsageError(`unexpected argument "${positionals[0]}" (experiments are read from stdin)`)
    if (typeof flags.policy === 'boolean') throw new UsageError('--policy needs a file')
    let base: Record<string, unknown> = {}
    if (flags.policy !== undefined) {
      const file = loadPolicyFile(flags.policy, io.cwd, io.readFile)
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
