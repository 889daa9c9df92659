// Parsing a pairwise judge's answer into a winner ("1", "2" or "tie") and a reason, in levels like the
// score parser's: the whole text as JSON, after jsonrepair, {…} fragments naming a winner, a labelled winner.
import { findKey, REASON_KEYS } from './judge-labels'
import { looseReason } from './loose-reason'
import { jsonFragments, keyPattern } from './parse-fragments'
import { reasonText, tryJson, tryRepairedJson } from './parse-json'
import { describe } from './score-value'
import { plural } from '../../src-shared/plural'

/** Which response won, as the judge saw them: the first shown, the second, or neither. */
export type ResponseWinner = '1' | '2' | 'tie'

/** The level that produced the winner, stored with the result. */
export type WinnerParseStrategy = 'direct_json' | 'repaired_json' | 'regex_json' | 'regex_winner'

export type WinnerParseResult =
  | { ok: true; winner: ResponseWinner; reason: string; strategy: WinnerParseStrategy }
  | { ok: false; /** What each level tried and why it failed, for the user. */ error: string }

type LevelOutcome = { ok: true; winner: ResponseWinner; reason: string } | { ok: false; why: string }

/** JSON keys holding the winner, compared case-insensitively; the first present one is used. */
const WINNER_KEYS = ['winner', 'preferred', 'better', 'choice'] as const
const HAS_WINNER_KEY = keyPattern(WINNER_KEYS)

const TIE_WORDS = new Set(['tie', 'draw', 'equal', 'neither', 'both', 'same'])

/** A winner value: 1, 2, "1", "2", "Response 1", "response #2", "tie" (or draw, equal, neither). */
export function readWinner(
  value: unknown,
): { ok: true; winner: ResponseWinner } | { ok: false; why: string } {
  if (value === 1 || value === 2) return { ok: true, winner: value === 1 ? '1' : '2' }
  if (typeof value === 'string') {
    const v = value
      .trim()
      .toLowerCase()
      .replace(/[.!]+$/, '')
    const digit = /^(?:response\s*#?\s*)?([12])$/.exec(v)?.[1]
    if (digit === '1' || digit === '2') return { ok: true, winner: digit }
    if (TIE_WORDS.has(v) || v === 'a tie') return { ok: true, winner: 'tie' }
    return { ok: false, why: `the winner ${describe(value)} is not "1", "2" or "tie"` }
  }
  return { ok: false, why: `the winner is ${describe(value)}, not "1", "2" or "tie"` }
}

function winnerFromJson(value: unknown): LevelOutcome {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, why: `it is ${describe(value)}, not an object` }
  const obj = value as Record<string, unknown>
  const key = findKey(obj, WINNER_KEYS)
  if (key === undefined) return { ok: false, why: 'the object has no "winner" key' }
  const read = readWinner(obj[key])
  if (!read.ok) return read
  const reasonKey = findKey(obj, REASON_KEYS)
  return {
    ok: true,
    winner: read.winner,
    reason: reasonText(reasonKey === undefined ? undefined : obj[reasonKey]),
  }
}

function direct(text: string): LevelOutcome {
  const parsed = tryJson(text)
  return parsed.ok ? winnerFromJson(parsed.value) : parsed
}

function repaired(text: string): LevelOutcome {
  const parsed = tryRepairedJson(text)
  return parsed.ok ? winnerFromJson(parsed.value) : parsed
}

function fragments(text: string): LevelOutcome {
  const found = jsonFragments(text, [HAS_WINNER_KEY])
  if (found.length === 0) return { ok: false, why: 'no {…} fragment with a "winner" key' }
  let firstWhy = ''
  for (const fragment of found) {
    const parsed = tryJson(fragment)
    const json = parsed.ok ? parsed : tryRepairedJson(fragment)
    const out = json.ok ? winnerFromJson(json.value) : json
    if (out.ok) return out
    firstWhy ||= out.why
  }
  const n = found.length
  return {
    ok: false,
    why: `${plural(n, '{…} fragment')} with a "winner" key, none valid (first: ${firstWhy})`,
  }
}

/** `Winner: Response 2`, `**winner** = "tie"`, `The preferred response is 1`. */
const LABELLED_WINNER =
  /(?<![A-Za-z])(?:winner|preferred(?:\s+response)?|better\s+response)(?![A-Za-z])["'`*_ \t]*(?:is(?![A-Za-z])["'`*_ \t]*)?[:：=]?["'`*_ \t]*(?:response\s*#?\s*)?(1|2|tie)(?![\w])/gi

function labelled(text: string): LevelOutcome {
  for (const match of text.matchAll(LABELLED_WINNER)) {
    const read = readWinner(match[1])
    if (read.ok) return { ok: true, winner: read.winner, reason: looseReason(text) || text }
  }
  return { ok: false, why: 'no winner label (winner, preferred, better response) followed by 1, 2 or tie' }
}

const LEVELS: ReadonlyArray<readonly [WinnerParseStrategy, string, (text: string) => LevelOutcome]> = [
  ['direct_json', 'the whole text as JSON', direct],
  ['repaired_json', 'the whole text after jsonrepair', repaired],
  ['regex_json', '{…} fragments in the text', fragments],
  ['regex_winner', 'a labelled winner in prose', labelled],
]

/** The first level that yields a winner wins. Never throws. */
export function parseWinnerOutput(text: string): WinnerParseResult {
  if (typeof text !== 'string') return { ok: false, error: 'the judge output is not text' }
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, error: 'the judge output is empty: there is no winner to read' }
  const tried: string[] = []
  for (const [strategy, label, level] of LEVELS) {
    let out: LevelOutcome
    try {
      out = level(trimmed)
    } catch (err) {
      out = { ok: false, why: `unexpected error: ${err instanceof Error ? err.message : String(err)}` }
    }
    if (out.ok) return { ok: true, winner: out.winner, reason: out.reason, strategy }
    tried.push(`(${tried.length + 1}) ${label}: ${out.why}`)
  }
  return {
    ok: false,
    error: `no winner ("1", "2" or "tie") found in the judge output. Tried: ${tried.join('; ')}`,
  }
}
