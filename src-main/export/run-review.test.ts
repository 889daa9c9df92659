// A full export's run texts: what the judge read (blinded, skill calls left out), each cut to its cap with the cut marked.
import { describe, expect, it } from 'vitest'
import { REVIEW_CAPS } from '../../src-shared/export'
import { runReview } from './run-review'

const BLIND = { skills: [{ name: 'pirate-speak', text: '' }], snapshotDirs: [] }
const trajectory = (over: { finalOutput?: string; diff?: string; events?: unknown[] }) => ({
  runId: 'run_1',
  updatedAt: null,
  sessionId: 'ses_1',
  prompt: 'Say hello',
  stderrTail: null,
  events: (over.events ?? []) as never[],
  finalOutput: over.finalOutput ?? 'Ahoy!',
  diff: over.diff ?? '',
})

describe('runReview', () => {
  it('shows what the blind judge read: the skill name hidden and the skill tool call left out', () => {
    const review = runReview(
      { finalOutput: null, workDir: '/w/run_1' },
      trajectory({
        finalOutput: 'Used the pirate-speak skill: Ahoy!',
        events: [
          { type: 'tool_use', part: { tool: 'skill', state: { status: 'completed', input: { name: 'x' } } } },
          { type: 'text', part: { text: 'Ahoy, crew!' } },
        ],
        diff: '+++ b/answer.txt\n+Ahoy\n',
      }),
      BLIND,
    )
    expect(review.finalOutput).not.toContain('pirate-speak')
    expect(review.finalOutput).toContain('Ahoy!')
    expect(review.trajectory).toBe('assistant: Ahoy, crew!')
    expect(review.diff).toBe('+++ b/answer.txt\n+Ahoy\n')
    expect(review.truncated).toEqual({ finalOutput: false, trajectory: false, diff: false })
  })

  it('cuts each text to its cap, keeps start and end, and marks the cut', () => {
    const long = (n: number, c: string) => `START${c.repeat(n)}END`
    const review = runReview(
      { finalOutput: null, workDir: null },
      trajectory({
        finalOutput: long(50_000, 'o'),
        diff: long(50_000, 'd'),
        events: Array.from({ length: 200 }, (_, i) => ({
          type: 'text',
          part: { text: `step ${i} ${'t'.repeat(200)}` },
        })),
      }),
      null,
    )
    expect(review.finalOutput.length).toBeLessThanOrEqual(REVIEW_CAPS.finalOutput)
    expect(review.diff.length).toBeLessThanOrEqual(REVIEW_CAPS.diff)
    expect(review.trajectory.length).toBeLessThanOrEqual(REVIEW_CAPS.trajectory)
    expect(review.finalOutput).toMatch(/^START.*chars cut.*END$/s)
    expect(review.diff).toMatch(/^START.*chars cut.*END$/s)
    expect(review.trajectory).toMatch(/^assistant: step 0 [\s\S]*omitted[\s\S]*step 199 /)
    expect(review.truncated).toEqual({ finalOutput: true, trajectory: true, diff: true })
  })
})
