// Levels 1–3 of the judge-output parser share this: read {score, reason} from a parsed JSON object.
import { jsonrepair } from 'jsonrepair'
import { findKey, REASON_KEYS, SCORE_KEYS } from './judge-labels'
import { describe, readScoreValue, type JudgeScale, type ScoreRead } from './score-value'

/** What one parsing level found: a valid score and reason, or why it did not succeed. */
export type LevelOutcome = { ok: true; read: ScoreRead; reason: string } | { ok: false; why: string }

/** A reason as stored: strings as they are, other JSON values stringified, null or missing → ''. */
export function reasonText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

/** {score, reason} from a parsed JSON value: a plain object with a valid score under a top-level key. */
export function scoreFromJson(value: unknown, scale: JudgeScale): LevelOutcome {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, why: `it is ${describe(value)}, not an object` }
  const obj = value as Record<string, unknown>
  const scoreKey = findKey(obj, SCORE_KEYS)
  if (scoreKey === undefined) return { ok: false, why: 'the object has no "score" or "rating" key' }
  const read = readScoreValue(obj[scoreKey], scale)
  if (!read.ok) return read
  const reasonKey = findKey(obj, REASON_KEYS)
  return { ok: true, read, reason: reasonText(reasonKey === undefined ? undefined : obj[reasonKey]) }
}

/** JSON.parse without throwing. */
export function tryJson(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, why: 'not valid JSON' }
  }
}

/** jsonrepair, then JSON.parse, without throwing. */
export function tryRepairedJson(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  let repaired: string
  try {
    repaired = jsonrepair(text)
  } catch (err) {
    return {
      ok: false,
      why: `jsonrepair could not repair it (${err instanceof Error ? err.message : String(err)})`,
    }
  }
  const parsed = tryJson(repaired)
  return parsed.ok ? parsed : { ok: false, why: 'jsonrepair produced text that is still not JSON' }
}

/** Level 1 (direct_json): the whole text as JSON. */
export function parseDirectJson(text: string, scale: JudgeScale): LevelOutcome {
  const parsed = tryJson(text)
  return parsed.ok ? scoreFromJson(parsed.value, scale) : parsed
}

/** Level 2 (repaired_json): the whole text after jsonrepair (fences, single quotes, trailing commas…). */
export function parseRepairedJson(text: string, scale: JudgeScale): LevelOutcome {
  const parsed = tryRepairedJson(text)
  if (!parsed.ok) return parsed
  return scoreFromJson(parsed.value, scale)
}
