// The expectations evaluator: a verdict per expectation parsed from the judge's list (repaired when needed),
// the share passed as the score, a blind prompt, and the scripted model answering it deterministically.
import { describe, expect, it } from 'vitest'
import { defaultJudge } from '../demo/scripted-llm'
import { BLIND, SKILL_DIR, toolUse } from './blind.fixture'
import { presetEvaluator, resolveEvaluators } from './evaluators'
import { renderExpectationsPrompt } from './expectations-prompt'
import { judgeConfigOverrides } from './judge-prompt'
import type { JudgeInput } from './judge-types'
import { parseExpectationsOutput, shareScore, verdictReason } from './parse-expectations'

const EXPECTATIONS = ['the answer says "TOTAL=42"', 'a file "report.md" is written', 'it is polite']

describe('parseExpectationsOutput', () => {
  it('reads a JSON list by id, in any order, and scores the share passed', () => {
    const text = JSON.stringify([
      { id: 2, passed: false, evidence: 'no report.md in the diff' },
      { id: 1, passed: true, evidence: 'final answer: TOTAL=42' },
      { id: 3, passed: true, evidence: '"Thanks!"' },
    ])
    const r = parseExpectationsOutput(text, EXPECTATIONS)
    expect(r).toEqual({
      ok: true,
      strategy: 'direct_json',
      score: 66.67,
      verdicts: [
        { expectation: EXPECTATIONS[0], passed: true, evidence: 'final answer: TOTAL=42' },
        { expectation: EXPECTATIONS[1], passed: false, evidence: 'no report.md in the diff' },
        { expectation: EXPECTATIONS[2], passed: true, evidence: '"Thanks!"' },
      ],
    })
  })

  it('repairs a fenced list with single quotes and trailing commas, and reads "pass"/"FAIL" words by position', () => {
    const text =
      "```json\n[{'result': 'pass', 'reason': 'ok',}, {'verdict': 'FAIL'}, {'passed': 'yes'},]\n```"
    const r = parseExpectationsOutput(text, EXPECTATIONS)
    expect(r.ok && r.strategy).toBe('repaired_json')
    expect(r.ok && r.verdicts.map((v) => [v.passed, v.evidence])).toEqual([
      [true, 'ok'],
      [false, ''],
      [true, ''],
    ])
  })

  it('cuts the list out of prose, and reads a list under an "expectations" key', () => {
    const prose = 'Here you go: [{"id": 1, "passed": true}] hope it helps'
    expect(parseExpectationsOutput(prose, EXPECTATIONS.slice(0, 1))).toMatchObject({
      ok: true,
      strategy: 'regex_json',
      score: 100,
    })
    const wrapped = JSON.stringify({
      expectations: [{ passed: false }, { passed: false }, { passed: false }],
    })
    expect(parseExpectationsOutput(wrapped, EXPECTATIONS)).toMatchObject({ ok: true, score: 0 })
  })

  it("matches skill-creator's grading shape {text, passed, evidence} by the expectation's text", () => {
    const text = JSON.stringify({
      expectations: [
        { text: EXPECTATIONS[2], passed: false, evidence: 'curt' },
        { text: ` ${EXPECTATIONS[0]!.toUpperCase()} `, passed: true, evidence: 'TOTAL=42' },
        { text: EXPECTATIONS[1], passed: true, evidence: 'report.md' },
      ],
    })
    const r = parseExpectationsOutput(text, EXPECTATIONS)
    expect(r.ok && r.verdicts.map((v) => [v.passed, v.evidence])).toEqual([
      [true, 'TOTAL=42'],
      [true, 'report.md'],
      [false, 'curt'],
    ])
  })

  it('refuses an answer missing a verdict, naming which, so the attempt is retried', () => {
    const r = parseExpectationsOutput(
      '[{"id": 1, "passed": true}, {"id": 3, "passed": "maybe"}]',
      EXPECTATIONS,
    )
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error).toMatch(/no pass\/fail verdict for expectations 2, 3 of 3/)
    expect(parseExpectationsOutput('{"score": 80}', EXPECTATIONS).ok).toBe(false)
    expect(parseExpectationsOutput('  ', EXPECTATIONS).ok).toBe(false)
  })
})

describe('score and reason', () => {
  it('the share passed on 0–100, and a reason naming what failed', () => {
    expect(shareScore([{ passed: true }, { passed: false }, { passed: false }])).toBe(33.33)
    expect(shareScore([])).toBe(0)
    expect(
      verdictReason([
        { expectation: 'a', passed: true, evidence: '' },
        { expectation: 'b', passed: false, evidence: '' },
      ]),
    ).toBe('1 of 2 expectations passed; failed: 2. b')
  })
})

describe('the expectations prompt', () => {
  const spec = resolveEvaluators([{ id: 'preset-expectations', weight: 1 }])[0]!
  const work = [
    toolUse('write', { filePath: '/w/b/report.md', content: 'TOTAL=42' }, 'Wrote file successfully.'),
  ]
  const b: JudgeInput = {
    prompt: 'Sum the sales in data.xlsx.',
    expectedOutput: null,
    expectations: [...EXPECTATIONS, '  '],
    events: [
      toolUse('skill', { name: 'tidy-notes' }, `Base directory for this skill: ${SKILL_DIR}`),
      ...work,
    ],
    finalOutput: 'I used tidy-notes. TOTAL=42',
    diff: '+TOTAL=42\n',
    workDir: '/w/b',
    blind: BLIND,
  }

  it('is a preset of kind expectations; an inline one takes its prompt unless it brings its own', () => {
    expect(presetEvaluator('preset-expectations')).toMatchObject({ kind: 'expectations', scale: 100 })
    expect(spec).toMatchObject({ kind: 'expectations', version: 'preset@1', weight: 1 })
    const [inline, own] = resolveEvaluators([
      { id: 'checks', kind: 'expectations', weight: 2 },
      { id: 'own', kind: 'expectations', prompt: 'Check {{expectations}}', weight: 1 },
    ])
    expect(inline).toMatchObject({ kind: 'expectations', weight: 2, prompt: spec.prompt, scale: 100 })
    expect(inline?.version).toMatch(/^inline:[0-9a-f]{12}$/)
    expect(own?.prompt).toBe('Check {{expectations}}')
    expect(own?.fingerprint).not.toBe(inline?.fingerprint)
  })

  it('numbers the expectations and shows the blinded run: nothing tells a side with the skill apart', () => {
    const prompt = renderExpectationsPrompt(spec, b)
    expect(prompt).toContain(
      '1. the answer says "TOTAL=42"\n2. a file "report.md" is written\n3. it is polite\n\n',
    )
    expect(prompt).not.toMatch(/tidy|skill/i)
    // The same run without the skill call (side a) reads exactly alike.
    expect(prompt).toBe(renderExpectationsPrompt(spec, { ...b, events: work }))
  })

  it('the scripted judge answers it deterministically: a quoted phrase found after the list passes', () => {
    const system = (judgeConfigOverrides('p/m', 'expectations') as { agent: { judge: { prompt: string } } })
      .agent.judge.prompt
    const text = `${system}\n\n${renderExpectationsPrompt(spec, b)}`
    const answer = defaultJudge(text)
    expect(answer).toBe(defaultJudge(text))
    const r = parseExpectationsOutput(answer, EXPECTATIONS)
    expect(r.ok && r.verdicts.map((v) => v.passed)).toEqual([true, true, false])
    expect(r.ok && r.score).toBe(66.67)
  })
})
