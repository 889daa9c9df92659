// Level 4 of the judge-output parser (regex_score): a labelled score in prose, e.g. `Score: 7/10`, `评分：85`.
import { LABEL_WRAP, SCORE_LABEL_SOURCE } from './judge-labels'
import { looseReason } from './loose-reason'
import type { LevelOutcome } from './parse-json'
import { SCORE_VALUE_SOURCE, scoreFromMatch, type JudgeScale } from './score-value'

/** A qualifier that may sit between label and separator: `Score (0-10): 7`, `评分（满分100）：85`. */
const QUALIFIER = String.raw`(?:\([^()\n]{0,40}\)|（[^（）\n]{0,40}）)`

/** `:` `：` `=`, or `is` / `为` / `是` (optionally followed by a colon). No two `*` runs touch: linear matching. */
const SEPARATOR = String.raw`(?:(?:is(?![A-Za-z])|为|是)(?:${LABEL_WRAP}[:：=])?|[:：=])`

/** The number must end there: `1e400` or `8.5.1` is not read as `1` or `8.5`. */
const NUMBER_END = String.raw`(?!\.?\d|e[+-]?\d)`

const LABELLED_SCORE = new RegExp(
  String.raw`${SCORE_LABEL_SOURCE}${LABEL_WRAP}(?:${QUALIFIER}${LABEL_WRAP})?${SEPARATOR}${LABEL_WRAP}${SCORE_VALUE_SOURCE}${NUMBER_END}`,
  'gi',
)

/** Level 4: the first labelled score within range wins; the reason is best-effort, else the whole text. */
export function parseLabelledScore(text: string, scale: JudgeScale): LevelOutcome {
  const refused: string[] = []
  for (const match of text.matchAll(LABELLED_SCORE)) {
    const read = scoreFromMatch(match, scale)
    if (read.ok) return { ok: true, read, reason: looseReason(text) || text }
    refused.push(read.why)
  }
  if (refused.length === 0)
    return { ok: false, why: 'no score label (score, rating, 评分, 得分, 分数) followed by a number' }
  return { ok: false, why: `labelled scores found but none valid (${refused.slice(0, 3).join('; ')})` }
}
