// Four-level parsing of an LLM judge's free-text answer into a 0–100 score and a reason.
import { parseJsonFragments } from './parse-fragments'
import { parseDirectJson, parseRepairedJson, type LevelOutcome } from './parse-json'
import { parseLabelledScore } from './parse-regex'
import { isJudgeScale, type JudgeScale } from './score-value'

export type { JudgeScale } from './score-value'

/** The level that produced the score, stored with the result (binding values). */
export type ParseStrategy = 'direct_json' | 'repaired_json' | 'regex_json' | 'regex_score'

export type ParseResult =
  | {
      ok: true
      /** Normalised to 0–100: rawScore ÷ max × 100, at most 2 decimals. */
      score: number
      /** The score as the judge wrote it, out of `max`. */
      rawScore: number
      /** The evaluator's scale for a bare number; the judge's own for `8/10`, `85%`, `4 out of 5`. */
      max: number
      reason: string
      strategy: ParseStrategy
    }
  | { ok: false; /** What was tried and why each level failed, for the user. */ error: string }

const LEVELS: ReadonlyArray<
  readonly [ParseStrategy, string, (text: string, scale: JudgeScale) => LevelOutcome]
> = [
  ['direct_json', 'the whole text as JSON', parseDirectJson],
  ['repaired_json', 'the whole text after jsonrepair', parseRepairedJson],
  ['regex_json', '{…} fragments in the text', parseJsonFragments],
  ['regex_score', 'a labelled score in prose', parseLabelledScore],
]

/**
 * Parse a judge's answer. Levels in order, the first that yields a finite score within [0, max] wins:
 * direct JSON, repaired JSON, regex-extracted JSON fragments, a labelled score. Never throws.
 */
export function parseJudgeOutput(text: string, scale: JudgeScale): ParseResult {
  if (!isJudgeScale(scale)) return { ok: false, error: `unknown scale ${String(scale)}: use 100, 10, 5 or 1` }
  if (typeof text !== 'string') return { ok: false, error: 'the judge output is not text' }
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, error: 'the judge output is empty: there is no score to read' }
  const tried: string[] = []
  for (const [strategy, label, level] of LEVELS) {
    let out: LevelOutcome
    try {
      out = level(trimmed, scale)
    } catch (err) {
      out = { ok: false, why: `unexpected error: ${err instanceof Error ? err.message : String(err)}` }
    }
    if (out.ok) return { ok: true, ...out.read, reason: out.reason, strategy }
    tried.push(`(${tried.length + 1}) ${label}: ${out.why}`)
  }
  return {
    ok: false,
    error: `no score within 0–${scale} found in the judge output. Tried: ${tried.join('; ')}`,
  }
}
