import { describe, expect, it } from 'vitest'
import type { OpenedExport } from '../../../../src-shared/export-read'
import { compareCases, experimentCases, experimentLabels, type CaseDelta } from './compare-cases'

const c = (
  caseId: string,
  meanA: number | null,
  meanB: number | null,
  caseHash: string | null = `h-${caseId}`,
) =>
  ({
    caseId,
    meanA,
    meanB,
    delta: meanA === null || meanB === null ? null : meanB - meanA,
    caseHash,
  }) satisfies CaseDelta

describe('compareCases', () => {
  it('matches cases by id in the left order, gives each Δ and its change, and lists the unmatched', () => {
    const out = compareCases(
      [c('hello', 50, 80), c('only-left', 10, 20), c('goodbye', 60, 55), c('unscored', null, 70)],
      [c('goodbye', 60, 75), c('hello', 40, 50), c('unscored', 50, 60), c('only-right', 1, 2)],
    )
    expect(out.matched.map((m) => [m.caseId, m.left.delta, m.right.delta, m.change])).toEqual([
      ['hello', 30, 10, -20],
      ['goodbye', -5, 15, 20],
      ['unscored', null, 10, null],
    ])
    expect(out.onlyLeft).toEqual(['only-left'])
    expect(out.onlyRight).toEqual(['only-right'])
    // The summary is over the cases with a Δ in both.
    expect(out.summary).toEqual({
      n: 2,
      meanLeft: 12.5,
      meanRight: 12.5,
      meanChange: 0,
      changed: 0,
      unknown: 0,
    })
  })

  it('marks a case whose content differs between the two and leaves it out of the summary', () => {
    const out = compareCases(
      [c('hello', 50, 80), c('greet', 50, 90, 'sha256:old')],
      [c('hello', 40, 50), c('greet', 50, 20, 'sha256:new')],
    )
    expect(out.matched.map((m) => [m.caseId, m.identity])).toEqual([
      ['hello', 'same'],
      ['greet', 'changed'],
    ])
    expect(out.summary).toMatchObject({ n: 1, meanLeft: 30, meanRight: 10, meanChange: -20, changed: 1 })
  })

  it('treats a case without a hash (an export written before it) as unknown, not changed: counted and said', () => {
    const out = compareCases([c('hello', 50, 80, null)], [c('hello', 40, 50)])
    expect(out.matched[0]?.identity).toBe('unknown')
    expect(out.summary).toMatchObject({ n: 1, changed: 0, unknown: 1 })
  })
})

describe('experimentCases', () => {
  const run = (caseId: string, side: 'a' | 'b', score: number) => ({
    id: `${caseId}-${side}`,
    caseId,
    side,
    round: 1,
    status: 'scored',
    failureType: null,
    durationMs: 1,
    tokens: { input: 1, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
    score,
    skillLoaded: true,
  })
  const doc = (cases: { caseId: string; caseHash?: string | null }[]) =>
    ({
      task: { id: 't' },
      runs: [run('hello', 'a', 40), run('hello', 'b', 70), run('greet', 'a', 50), run('greet', 'b', 50)],
      cases,
      decision: { failures: { failedRunScore: 0 } },
    }) as unknown as OpenedExport

  it("reads each case's means, Δ and content hash; an older export's cases have none (null)", () => {
    expect(experimentCases(doc([{ caseId: 'hello', caseHash: 'sha256:1' }, { caseId: 'greet' }]))).toEqual([
      { caseId: 'hello', meanA: 40, meanB: 70, delta: 30, caseHash: 'sha256:1' },
      { caseId: 'greet', meanA: 50, meanB: 50, delta: 0, caseHash: null },
    ])
  })
})

describe('experimentLabels', () => {
  it('heads the columns with the names, and tells two of the same name apart by their sources', () => {
    const e = (name: string, source: string) => ({ name, source })
    expect(experimentLabels(e('v1', 'a.json'), e('v2', 'b.json'))).toEqual(['v1', 'v2'])
    expect(experimentLabels(e('pirate', 'monday.json'), e('pirate', 'local task'))).toEqual([
      'pirate (monday.json)',
      'pirate (local task)',
    ])
    expect(experimentLabels(e('pirate', 'x.json'), e('pirate', 'x.json'))).toEqual([
      'pirate (first)',
      'pirate (second)',
    ])
  })
})
