// Reads one judge score value (number, numeric string, "8/10", "85%", "4 out of 5") and normalises it to 0–100.
import { JUDGE_SCALES } from '../../src-shared/task-config'

/** The declared scale of an LLM evaluator: 100, 10, 5 or 1; a bare number is read on it. */
export type JudgeScale = (typeof JUDGE_SCALES)[number]

export function isJudgeScale(value: unknown): value is JudgeScale {
  return (JUDGE_SCALES as readonly unknown[]).includes(value)
}

/** A score as the judge wrote it (`rawScore` out of `max`) and on 0–100 (`score`). */
export interface ScoreRead {
  score: number
  rawScore: number
  max: number
}

export type ScoreReadResult = ({ ok: true } & ScoreRead) | { ok: false; why: string }

const NUM = String.raw`(?:\d+(?:\.\d+)?|\.\d+)`

/**
 * A score as text: a (possibly negative, so it can be refused rather than misread) number, optionally
 * followed by `/ max`, `out of max` or `%`. Groups: 1 the number, 2 an explicit max, 3 the percent sign.
 */
export const SCORE_VALUE_SOURCE = String.raw`(-?${NUM})(?:\s*(?:/|out\s+of)\s*(${NUM})|\s*(%))?`

const WHOLE_VALUE = new RegExp(String.raw`^\s*${SCORE_VALUE_SOURCE}\s*$`, 'i')

/** Round to at most 2 decimals (integers stay as they are). */
export function roundScore(value: number): number {
  return Math.round(value * 100) / 100
}

/** A score out of `max`, valid only when finite and within [0, max]. */
export function scoreOutOf(rawScore: number, max: number): ScoreReadResult {
  if (!Number.isFinite(max) || max <= 0)
    return { ok: false, why: `the maximum ${max} is not a positive number` }
  if (!Number.isFinite(rawScore)) return { ok: false, why: `the score ${rawScore} is not a finite number` }
  if (rawScore < 0 || rawScore > max) return { ok: false, why: `the score ${rawScore} is outside 0–${max}` }
  return { ok: true, rawScore, max, score: roundScore((rawScore / max) * 100) }
}

/** The parts of a SCORE_VALUE_SOURCE match: a bare number reads on `scale`, explicit forms carry their max. */
export function scoreFromMatch(match: RegExpMatchArray, scale: JudgeScale): ScoreReadResult {
  const raw = Number(match[1])
  if (match[2] !== undefined) return scoreOutOf(raw, Number(match[2]))
  if (match[3] !== undefined) return scoreOutOf(raw, 100)
  return scoreOutOf(raw, scale)
}

/** A score value taken from parsed JSON: a number, a numeric string or an explicit-form string. */
export function readScoreValue(value: unknown, scale: JudgeScale): ScoreReadResult {
  if (typeof value === 'number') return scoreOutOf(value, scale)
  if (typeof value === 'string') {
    const match = WHOLE_VALUE.exec(value)
    if (!match) return { ok: false, why: `the score ${JSON.stringify(clip(value))} is not a number` }
    return scoreFromMatch(match, scale)
  }
  return { ok: false, why: `the score is ${describe(value)}, not a number` }
}

export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return `the string ${JSON.stringify(clip(value))}`
  return `${typeof value} ${String(value)}`
}

export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}
