// Level 3 of the judge-output parser (regex_json): {…} fragments holding a score and a reason, cut out of prose.
import { REASON_KEYS, SCORE_KEYS } from './judge-labels'
import { scoreFromJson, tryJson, tryRepairedJson, type LevelOutcome } from './parse-json'
import type { JudgeScale } from './score-value'
import { plural } from '../../src-shared/plural'

/** At most this many `{` are examined and this many fragments parsed: a judge's answer is short. */
const MAX_STARTS = 200
const MAX_FRAGMENTS = 40

/** Matches a text holding one of `keys` as a JSON(-ish) key: `"score":`, `score :`, `{'score':`. */
export const keyPattern = (keys: readonly string[]): RegExp =>
  new RegExp(String.raw`(?:^|[{,\s"'])(?:${keys.join('|')})["']?\s*:`, 'i')
const HAS_SCORE_KEY = keyPattern(SCORE_KEYS)
const HAS_REASON_KEY = keyPattern(REASON_KEYS)

/** Index of the `}` closing the `{` at `start`, skipping braces inside double-quoted strings; -1 if none. */
function stringAwareEnd(text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return -1
}

/** Index of the `}` closing the `{` at `start`, counting every brace (for strings with stray quotes); -1 if none. */
function naiveEnd(text: string, start: number): number {
  let depth = 0
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}' && --depth === 0) return i
  }
  return -1
}

/**
 * Candidate `{…}` fragments in order of their opening brace, outer before inner: each `{` closed by its
 * matching `}` (string-aware, then naive), or running to the end of the text when never closed (jsonrepair
 * may close it). Only fragments matching every `required` key pattern (default: a score key and a reason key,
 * in either order) are kept.
 */
export function jsonFragments(
  text: string,
  required: readonly RegExp[] = [HAS_SCORE_KEY, HAS_REASON_KEY],
): string[] {
  const out: string[] = []
  let starts = 0
  for (let i = text.indexOf('{'); i >= 0 && starts < MAX_STARTS; i = text.indexOf('{', i + 1), starts++) {
    for (const end of [stringAwareEnd(text, i), naiveEnd(text, i)]) {
      const fragment = end < 0 ? text.slice(i) : text.slice(i, end + 1)
      if (out.includes(fragment) || !required.every((key) => key.test(fragment))) continue
      out.push(fragment)
      if (out.length >= MAX_FRAGMENTS) return out
    }
  }
  return out
}

/** Level 3: the first fragment that parses (directly, else after jsonrepair) to a valid score wins. */
export function parseJsonFragments(text: string, scale: JudgeScale): LevelOutcome {
  const fragments = jsonFragments(text)
  if (fragments.length === 0) return { ok: false, why: 'no {…} fragment with both a score and a reason key' }
  let firstWhy = ''
  for (const fragment of fragments) {
    const direct = tryJson(fragment)
    const parsed = direct.ok ? direct : tryRepairedJson(fragment)
    const out = parsed.ok ? scoreFromJson(parsed.value, scale) : parsed
    if (out.ok) return out
    firstWhy ||= out.why
  }
  const n = fragments.length
  return {
    ok: false,
    why: `${plural(n, '{…} fragment')} with score and reason, none valid (first: ${firstWhy})`,
  }
}
