// `skill-ab judge-parse [--scale 100|10|5|1]`: parse one judge answer from stdin into {score, reason, strategy}.
import { parseJudgeOutput } from '../../judge/parse-output'
import { isJudgeScale } from '../../judge/score-value'
import { UsageError } from '../args'
import { EXIT, type Command, type Io } from '../command'
import { readProcessStdin } from '../stdin'

/** The largest answer read: a judge answers in a few KiB. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024

/** Exit 1 when nothing in the judge output parses. */
const EXIT_UNPARSEABLE = 1

/** An Io that may bring its own stdin (tests); without it the command reads process.stdin. */
export type JudgeParseIo = Io & { readStdin?: () => Promise<string> }

export const judgeParseCommand: Command = {
  name: 'judge-parse',
  summary: "parse a judge's answer (stdin) into a 0–100 score, as the evaluator does",
  usage: [
    'Usage: skill-ab judge-parse [--scale 100|10|5|1]',
    '',
    "Reads a judge model's whole answer from stdin and prints one JSON line to stdout:",
    '  {"score": <0–100>, "reason": "...", "strategy": "direct_json|repaired_json|regex_json|regex_score"}',
    'It tries, in order: the text as JSON, the text after jsonrepair, {…} fragments with a score and a',
    'reason, and a labelled score in prose (score, rating, 评分, 得分, 分数).',
    '',
    'Options:',
    "  --scale N   the evaluator's declared scale for a bare number (default 100); 8/10, 85%, 4 out of 5",
    '              carry their own',
    '',
    'Exit: 0 parsed · 1 nothing parses (what was tried goes to stderr) · 2 bad usage',
  ].join('\n'),
  flags: { scale: 'string' },
  async run(positionals, flags, io: JudgeParseIo) {
    if (positionals.length)
      throw new UsageError(`unexpected argument "${positionals[0]}" (the answer is read from stdin)`)
    const given = flags.scale ?? '100'
    const scale = Number(given)
    if (typeof given !== 'string' || String(scale) !== given || !isJudgeScale(scale))
      throw new UsageError(`--scale takes 100, 10, 5 or 1 (got "${String(given)}")`)
    const text = await (
      io.readStdin ?? (() => readProcessStdin(MAX_ANSWER_BYTES, "give the judge's answer alone"))
    )()
    const result = parseJudgeOutput(text, scale)
    if (!result.ok) {
      io.err(`skill-ab judge-parse: ${result.error}\n`)
      return EXIT_UNPARSEABLE
    }
    io.out(`${JSON.stringify({ score: result.score, reason: result.reason, strategy: result.strategy })}\n`)
    return EXIT.pass
  },
}
