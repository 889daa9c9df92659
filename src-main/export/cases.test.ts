// The export's per-case status rule (first match) and mean score, as a table.
import { describe, expect, it } from 'vitest'
import type { RunStatus } from '../../src-shared/run-state'
import { caseSideStatus, meanScore, summarizeCases, type CaseRunInput } from './cases'

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

describe('meanScore', () => {
  const run = (status: RunStatus, score: number | null): CaseRunInput => ({
    caseId: 'c1',
    side: 'a',
    status,
    score,
  })
  it('averages the scored rounds only', () => {
    expect(
      meanScore([run('scored', 60), run('scored', 70), run('failed', 10), run('evaluating', null)]),
    ).toBe(65)
  })
  it('is null when nothing is scored', () => {
    expect(meanScore([run('failed', null), run('pending', null)])).toBeNull()
    expect(meanScore([])).toBeNull()
  })
})

describe('summarizeCases', () => {
  it('one entry per case in dataset order, then cases only seen in runs', () => {
    const runs: CaseRunInput[] = [
      { caseId: 'c9', side: 'a', status: 'scored', score: 40 },
      { caseId: 'c2', side: 'b', status: 'scored', score: 80 },
      { caseId: 'c2', side: 'b', status: 'failed', score: null },
      { caseId: 'c2', side: 'a', status: 'scored', score: 55 },
    ]
    expect(summarizeCases(['c1', 'c2'], runs)).toEqual([
      { caseId: 'c1', a: { status: 'pending', score: null }, b: { status: 'pending', score: null } },
      { caseId: 'c2', a: { status: 'scored', score: 55 }, b: { status: 'partial', score: 80 } },
      { caseId: 'c9', a: { status: 'scored', score: 40 }, b: { status: 'pending', score: null } },
    ])
  })
})
