// A run's evidence, judged the one way the decision, the export and every view judge it.
import { describe, expect, it } from 'vitest'
import { evidenceOf, lacksEvidence, recordsEvidence, type EvidenceFacts } from './offered-skills'

const skill = [{ name: 'pirate', location: 'skills/pirate/h/offered/pirate/SKILL.md' }]
const run = (extra: Partial<EvidenceFacts>): EvidenceFacts => ({
  side: 'b',
  status: 'scored',
  failureType: null,
  offeredSkills: skill,
  skillVisible: true,
  ...extra,
})

describe('evidenceOf', () => {
  it('side b: its skill offered; side a: none, or its own with a baseline skill', () => {
    expect(evidenceOf(run({}), false)).toBe('exact')
    expect(evidenceOf(run({ offeredSkills: [], skillVisible: false }), false)).toBe('wrong')
    expect(evidenceOf(run({ side: 'a', offeredSkills: [], skillVisible: false }), false)).toBe('exact')
    expect(evidenceOf(run({ side: 'a' }), false)).toBe('wrong')
    expect(evidenceOf(run({ side: 'a' }), true)).toBe('exact')
    expect(evidenceOf(run({ offeredSkills: null, skillVisible: null }), false)).toBe('none')
    expect(evidenceOf(run({ offeredSkills: undefined }), false)).toBe('none')
  })
})

describe('lacksEvidence', () => {
  it('only a run whose session ran needs evidence: a scored run, an evaluation failure, the agent’s own failure', () => {
    const none = { offeredSkills: null, skillVisible: null }
    expect(lacksEvidence(run(none), false)).toBe(true)
    expect(lacksEvidence(run({ ...none, status: 'failed', failureType: null }), false)).toBe(true)
    expect(lacksEvidence(run({ ...none, status: 'failed', failureType: 'timeout' }), false)).toBe(true)
    expect(lacksEvidence(run({ ...none, status: 'failed', failureType: 'provider_error' }), false)).toBe(
      false,
    )
    expect(lacksEvidence(run({ ...none, status: 'canceled', failureType: 'canceled' }), false)).toBe(false)
    expect(lacksEvidence(run({ ...none, status: 'pending' }), false)).toBe(false)
    expect(lacksEvidence(run({}), false)).toBe(false)
  })
})

describe('recordsEvidence', () => {
  it('tells an export written before evidence was recorded (no run has the key) from one with it', () => {
    expect(recordsEvidence([{}, {}])).toBe(false)
    expect(recordsEvidence([{}, { offeredSkills: null }])).toBe(true)
  })
})
