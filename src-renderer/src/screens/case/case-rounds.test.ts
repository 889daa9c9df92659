import { describe, expect, it } from 'vitest'
import type { OpenedExport } from '../../../../src-shared/export-read'
import { caseRounds, exportSides } from './case-rounds'

const TOKENS = { input: 1, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 }
function exportRun(caseId: string, side: 'a' | 'b', round: number, score: number, full: boolean) {
  return {
    id: `${caseId}-${side}${round}`,
    caseId,
    side,
    round,
    startedBy: null,
    status: 'scored' as const,
    failureType: null,
    sessionId: null,
    skillVisible: side === 'b',
    skillLoaded: side === 'b',
    tokens: TOKENS,
    costUsd: null,
    durationMs: 1000,
    score,
    evaluations: [
      {
        id: `res-${caseId}-${side}${round}`,
        evaluatorId: 'quality',
        evaluatorRunId: 'batch',
        status: 'done' as const,
        score: score - 5,
        reason: `reason ${side}${round}`,
        parseStrategy: null,
        correction: side === 'b' ? { score, note: 'fair', by: 'me', at: '' } : null,
        createdAt: '',
        ...(side === 'b'
          ? { expectations: [{ expectation: 'x exists', passed: true, evidence: 'saw x' }] }
          : {}),
      },
    ],
    ...(full
      ? {
          review: {
            finalOutput: `answer ${side}${round}`,
            trajectory: '',
            diff: '+x',
            truncated: { finalOutput: side === 'a', trajectory: false, diff: false },
          },
        }
      : {}),
  }
}
const doc = (full: boolean) =>
  ({
    task: { id: 't' },
    runs: [
      exportRun('c1', 'b', 2, 70, full),
      exportRun('c1', 'a', 1, 50, full),
      exportRun('c2', 'a', 1, 10, full),
      exportRun('c1', 'b', 1, 80, full),
    ],
  }) as unknown as OpenedExport

describe('a case of an export, round by round', () => {
  it('pairs a and b per round (a missing side null), with outputs, diffs, cuts, judge reasons and expectation verdicts', () => {
    const rounds = caseRounds(exportSides(doc(true), 'c1'))
    expect(rounds.map((r) => [r.round, r.a?.run.score ?? null, r.b?.run.score ?? null])).toEqual([
      [1, 50, 80],
      [2, null, 70],
    ])
    expect(rounds[0]?.a).toMatchObject({ finalOutput: 'answer a1', diff: '+x', cut: { finalOutput: true } })
    expect(rounds[0]?.b?.judgements).toEqual([
      {
        evaluatorId: 'quality',
        score: 75,
        corrected: 80,
        reason: 'reason b1',
        expectations: [{ expectation: 'x exists', passed: true, evidence: 'saw x' }],
      },
    ])
    expect(rounds[0]?.a?.judgements[0]?.expectations).toBeNull()
  })

  it('an export without --full has scores and reasons but no texts', () => {
    const [first] = caseRounds(exportSides(doc(false), 'c1'))
    expect(first?.a).toMatchObject({ finalOutput: null, diff: null, cut: null })
    expect(first?.a?.judgements[0]?.reason).toBe('reason a1')
  })
})
