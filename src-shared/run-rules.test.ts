// Which runs each action applies to, and the per-case means every view shows, as tables.
import { describe, expect, it } from 'vitest'
import type { FailureType, RunStatus, Side } from './run-state'
import {
  awaitsWork,
  canReevaluate,
  canRerun,
  caseMeans,
  hasExecuted,
  judgesCurrentExecution,
  needsExecution,
  totalTokens,
  type ScoredRun,
} from './run-rules'

type Row = [
  RunStatus,
  FailureType | null,
  { rerun: boolean; reevaluate: boolean; executed: boolean; execute: boolean; work: boolean },
]

describe('the actions a run offers, by its state', () => {
  const table: Row[] = [
    ['pending', null, { rerun: false, reevaluate: false, executed: false, execute: true, work: true }],
    ['running', null, { rerun: false, reevaluate: false, executed: false, execute: false, work: true }],
    ['executed', null, { rerun: true, reevaluate: true, executed: true, execute: false, work: true }],
    ['evaluating', null, { rerun: false, reevaluate: false, executed: true, execute: false, work: true }],
    ['scored', null, { rerun: true, reevaluate: true, executed: true, execute: false, work: false }],
    ['failed', null, { rerun: true, reevaluate: true, executed: true, execute: false, work: false }],
    ['failed', 'timeout', { rerun: true, reevaluate: false, executed: false, execute: false, work: false }],
    [
      'failed',
      'agent_error',
      { rerun: true, reevaluate: false, executed: false, execute: false, work: false },
    ],
    [
      'failed',
      'spawn_failed',
      { rerun: true, reevaluate: false, executed: false, execute: false, work: false },
    ],
    ['failed', 'interrupted', { rerun: true, reevaluate: false, executed: false, execute: true, work: true }],
    [
      'failed',
      'provider_error',
      { rerun: true, reevaluate: false, executed: false, execute: true, work: true },
    ],
    ['canceled', 'canceled', { rerun: true, reevaluate: false, executed: false, execute: true, work: true }],
  ]
  it.each(table)('%s/%s', (status, failureType, want) => {
    const run = { status, failureType }
    expect({
      rerun: canRerun(run),
      reevaluate: canReevaluate(run),
      executed: hasExecuted(run),
      execute: needsExecution(run),
      work: awaitsWork(run),
    }).toEqual(want)
  })
})

describe('judgesCurrentExecution', () => {
  it("counts a result of the run's session, or of none, and never one of an earlier attempt", () => {
    const run = { sessionId: 'ses_2' }
    expect(judgesCurrentExecution({ sessionId: 'ses_2' }, run)).toBe(true)
    expect(judgesCurrentExecution({ sessionId: null }, run)).toBe(true)
    expect(judgesCurrentExecution({ sessionId: 'ses_1' }, run)).toBe(false)
    expect(judgesCurrentExecution({ sessionId: 'ses_1' }, { sessionId: null })).toBe(false)
  })
})

describe('totalTokens', () => {
  it('adds input, output, reasoning and both cache directions', () => {
    expect(totalTokens({ input: 1, output: 20, reasoning: 300, cacheRead: 4000, cacheWrite: 50000 })).toBe(
      54321,
    )
  })
})

describe('caseMeans: per case and side, as the decision counts the rounds', () => {
  const run = (
    side: Side,
    status: RunStatus,
    score: number | null,
    failureType: FailureType | null = null,
  ): ScoredRun => ({
    caseId: 'c1',
    side,
    status,
    score,
    failureType,
  })
  const runs = [
    run('a', 'scored', 60),
    run('a', 'scored', 80),
    run('b', 'scored', 90),
    run('b', 'failed', null, 'timeout'),
    run('b', 'failed', null, 'provider_error'),
    run('b', 'evaluating', 55),
  ]

  it("scores the agent's own failure 0 by default and leaves the provider's and unjudged runs out", () => {
    const c = caseMeans(runs, 0).get('c1')
    expect(c).toMatchObject({ a: 70, b: 45, delta: -25, scores: { a: [60, 80], b: [90, 0] } })
    // Welch SE over the rounds: sqrt(200/2 + 4050/2)
    expect(c?.se).toBeCloseTo(Math.sqrt(100 + 2025), 9)
  })

  it('leaves every failure out when failedRunScore is "missing"', () => {
    expect(caseMeans(runs, 'missing').get('c1')).toMatchObject({ a: 70, b: 90, delta: 20, se: null })
  })

  it('has no delta while a side has no score, and keeps first-seen case order', () => {
    const m = caseMeans([{ ...run('a', 'scored', 10), caseId: 'z' }, run('b', 'pending', null)], 0)
    expect([...m.keys()]).toEqual(['z', 'c1'])
    expect(m.get('c1')).toMatchObject({ a: null, b: null, delta: null, se: null })
  })
})
