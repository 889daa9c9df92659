// Reads an expectations judge's answer: a JSON list with a pass/fail verdict and evidence per expectation
// (repaired with jsonrepair like the score parser, or cut out of prose), and the share passed as the score.
import { findKey, REASON_KEYS } from './judge-labels'
import { reasonText, tryJson, tryRepairedJson } from './parse-json'
import type { ParseStrategy } from './parse-output'
import type { ExpectationVerdict } from '../../src-shared/expectation-verdict'

export type { ExpectationVerdict }

export type ExpectationsParse =
  | { ok: true; verdicts: ExpectationVerdict[]; score: number; strategy: ParseStrategy }
  | { ok: false; error: string }

const PASSED_KEYS = ['passed', 'pass', 'met', 'result', 'verdict', 'status'] as const
const EVIDENCE_KEYS = ['evidence', ...REASON_KEYS] as const
const LIST_KEYS = ['expectations', 'results', 'verdicts'] as const
const TEXT_KEYS = ['text', 'expectation'] as const
const YES = new Set(['true', 'pass', 'passed', 'yes', 'met', 'ok'])
const NO = new Set(['false', 'fail', 'failed', 'no', 'not met', 'unmet'])

/** The share of verdicts that passed, 0–100 with at most 2 decimals (0 verdicts: 0). */
export function shareScore(verdicts: readonly Pick<ExpectationVerdict, 'passed'>[]): number {
  if (!verdicts.length) return 0
  const passed = verdicts.filter((v) => v.passed).length
  return Math.round((passed / verdicts.length) * 10_000) / 100
}

/** `3 of 4 expectations passed; failed: 2. …` — the result's reason. */
export function verdictReason(verdicts: readonly ExpectationVerdict[]): string {
  const failed = verdicts.flatMap((v, i) => (v.passed ? [] : [`${i + 1}. ${v.expectation}`]))
  const head = `${verdicts.length - failed.length} of ${verdicts.length} expectations passed`
  return failed.length ? `${head}; failed: ${failed.join('; ')}` : head
}

/**
 * Parses the judge's text against the expectations it was asked about. Every expectation needs exactly one
 * verdict (by `id`, its 1-based number, or else by position); anything less is an error (the caller retries).
 */
export function parseExpectationsOutput(text: string, expectations: readonly string[]): ExpectationsParse {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, error: 'the judge output is empty: there are no verdicts to read' }
  const levels: [ParseStrategy, () => ReturnType<typeof tryJson>][] = [
    ['direct_json', () => tryJson(trimmed)],
    ['repaired_json', () => tryRepairedJson(trimmed)],
    ['regex_json', () => listFragment(trimmed)],
  ]
  const tried: string[] = []
  for (const [strategy, parse] of levels) {
    const parsed = parse()
    const read = parsed.ok ? readVerdicts(parsed.value, expectations) : parsed
    if (read.ok) return { ok: true, verdicts: read.verdicts, score: shareScore(read.verdicts), strategy }
    tried.push(`${strategy}: ${read.why}`)
  }
  return {
    ok: false,
    error: `no verdict per expectation found in the judge output. Tried: ${tried.join('; ')}`,
  }
}

/** The text from the first `[` to the last `]`, repaired. */
function listFragment(text: string): ReturnType<typeof tryJson> {
  const start = text.indexOf('[')
  const end = text.lastIndexOf(']')
  if (start < 0 || end <= start) return { ok: false, why: 'no […] list in the text' }
  return tryRepairedJson(text.slice(start, end + 1))
}

function readVerdicts(
  value: unknown,
  expectations: readonly string[],
): { ok: true; verdicts: ExpectationVerdict[] } | { ok: false; why: string } {
  const list = asList(value)
  if (!list) return { ok: false, why: 'it is not a list of verdicts' }
  const byNumber = new Map<number, Record<string, unknown>>()
  const items = list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
  const numbered = items.every((x) => Number.isInteger(Number(x.id)))
  items.forEach((item, i) => {
    const n = numbered ? Number(item.id) : (numberOfText(item, expectations) ?? i + 1)
    if (!byNumber.has(n)) byNumber.set(n, item)
  })
  const verdicts: ExpectationVerdict[] = []
  const missing: number[] = []
  expectations.forEach((expectation, i) => {
    const item = byNumber.get(i + 1)
    const passed = item ? passedOf(item) : null
    if (!item || passed === null) missing.push(i + 1)
    else
      verdicts.push({ expectation, passed, evidence: reasonText(item[findKey(item, EVIDENCE_KEYS) ?? '']) })
  })
  if (missing.length)
    return {
      ok: false,
      why: `no pass/fail verdict for expectation${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${expectations.length}`,
    }
  return { ok: true, verdicts }
}

/**
 * The number of the expectation an item names by its text (skill-creator's grading.json writes
 * `{"text", "passed", "evidence"}`), compared trimmed and case-insensitively; null when it names none.
 */
function numberOfText(item: Record<string, unknown>, expectations: readonly string[]): number | null {
  const key = findKey(item, TEXT_KEYS)
  const text = key === undefined ? undefined : item[key]
  if (typeof text !== 'string') return null
  const i = expectations.findIndex((e) => e.trim().toLowerCase() === text.trim().toLowerCase())
  return i < 0 ? null : i + 1
}

/** The list itself, or the list under an `expectations` / `results` / `verdicts` key. */
function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value
  if (typeof value !== 'object' || value === null) return null
  const key = findKey(value as Record<string, unknown>, LIST_KEYS)
  const inner = key === undefined ? undefined : (value as Record<string, unknown>)[key]
  return Array.isArray(inner) ? inner : null
}

/** true / false from `passed: true`, `"result": "pass"`, `"verdict": "FAIL"`…; null when it says neither. */
function passedOf(item: Record<string, unknown>): boolean | null {
  const key = findKey(item, PASSED_KEYS)
  const v = key === undefined ? undefined : item[key]
  if (typeof v === 'boolean') return v
  if (typeof v !== 'string') return null
  const word = v.trim().toLowerCase()
  return YES.has(word) ? true : NO.has(word) ? false : null
}
