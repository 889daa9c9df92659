// The evaluator registry: bundled presets load with their front-matter versions; inline versions track content.
import { describe, expect, it } from 'vitest'
import {
  evaluatorFingerprint,
  inlineVersion,
  pairwiseEvaluators,
  parsePreset,
  pointwiseEvaluators,
  presetEvaluators,
  resolveEvaluators,
} from './evaluators'
import { PAIRWISE_TEMPLATE_VARIABLES, templateProblems, templateVariables } from '../inputs/template'

describe('presets', () => {
  it('the two scoring presets load: id, version 2, scale 100, a valid template using the run', () => {
    const presets = presetEvaluators().filter((p) => p.kind === 'llm')
    expect(presets.map((p) => [p.id, p.version, p.scale])).toEqual([
      ['preset-agent-task-completion', 2, 100],
      ['preset-agent-trace-quality', 2, 100],
    ])
    for (const p of presets) {
      expect(templateProblems(p.prompt)).toEqual([])
      expect(templateVariables(p.prompt)).toEqual(
        expect.arrayContaining(['prompt', 'trajectory', 'final_output']),
      )
      expect(p.prompt).not.toMatch(/^---/)
      expect(p.description).not.toBe('')
    }
  })

  it('the pairwise preset loads: kind pairwise, the case and both responses, no sides, skills or baseline', () => {
    const p = presetEvaluators().find((x) => x.id === 'preset-pairwise-outcome')
    expect(p).toMatchObject({ kind: 'pairwise', version: 1 })
    const prompt = p?.prompt ?? ''
    expect(templateProblems(prompt, PAIRWISE_TEMPLATE_VARIABLES)).toEqual([])
    expect(templateVariables(prompt, PAIRWISE_TEMPLATE_VARIABLES)).toEqual([
      'prompt',
      'expected_output',
      'expectations',
      'response_1',
      'response_2',
    ])
    expect(prompt).toMatch(/\{"winner": "1" \| "2" \| "tie"/)
    expect(prompt).not.toMatch(/\bskills?\b|baseline|\bsides?\b/i)
    expect(prompt).not.toMatch(/\b[AB]\b|"[ab]"/)
    const [spec] = resolveEvaluators([{ id: 'preset-pairwise-outcome', weight: 3 }])
    expect(spec).toMatchObject({ kind: 'pairwise', version: 'preset@1', weight: 0 })
  })

  it('a broken preset file is reported with its name', () => {
    const good =
      '---\nid: preset-agent-trace-quality\nversion: 2\nscale: 10\ndescription: d\n---\n{{trajectory}}\n'
    expect(parsePreset('preset-agent-trace-quality', good)).toMatchObject({ version: 2, scale: 10 })
    expect(() =>
      parsePreset('preset-agent-trace-quality', good.replace('{{trajectory}}', '{{trajectroy}}')),
    ).toThrow(/preset-agent-trace-quality\.md: unknown variable \{\{trajectroy\}\}/)
    expect(() => parsePreset('preset-agent-trace-quality', good.replace('scale: 10', 'scale: 7'))).toThrow(
      /scale/,
    )
    expect(() => parsePreset('preset-agent-task-completion', good)).toThrow(
      /expected "preset-agent-task-completion"/,
    )
  })
})

describe('resolveEvaluators', () => {
  it('resolves presets, inline llm and command evaluators in order, with weights and versions', () => {
    const specs = resolveEvaluators([
      { id: 'preset-agent-task-completion', weight: 2 },
      { id: 'tone', kind: 'llm', prompt: 'Rate {{final_output}}', scale: 10, weight: 0.5 },
      { id: 'tests', kind: 'command', command: 'npm test', weight: 0 },
    ])
    expect(
      specs.map(({ id, kind, version, scale, weight }) => ({ id, kind, version, scale, weight })),
    ).toEqual([
      { id: 'preset-agent-task-completion', kind: 'llm', version: 'preset@2', scale: 100, weight: 2 },
      { id: 'tone', kind: 'llm', version: inlineVersion('Rate {{final_output}}'), scale: 10, weight: 0.5 },
      { id: 'tests', kind: 'command', version: inlineVersion('npm test'), scale: 100, weight: 0 },
    ])
    expect(specs[0]?.prompt).toContain('{{trajectory}}')
    expect(specs[1]?.prompt).toBe('Rate {{final_output}}')
    expect(specs[2]?.command).toBe('npm test')
    expect(specs[2]?.prompt).toBeUndefined()
    for (const s of specs) expect(s.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it('an inline pairwise evaluator has no weight in any score, and is kept apart from the pointwise ones', () => {
    const specs = resolveEvaluators([
      { id: 'preset-agent-task-completion', weight: 1 },
      { id: 'cmp', kind: 'pairwise', prompt: '{{response_1}} vs {{response_2}}' },
    ])
    expect(specs[1]).toMatchObject({
      kind: 'pairwise',
      weight: 0,
      version: inlineVersion('{{response_1}} vs {{response_2}}'),
    })
    expect(pointwiseEvaluators(specs).map((s) => s.id)).toEqual(['preset-agent-task-completion'])
    expect(pairwiseEvaluators(specs).map((s) => s.id)).toEqual(['cmp'])
  })

  it('an inline version is "inline:" + 12 hex of the sha256 of its text, and changes with it', () => {
    expect(inlineVersion('npm test')).toMatch(/^inline:[0-9a-f]{12}$/)
    expect(inlineVersion('a')).toBe('inline:ca978112ca1b')
    const v = (prompt: string) =>
      resolveEvaluators([{ id: 't', kind: 'llm', prompt, scale: 100, weight: 1 }])[0]?.version
    expect(v('Rate {{final_output}}')).toBe(v('Rate {{final_output}}'))
    expect(v('Rate {{final_output}}')).not.toBe(v('Rate {{ final_output }} strictly'))
  })

  it('the fingerprint follows kind, scale and text, not the weight', () => {
    const base = { kind: 'llm' as const, scale: 100 as const, prompt: '{{prompt}}' }
    expect(evaluatorFingerprint(base)).toBe(evaluatorFingerprint({ ...base }))
    expect(evaluatorFingerprint(base)).not.toBe(evaluatorFingerprint({ ...base, scale: 10 }))
    const [a, b] = resolveEvaluators([
      { id: 'x', kind: 'command', command: 'true', weight: 1 },
      { id: 'y', kind: 'command', command: 'true', weight: 3 },
    ])
    expect(a?.fingerprint).toBe(b?.fingerprint)
  })
})
