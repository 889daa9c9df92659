import { describe, expect, it } from 'vitest'
import { resumeConflicts, type TaskFingerprint } from './resume-check'

const base: TaskFingerprint = {
  skillHash: 'sha256:aaaaaaaaaaaa',
  baselineHash: null,
  agentModel: 'p/agent',
  judgeModel: 'p/judge',
  evaluators: [{ id: 'preset-agent-task-completion', weight: 1 }],
  caseHashes: { c1: 'h1', c2: 'h2' },
  adaptiveRounds: null,
}

describe('resumeConflicts', () => {
  it('lets cases be added or dropped and nothing else differ', () => {
    expect(resumeConflicts(base, { ...base, caseHashes: { c1: 'h1', c3: 'h3' } })).toEqual([])
  })

  it('names each refused change by its field', () => {
    const next: TaskFingerprint = {
      skillHash: 'sha256:bbbbbbbbbbbb',
      baselineHash: 'sha256:cccccccc',
      agentModel: 'p/other',
      judgeModel: 'p/judge2',
      evaluators: [{ id: 'preset-agent-task-completion', weight: 2 }],
      caseHashes: { c1: 'changed', c2: 'h2' },
      adaptiveRounds: null,
    }
    const conflicts = resumeConflicts(base, next)
    expect(conflicts).toEqual([
      "skill.path: the skill's contents changed (aaaaaaaa → bbbbbbbb)",
      'baseline: the baseline changed (none → cccccccc)',
      'agent.model: "p/agent" → "p/other"',
      'judge.model: "p/judge" → "p/judge2"',
      'evaluators: the list or a weight changed',
      'dataset: case "c1" was edited under the same id',
    ])
  })

  it('refuses a changed adaptive-rounds design: the looks already taken spent α under the first', () => {
    const adaptive = { ...base, adaptiveRounds: { min: 1, max: 5 } }
    expect(resumeConflicts(adaptive, { ...adaptive, adaptiveRounds: { min: 1, max: 8 } })).toEqual([
      "adaptiveRounds: min 1, max 5 → min 1, max 8 (the plan's looks were taken under the first: a new design needs a new task)",
    ])
    expect(resumeConflicts(base, adaptive)).toHaveLength(1)
    expect(resumeConflicts(adaptive, { ...adaptive })).toEqual([])
  })

  it('ignores key order inside evaluators', () => {
    const reordered = { ...base, evaluators: [{ weight: 1, id: 'preset-agent-task-completion' as const }] }
    expect(resumeConflicts(base, reordered)).toEqual([])
  })
})
