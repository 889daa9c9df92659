// The per-case table's means and the delta plot count runs the way the decision does.
import { describe, expect, it } from 'vitest'
import { run } from '../../testing/views.fixture'
import { caseDeltas } from './plots/plot-data'
import type { RunView } from '../../../../src-shared/ipc-views'
import { buildRows, caseSkillNotUsed, caseState, sameRow, signed, tone, type CaseRow } from './run-rows'

const runs = [
  run('t', 'c1', 'a', 1, { status: 'scored', score: 60 }),
  run('t', 'c1', 'a', 2, { status: 'scored', score: 60 }),
  run('t', 'c1', 'b', 1, { status: 'scored', score: 90 }),
  run('t', 'c1', 'b', 2, { status: 'failed', failureType: 'timeout' }),
]

describe('per-case means as the decision counts them', () => {
  it('a timeout of the agent counts as 0 by default: b = (90 + 0) / 2, not 90', () => {
    const [row] = buildRows(runs, ['c1']).rows
    expect(row).toMatchObject({ meanA: 60, meanB: 45, delta: -15 })
    expect(caseDeltas(runs)[0]?.diff).toBe(-15)
  })

  it('with failedRunScore "missing" the timeout is left out', () => {
    const [row] = buildRows(runs, ['c1'], 'missing').rows
    expect(row).toMatchObject({ meanA: 60, meanB: 90, delta: 30 })
    expect(caseDeltas(runs, 'missing')[0]?.diff).toBe(30)
  })

  it('a provider error is never 0: it is not the agent’s failure', () => {
    const provider = runs.map((r) => (r.failureType ? { ...r, failureType: 'provider_error' as const } : r))
    expect(buildRows(provider, ['c1']).rows[0]).toMatchObject({ meanB: 90, delta: 30 })
  })
})

describe('a case’s state, as the table sorts and filters by it', () => {
  const rowOf = (list: RunView[]) => buildRows(list, ['c1']).rows[0] as CaseRow

  it('is that of its run most in need of a look: a failure before a run in progress before a score', () => {
    expect(caseState(rowOf(runs))).toBe('failed')
    const live = [runs[0]!, run('t', 'c1', 'b', 1, { status: 'evaluating' })]
    expect(caseState(rowOf(live))).toBe('in progress')
    expect(caseState(rowOf([runs[0]!, runs[2]!]))).toBe('scored')
    expect(caseState(buildRows([], ['c1'], 0, { everyCase: true }).rows[0]!)).toBe('pending')
  })

  it('says when b did not invoke the skill in some round (a is never counted)', () => {
    const a = run('t', 'c1', 'a', 1, { status: 'scored', score: 10, skillLoaded: false })
    const b1 = run('t', 'c1', 'b', 1, { status: 'scored', score: 10, skillLoaded: true })
    const b2 = run('t', 'c1', 'b', 2, { status: 'scored', score: 10, skillLoaded: false })
    expect(caseSkillNotUsed(rowOf([a, b1]))).toBe(false)
    expect(caseSkillNotUsed(rowOf([a, b1, b2]))).toBe(true)
  })
})

describe('a row re-renders only when a patch changed its case', () => {
  it('a rebuild that replaced another case’s run leaves this row the same; one that replaced its run does not', () => {
    const other = run('t', 'c2', 'a', 1, { status: 'pending' })
    const before = buildRows([...runs, other], ['c1', 'c2']).rows
    const otherPatched = buildRows([...runs, { ...other, status: 'running' as const }], ['c1', 'c2']).rows
    expect(sameRow(before[0]!, otherPatched[0]!)).toBe(true)
    expect(sameRow(before[1]!, otherPatched[1]!)).toBe(false)
  })
})

describe('a difference as a person reads it', () => {
  it.each([
    [12, '+12', 'delta-pos'],
    [-3.5, '-3.5', 'delta-neg'],
    [0, '0', 'muted'], // never a green "+0"
    [0.04, '0', 'muted'], // rounds to nothing
    [-0.04, '0', 'muted'],
    [null, '–', 'muted'],
  ] as const)('%s → %s (%s)', (n, text, cls) => {
    expect(signed(n)).toBe(text)
    expect(tone(n)).toBe(cls)
  })
})
