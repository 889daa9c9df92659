// Table tests for the four-level judge-output parser: every row says why it lands on its level (or fails).
import { describe, expect, it } from 'vitest'
import { parseJudgeOutput, type JudgeScale, type ParseStrategy } from './parse-output'

interface Row {
  name: string
  text: string
  scale: JudgeScale
  /** Expected score on 0–100, or null when nothing parses. */
  score: number | null
  strategy?: ParseStrategy
  reason?: string
  why: string
}

const OK = '{"score": 85, "reason": "correct and complete"}'

// One row per judge output, kept compact on purpose.
// prettier-ignore
const rows: Row[] = [
  // ── level 1: direct_json ─────────────────────────────────────────────────────────────────────────
  { name: 'clean JSON', text: OK, scale: 100, score: 85, strategy: 'direct_json', reason: 'correct and complete',
    why: 'the whole text is valid JSON with a number score in range' },
  { name: 'JSON wrapped in whitespace and a BOM', text: `\uFEFF  ${OK}\n\n`, scale: 100, score: 85, strategy: 'direct_json',
    why: 'the text is trimmed (BOM included) before level 1' },
  { name: 'extra keys, nested object beside the score', text: '{"score": 72, "details": {"tests": 3}, "reason": "ok"}',
    scale: 100, score: 72, strategy: 'direct_json', why: 'only the top-level score key matters; other nested values are ignored' },
  { name: 'keys in other cases', text: '{"SCORE": 9, "Reason": "fine"}', scale: 10, score: 90, strategy: 'direct_json',
    reason: 'fine', why: 'keys are compared case-insensitively; a bare 9 reads on scale 10' },
  { name: '"rating" instead of "score"', text: '{"rating": 4, "reason": "good"}', scale: 5, score: 80, strategy: 'direct_json',
    why: '"rating" is accepted as the score key; 4 on scale 5 → 80' },
  { name: 'score as a numeric string', text: '{"score": "85", "reason": "x"}', scale: 100, score: 85, strategy: 'direct_json',
    why: 'a numeric string counts as a number' },
  { name: 'score "8/10" on a scale-100 evaluator', text: '{"score": "8/10", "reason": "x"}', scale: 100, score: 80,
    strategy: 'direct_json', why: 'an explicit form carries its own max: 8 ÷ 10, not 8 ÷ 100' },
  { name: 'score "85%" on a scale-10 evaluator', text: '{"score": "85%", "reason": "x"}', scale: 10, score: 85,
    strategy: 'direct_json', why: 'a percentage is out of 100 whatever the declared scale' },
  { name: 'score "4 out of 5"', text: '{"score": "4 out of 5", "reason": "x"}', scale: 100, score: 80, strategy: 'direct_json',
    why: '"N out of M" is an explicit form' },
  { name: 'decimal score', text: '{"score": 7.5, "reason": "x"}', scale: 10, score: 75, strategy: 'direct_json',
    why: 'decimals are kept: 7.5 ÷ 10' },
  { name: 'scale 1, 0.7, no reason', text: '{"score": 0.7}', scale: 1, score: 70, strategy: 'direct_json', reason: '',
    why: '0.7 on scale 1 → 70 (float noise rounded away); a missing reason is ""' },
  { name: 'rounded to 2 decimals', text: '{"score": 0.33333, "reason": "x"}', scale: 1, score: 33.33, strategy: 'direct_json',
    why: 'the normalised score keeps at most 2 decimals' },
  { name: 'boundaries 0 and max are in range', text: '{"score": 10, "reason": "perfect"}', scale: 10, score: 100,
    strategy: 'direct_json', why: 'the range is inclusive: [0, max]' },
  { name: 'zero is a score', text: '{"score": 0, "reason": "nothing works"}', scale: 5, score: 0, strategy: 'direct_json',
    why: '0 is in range, not "missing"' },
  { name: 'reason that is not a string', text: '{"score": 60, "reason": ["slow", "correct"]}', scale: 100, score: 60,
    strategy: 'direct_json', reason: '["slow","correct"]', why: 'a non-string reason is stringified as JSON' },
  { name: 'reason null', text: '{"score": 60, "reason": null}', scale: 100, score: 60, strategy: 'direct_json', reason: '',
    why: 'a null reason counts as missing → ""' },

  // ── level 2: repaired_json ───────────────────────────────────────────────────────────────────────
  { name: 'fenced ```json block', text: `\`\`\`json\n${OK}\n\`\`\``, scale: 100, score: 85, strategy: 'repaired_json',
    why: 'not JSON as a whole; jsonrepair strips the markdown fence' },
  { name: 'trailing comma', text: '{"score": 7, "reason": "ok",}', scale: 10, score: 70, strategy: 'repaired_json',
    why: 'JSON.parse refuses the trailing comma; jsonrepair removes it' },
  { name: 'single quotes', text: "{'score': 7, 'reason': 'ok'}", scale: 10, score: 70, strategy: 'repaired_json',
    why: 'jsonrepair turns single quotes into double quotes' },
  { name: 'unquoted keys and value', text: '{score: 90, reason: fine work}', scale: 100, score: 90, strategy: 'repaired_json',
    reason: 'fine work', why: 'jsonrepair quotes bare keys and bare string values' },
  { name: 'unescaped quotes in a reason after the score', text: '{"score": 80, "reason": "He said "hello" and left"}',
    scale: 100, score: 80, strategy: 'repaired_json', reason: 'He said "hello" and left',
    why: 'jsonrepair escapes inner quotes when the string then ends at the closing brace' },
  { name: 'truncated answer', text: '{"score": 8, "reason": "good', scale: 10, score: 80, strategy: 'repaired_json',
    why: 'jsonrepair closes the unterminated string and object' },

  // ── level 3: regex_json ──────────────────────────────────────────────────────────────────────────
  { name: 'prose around JSON', text: `Here is my evaluation: ${OK} Thanks!`, scale: 100, score: 85, strategy: 'regex_json',
    why: 'jsonrepair throws on the prose; the {…} fragment parses directly' },
  { name: 'prose and a fenced block', text: `My verdict:\n\`\`\`json\n${OK}\n\`\`\`\nHope it helps.`, scale: 100, score: 85,
    strategy: 'regex_json', why: 'jsonrepair turns prose + block into an array (not an object); the fragment is cut out' },
  { name: 'reason before score', text: 'Verdict: {"reason": "tests pass", "score": 9}', scale: 10, score: 90,
    strategy: 'regex_json', reason: 'tests pass', why: 'fragments are found with score and reason in either order' },
  { name: 'score nested one level down', text: '{"evaluation": {"score": 8, "reason": "ok"}}', scale: 10, score: 80,
    strategy: 'regex_json', why: 'levels 1–2 read only top-level keys; level 3 tries the outer then the inner fragment' },
  { name: 'two JSON objects, one per line', text: '{"score": 3, "reason": "draft"}\n{"score": 8, "reason": "final"}',
    scale: 10, score: 30, strategy: 'regex_json', reason: 'draft',
    why: 'jsonrepair makes an array of the two; level 3 takes the first valid object' },
  { name: 'first object invalid, second valid', text: 'First {"score": "high", "reason": "a"} then {"score": 6, "reason": "b"}',
    scale: 10, score: 60, strategy: 'regex_json', reason: 'b', why: 'a fragment whose score is not a number is skipped' },
  { name: 'truncated JSON after prose', text: 'My verdict: {"score": 8, "reason": "good', scale: 10, score: 80,
    strategy: 'regex_json', why: 'the never-closed fragment runs to the end and is repaired' },
  { name: 'score as a string in a fragment', text: 'Result -> {"score": "7", "reason": "fine"} <-', scale: 10, score: 70,
    strategy: 'regex_json', why: 'fragments accept numeric strings like level 1' },
  { name: 'brace inside the reason string', text: 'Result: {"score": 4, "reason": "uses {x} wrongly"}', scale: 5, score: 80,
    strategy: 'regex_json', reason: 'uses {x} wrongly', why: 'the fragment end is found skipping braces inside strings' },

  // ── level 4: regex_score ─────────────────────────────────────────────────────────────────────────
  { name: 'Score: 7/10 on a scale-100 evaluator', text: 'Score: 7/10', scale: 100, score: 70, strategy: 'regex_score',
    reason: 'Score: 7/10', why: 'no JSON at all; the explicit 7/10 carries its max; no reason label → the whole text' },
  { name: 'markdown **Rating**: 4 out of 5', text: 'Good work.\n**Rating**: 4 out of 5', scale: 100, score: 80,
    strategy: 'regex_score', why: 'markdown around the label is allowed; "out of" is an explicit form' },
  { name: 'Score: 85%', text: 'Overall Score: 85%', scale: 10, score: 85, strategy: 'regex_score',
    why: 'a percentage is out of 100 whatever the declared scale' },
  { name: 'Chinese label, full-width colon, reason label', text: '评分：85\n理由：回答正确，测试通过', scale: 100, score: 85,
    strategy: 'regex_score', reason: '回答正确，测试通过', why: '评分 with ：; 理由 gives the reason' },
  { name: '得分 with an ASCII colon', text: '得分: 8', scale: 10, score: 80, strategy: 'regex_score',
    why: 'Chinese labels take either colon' },
  { name: '分数为 N', text: '分数为 4', scale: 5, score: 80, strategy: 'regex_score', why: '为 is the Chinese "is"' },
  { name: '原因 as the reason label', text: '得分：3/5\n原因：缺少测试', scale: 100, score: 60, strategy: 'regex_score',
    reason: '缺少测试', why: '原因 is a reason label; 3/5 carries its max' },
  { name: 'English full-width colon', text: 'Score：8', scale: 10, score: 80, strategy: 'regex_score',
    why: 'the full-width colon also follows English labels' },
  { name: '"The score is 6.5"', text: 'The score is 6.5 because of the missing tests.', scale: 10, score: 65,
    strategy: 'regex_score', why: '"is" separates label and value; decimals kept' },
  { name: '"Score = 3" on scale 5', text: 'Score = 3', scale: 5, score: 60, strategy: 'regex_score', why: '= is a separator' },
  { name: 'Rating on scale 5', text: 'Rating: 4', scale: 5, score: 80, strategy: 'regex_score',
    why: 'a bare 4 reads on the declared scale 5' },
  { name: 'reason label before the score', text: 'Reason: clear and correct.\nScore: 9', scale: 10, score: 90,
    strategy: 'regex_score', reason: 'clear and correct.', why: 'the reason runs until the line holding the score label' },
  { name: 'bold label with colon inside', text: '**Score:** 9/10\n**Reason:** concise', scale: 100, score: 90,
    strategy: 'regex_score', reason: 'concise', why: 'markdown between label, colon and value is skipped' },
  { name: 'qualifier before the colon', text: 'Score (0-10): 7', scale: 10, score: 70, strategy: 'regex_score',
    why: 'a short parenthesised qualifier may sit between label and separator' },
  { name: 'Chinese qualifier', text: '评分（满分10分）：8', scale: 10, score: 80, strategy: 'regex_score',
    why: 'full-width parentheses work too; a bare 8 still reads on the declared scale' },
  { name: 'overall_score label', text: 'overall_score: 7', scale: 10, score: 70, strategy: 'regex_score',
    why: '"score" after an underscore is still the word score' },
  { name: 'unescaped quotes in a reason before the score', text: '{"reason": "He said "hello", then left", "score": 80}',
    scale: 100, score: 80, strategy: 'regex_score', reason: 'He said "hello", then left',
    why: 'jsonrepair fails on the comma after "hello"; the labelled score is found and the quoted reason ends at the quote before the next key' },
  { name: 'JSON with score null, then Score: 6 in prose', text: '{"score": null, "reason": "unsure"}\nOn reflection, Score: 6',
    scale: 10, score: 60, strategy: 'regex_score', reason: 'unsure',
    why: 'a null score fails levels 1–3; level 4 skips "score": null (no number) and finds Score: 6' },
  { name: 'JSON score a word, prose score valid', text: '{"score": "high", "reason": "x"}\nScore: 8', scale: 10, score: 80,
    strategy: 'regex_score', why: 'a word is not a score at any JSON level; the prose label has a number' },
  { name: 'out-of-range label skipped for a later one', text: 'Score: 85 (oops, wrong scale)\nFinal score: 8.5', scale: 10,
    score: 85, strategy: 'regex_score', why: 'level 4 takes the first labelled number within range' },

  // ── nothing parses ──────────────────────────────────────────────────────────────────────────────
  { name: 'negative score in JSON', text: '{"score": -5, "reason": "x"}', scale: 100, score: null,
    why: 'below 0 at every level; level 4 reads "-5" whole and refuses it rather than reading 5' },
  { name: 'negative score in prose', text: 'Score: -3/10', scale: 10, score: null, why: 'below 0' },
  { name: 'score above the declared scale', text: '{"score": 150, "reason": "x"}', scale: 100, score: null,
    why: '150 > 100 at every level' },
  { name: 'score on the wrong scale', text: '{"score": 85, "reason": "x"}', scale: 10, score: null,
    why: 'a bare 85 reads on the declared scale 10, where it is out of range' },
  { name: 'explicit form above its own max', text: 'Score: 12/10', scale: 100, score: null, why: '12 > 10' },
  { name: 'NaN', text: '{"score": NaN, "reason": "x"}', scale: 100, score: null,
    why: 'not JSON; jsonrepair makes it the string "NaN", not a number; no digits for level 4' },
  { name: 'Infinity via 1e400', text: '{"score": 1e400, "reason": "x"}', scale: 100, score: null,
    why: 'JSON.parse gives Infinity (not finite); level 4 does not read "1" out of "1e400"' },
  { name: 'score as a word', text: '{"score": "high", "reason": "looks fine"}', scale: 100, score: null,
    why: '"high" is not a number; level 4 needs a number after the label' },
  { name: 'score as a boolean', text: '{"score": true, "reason": "x"}', scale: 1, score: null, why: 'true is not a number' },
  { name: 'JSON without a score', text: '{"reason": "looks good"}', scale: 100, score: null,
    why: 'no score or rating key, no labelled number' },
  { name: 'no score at all', text: 'The agent did well and wrote tests.', scale: 100, score: null,
    why: 'no JSON, no label' },
  { name: 'number without a separator', text: 'I would score this 9 out of 10', scale: 10, score: null,
    why: 'level 4 needs ":", "：", "=" or "is" between label and number; free prose is not guessed at' },
  { name: 'bare number', text: '85', scale: 100, score: null,
    why: 'JSON 85 is not an object and has no label: the parser does not guess what an unlabelled number means' },
  { name: 'subscore is not a score label', text: 'Subscore: 5', scale: 10, score: null,
    why: 'the label must be the whole word score/rating' },
  { name: 'empty text', text: '', scale: 100, score: null, why: 'nothing to parse' },
  { name: 'whitespace only', text: '  \n\t ', scale: 100, score: null, why: 'empty once trimmed' },
]

describe('parseJudgeOutput', () => {
  it('has a table of at least 35 rows with distinct names', () => {
    expect(rows.length).toBeGreaterThanOrEqual(35)
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length)
  })

  it.each(rows)('$name → $score ($strategy)', (row) => {
    const result = parseJudgeOutput(row.text, row.scale)
    if (row.score === null) {
      expect(result, row.why).toMatchObject({ ok: false })
      return
    }
    expect(result, row.why).toMatchObject({ ok: true, score: row.score, strategy: row.strategy })
    if (row.reason !== undefined) expect(result.ok && result.reason, row.why).toBe(row.reason)
  })

  it('returns the raw score and the max it was read against', () => {
    expect(parseJudgeOutput('Score: 7/10', 100)).toMatchObject({ score: 70, rawScore: 7, max: 10 })
    expect(parseJudgeOutput('{"score": 8, "reason": ""}', 10)).toMatchObject({
      score: 80,
      rawScore: 8,
      max: 10,
    })
    expect(parseJudgeOutput('{"score": "85%"}', 5)).toMatchObject({ score: 85, rawScore: 85, max: 100 })
  })

  it('explains every level when nothing parses', () => {
    const result = parseJudgeOutput('{"score": "high", "reason": "x"}', 100)
    expect(result.ok).toBe(false)
    const error = result.ok ? '' : result.error
    expect(error).toMatch(/0–100/)
    expect(error).toMatch(/\(1\) the whole text as JSON: .*"high" is not a number/)
    expect(error).toMatch(/\(2\) the whole text after jsonrepair/)
    expect(error).toMatch(
      /\(3\) \{…\} fragments in the text: 1 \{…\} fragment with score and reason, none valid/,
    )
    expect(error).toMatch(/\(4\) a labelled score in prose: no score label/)
    expect(parseJudgeOutput('', 10)).toEqual({ ok: false, error: expect.stringMatching(/empty/) })
  })

  it('never throws, whatever it is given', () => {
    const odd = [
      '{',
      '}',
      '{{{{',
      '"',
      '{"score": }',
      'score:',
      '评分：',
      '\u0000',
      '{"score": 1, "reason": "\\',
      '[1,2]',
    ]
    for (const text of odd)
      for (const scale of [100, 10, 5, 1] as const) expect(() => parseJudgeOutput(text, scale)).not.toThrow()
    expect(parseJudgeOutput(null as unknown as string, 100)).toMatchObject({ ok: false })
    expect(parseJudgeOutput('Score: 5', 7 as unknown as JudgeScale)).toMatchObject({
      ok: false,
      error: /unknown scale 7/,
    })
  })

  it('stays fast on pathological outputs', () => {
    const start = performance.now()
    for (const text of [
      `score${' '.repeat(50_000)}x`,
      `Score is${' '.repeat(50_000)}x`,
      `Score: 5\nreason: "${'"a'.repeat(20_000)}`,
      `Score: 5 {"reason": "${'" '.repeat(20_000)}`,
      '{'.repeat(50_000),
    ])
      parseJudgeOutput(text, 10)
    expect(performance.now() - start).toBeLessThan(3000)
  })

  it('stays fast on long outputs full of braces', () => {
    const text = `${'{"a": {"b": [1, 2, {"c": "d"}]}} '.repeat(5000)} Score: 4`
    const start = performance.now()
    expect(parseJudgeOutput(text, 5)).toMatchObject({ ok: true, score: 80, strategy: 'regex_score' })
    expect(performance.now() - start).toBeLessThan(2000)
  })
})
