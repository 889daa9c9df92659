// Table tests for the pairwise judge's answer parser: every row says why it lands on its level (or fails).
import { describe, expect, it } from 'vitest'
import { parseWinnerOutput, type ResponseWinner, type WinnerParseStrategy } from './parse-winner'

interface Row {
  text: string
  /** Expected winner, or null when nothing parses (a failed, retryable judgement). */
  winner: ResponseWinner | null
  strategy?: WinnerParseStrategy
  reason?: string
  why: string
}

// prettier-ignore
const rows: Row[] = [
  // ── direct_json ────────────────────────────────────────────────────────────────────────────────
  { text: '{"winner": "1", "reason": "correct"}', winner: '1', strategy: 'direct_json', reason: 'correct',
    why: 'the answer the prompt asks for' },
  { text: '{"winner": "2", "reason": "r"}', winner: '2', strategy: 'direct_json', why: 'response 2' },
  { text: '{"winner": 1, "reason": "r"}', winner: '1', strategy: 'direct_json', why: 'a number instead of a string' },
  { text: '{"winner": 2}', winner: '2', strategy: 'direct_json', reason: '', why: 'no reason: the winner is enough' },
  { text: '{"winner": "tie", "reason": "both wrong"}', winner: 'tie', strategy: 'direct_json', why: 'a tie' },
  { text: '{"winner": "Response 1", "reason": "r"}', winner: '1', strategy: 'direct_json',
    why: '"Response 1" as the heading names it' },
  { text: '{"Winner": "response #2", "Reasoning": "r"}', winner: '2', strategy: 'direct_json', reason: 'r',
    why: 'keys in any case, "reasoning" as the reason, "#2"' },
  { text: '{"winner": "TIE."}', winner: 'tie', strategy: 'direct_json', why: 'case and a trailing full stop ignored' },
  { text: '{"preferred": "2", "reason": "r"}', winner: '2', strategy: 'direct_json', why: '"preferred" as the winner key' },
  // ── repaired_json ──────────────────────────────────────────────────────────────────────────────
  { text: '```json\n{"winner": "2", "reason": "r",}\n```', winner: '2', strategy: 'repaired_json',
    why: 'a code fence and a trailing comma are repaired' },
  { text: "{winner: '1', reason: 'short and right'}", winner: '1', strategy: 'repaired_json', reason: 'short and right',
    why: 'unquoted keys and single quotes are repaired' },
  // ── regex_json ─────────────────────────────────────────────────────────────────────────────────
  { text: 'After comparing both: {"winner": "2", "reason": "it is correct"} — final.', winner: '2',
    strategy: 'regex_json', reason: 'it is correct', why: 'a JSON object inside prose' },
  { text: 'My verdict {"winner": "tie", "reason": "same"} and {"note": 1}', winner: 'tie', strategy: 'regex_json',
    why: 'only the fragment with a winner key counts' },
  // ── regex_winner ───────────────────────────────────────────────────────────────────────────────
  { text: 'Winner: Response 2\nReason: it names the right token', winner: '2', strategy: 'regex_winner',
    reason: 'it names the right token', why: 'a labelled winner in prose, with a labelled reason' },
  { text: 'The **preferred response** is 1, since it is correct.', winner: '1', strategy: 'regex_winner',
    why: '"preferred response is 1"' },
  { text: 'winner = tie', winner: 'tie', strategy: 'regex_winner', why: 'a labelled tie' },
  // ── failures ───────────────────────────────────────────────────────────────────────────────────
  { text: '', winner: null, why: 'nothing to read' },
  { text: '{"winner": "3", "reason": "r"}', winner: null, why: 'there is no Response 3' },
  { text: '{"winner": "a", "reason": "r"}', winner: null, why: 'sides are never shown, so "a" is not an answer' },
  { text: '{"score": 80, "reason": "r"}', winner: null, why: 'a score is not a winner' },
  { text: 'Both responses have merits; I cannot decide.', winner: null, why: 'prose without a winner label' },
  { text: 'Response 1 mentions winners of 12 prizes.', winner: null, why: '"winners of 12" is not a label followed by 1, 2 or tie' },
]

describe('parseWinnerOutput', () => {
  it.each(rows)('$why', ({ text, winner, strategy, reason }) => {
    const out = parseWinnerOutput(text)
    if (winner === null) {
      expect(out.ok).toBe(false)
      if (!out.ok) expect(out.error).toMatch(/no winner|empty/)
      return
    }
    expect(out).toMatchObject({ ok: true, winner, ...(strategy ? { strategy } : {}) })
    if (reason !== undefined && out.ok) expect(out.reason).toBe(reason)
  })

  it('a failure lists what each level tried', () => {
    const out = parseWinnerOutput('{"winner": "maybe", "reason": "r"}')
    expect(out.ok).toBe(false)
    if (!out.ok) {
      expect(out.error).toContain(
        '(1) the whole text as JSON: the winner the string "maybe" is not "1", "2" or "tie"',
      )
      expect(out.error).toContain('(4) a labelled winner in prose')
    }
  })
})
