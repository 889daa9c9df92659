// The export's per-case status rule (first match) and mean score, as a table.
import { describe, expect, it } from 'vitest'
import type { RunStatus } from '../../src-shared/run-state'
import type { FailureType } from '../../src-shared/run-state'
import { caseSideStatus, summarizeCases, type CaseRunInput } from './cases'

describe('caseSideStatus (first match: pending, running, scored, partial, failed)', () => {
  const table: [RunStatus[], string][] = [
    [['pending', 'pending', 'pending'], 'pending'],
    [[], 'pending'],
    [['pending', 'scored', 'scored'], 'running'],
    [['running', 'pending'], 'running'],
    [['executed', 'scored'], 'running'],
    [['evaluating', 'failed'], 'running'],
    [['scored', 'scored', 'scored'], 'scored'],
    [['scored', 'failed', 'scored'], 'partial'],
    [['scored', 'canceled'], 'partial'],
    [['failed', 'failed'], 'failed'],
    [['canceled', 'canceled'], 'failed'],
    [['failed', 'canceled'], 'failed'],
  ]
  it.each(table)('%j → %s', (statuses, expected) => {
    expect(caseSideStatus(statuses)).toBe(expected)
  })
})

describe('summarizeCases', () => {
  it('one entry per case in dataset order, then cases only seen in runs', () => {
    const runs: CaseRunInput[] = [
      { caseId: 'c9', side: 'a', status: 'scored', failureType: null, score: 40 },
      { caseId: 'c2', side: 'b', status: 'scored', failureType: null, score: 80 },
      { caseId: 'c2', side: 'b', status: 'failed', failureType: 'provider_error', score: null },
      { caseId: 'c2', side: 'a', status: 'scored', failureType: null, score: 55 },
    ]
    const hashes = new Map([['c2', 'sha256:c2']])
    expect(summarizeCases(['c1', 'c2'], runs, 0, hashes)).toEqual([
      {
        caseId: 'c1',
        caseHash: null,
        a: { status: 'pending', score: null },
        b: { status: 'pending', score: null },
      },
      {
        caseId: 'c2',
        caseHash: 'sha256:c2',
        a: { status: 'scored', score: 55 },
        b: { status: 'partial', score: 80 },
      },
      {
        caseId: 'c9',
        caseHash: null,
        a: { status: 'scored', score: 40 },
        b: { status: 'pending', score: null },
      },
    ])
  })
})

describe("a side's case score is its mean as the decision counts it", () => {
  const run = (status: RunStatus, score: number | null, failureType: FailureType | null = null) =>
    ({ caseId: 'c1', side: 'a', status, failureType, score }) as CaseRunInput
  const runs = [
    run('scored', 60),
    run('scored', 90),
    run('failed', null, 'timeout'),
    run('failed', null, 'provider_error'),
    run('evaluating', null),
  ]
  it("counts the agent's own failure as 0 by default, never the provider's", () => {
    expect(summarizeCases(['c1'], runs, 0)[0]?.a.score).toBe(50)
  })
  it('averages the scored rounds only when failedRunScore is "missing"', () => {
    expect(summarizeCases(['c1'], runs, 'missing')[0]?.a.score).toBe(75)
  })
})
