import { describe, expect, it } from 'vitest'
import type { ProbeChoice, ProbeResult, TriggerQuery } from '../../src-shared/trigger-eval'
import { compareDescriptions, summarizeTriggers } from './trigger-eval'

const query = (id: string, shouldTrigger: boolean): TriggerQuery => ({
  id,
  query: `query ${id}`,
  shouldTrigger,
})

/** One probe per round with the given choices. */
function probes(queryId: string, ...choices: (ProbeChoice | null | string)[]): ProbeResult[] {
  return choices.map((c, i) => {
    const known = c === null || c === 'this' || c === 'none' || c === 'other'
    return {
      queryId,
      round: i + 1,
      choice: known ? (c as ProbeChoice | null) : 'other',
      otherSkill: known ? null : c,
      step: c === 'none' || c === null ? null : 1,
    }
  })
}

const SET = [query('p1', true), query('p2', true), query('n1', false), query('n2', false)]

describe('summarizeTriggers', () => {
  it('a description that matches gets precision, recall and accuracy 1', () => {
    const s = summarizeTriggers(
      SET,
      [
        ...probes('p1', 'this', 'this'),
        ...probes('p2', 'this', 'this'),
        ...probes('n1', 'none', 'none'),
        ...probes('n2', 'none', 'none'),
      ],
      0.05,
    )
    expect(s.confusion).toEqual({ truePositive: 2, falsePositive: 0, falseNegative: 0, trueNegative: 2 })
    expect([s.precision.rate, s.recall.rate, s.accuracy.rate]).toEqual([1, 1, 1])
    expect(s.precision.ciLow).toBeLessThan(1)
    expect(s.failing).toEqual([])
  })

  it('a vague description misses should-trigger queries: lower recall, the misses listed with what happened', () => {
    const s = summarizeTriggers(
      SET,
      [
        ...probes('p1', 'this', 'this', 'none'),
        ...probes('p2', 'none', 'none', 'this'),
        ...probes('n1', 'none'),
        ...probes('n2', 'none'),
      ],
      0.05,
    )
    expect(s.recall).toMatchObject({ k: 1, n: 2, rate: 0.5 })
    expect(s.precision.rate).toBe(1)
    expect(s.failing.map((q) => q.queryId)).toEqual(['p2'])
    expect(s.failing[0]?.instead).toEqual({ none: 2 })
    expect(s.queries[0]).toMatchObject({ triggered: 2, probed: 3, correct: true })
  })

  it('a competing skill that wins counts as another skill, not a trigger', () => {
    const s = summarizeTriggers([query('p1', true)], probes('p1', 'pdf-tools', 'pdf-tools', 'this'), 0.05)
    expect(s.queries[0]).toMatchObject({ triggered: 1, other: 2, none: 0, correct: false })
    expect(s.queries[0]?.instead).toEqual({ 'pdf-tools': 2 })
    expect(s.confusion.falseNegative).toBe(1)
  })

  it('a tie is wrong, whichever way the query should go', () => {
    const s = summarizeTriggers(
      SET.slice(0, 3),
      [...probes('p1', 'this', 'none'), ...probes('n1', 'this', 'none')],
      0.05,
    )
    expect(s.queries.map((q) => q.correct)).toEqual([false, null, false])
    expect(s.confusion).toMatchObject({ falseNegative: 1, falsePositive: 1 })
    expect(s.failing[1]?.instead).toEqual({ 'this skill': 1 })
  })

  it('queries with no probed round are named and left out of the metrics', () => {
    const s = summarizeTriggers(SET, [...probes('p1', 'this'), ...probes('n1', null, 'none')], 0.05)
    expect(s.withoutResult).toEqual(['p2', 'n2'])
    expect(s.accuracy).toMatchObject({ k: 2, n: 2 })
    expect(s.queries[2]).toMatchObject({ probed: 1, none: 1 })
  })
})

describe('compareDescriptions', () => {
  const ids = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']
  const set = ids.map((id) => query(id, true))
  const summary = (right: number) =>
    summarizeTriggers(
      set,
      ids.flatMap((id, i) => probes(id, i < right ? 'this' : 'none')),
      0.05,
    )

  it('passes when b answers six more queries right than a (p = 0.031)', () => {
    const c = compareDescriptions(summary(1), summary(7))
    expect(c).toMatchObject({ verdict: 'pass', paired: 7, betterInB: 6, worseInB: 0 })
    expect(c.pValue).toBeCloseTo(0.03125, 5)
  })

  it('rejects when b is worse by as much', () => {
    expect(compareDescriptions(summary(7), summary(1)).verdict).toBe('reject')
  })

  it('is inconclusive when few queries differ, and says why', () => {
    const c = compareDescriptions(summary(4), summary(6))
    expect(c.verdict).toBe('inconclusive')
    expect(c.pValue).toBe(0.5)
    expect(c.reasons.join('\n')).toMatch(/no difference at the 95% level/)
  })

  it('pairs only queries both versions answered', () => {
    const a = summarizeTriggers(set, probes('q1', 'none'), 0.05)
    const c = compareDescriptions(a, summary(7))
    expect(c).toMatchObject({ paired: 1, betterInB: 1, verdict: 'inconclusive' })
    expect(c.reasons.join('\n')).toMatch(/too few queries/)
  })
})
