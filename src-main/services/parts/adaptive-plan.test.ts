// Adaptive rounds in the app: the stored plan, the runs it asks for, and a look once every planned run is judged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../db'
import { openTempStore, type TempStore } from '../../db/store.fixture'
import { drive, findRun, seedExportTask } from '../../export/task.fixture'
import { startPlan } from '../../stats/adaptive-rounds'
import { lookAfterExecution, planForCases, plannedRuns } from './adaptive-plan'
import { taskDecision } from '../task-decision'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

const ROUNDS = { min: 1, max: 3 }

describe('the plan a task runs', () => {
  it('starts every case at min; a stored plan is kept; a new case joins at min and reopens a stopped plan', () => {
    const fresh = planForCases(null, ROUNDS, ['c1', 'c2'])
    expect(fresh.rounds).toEqual({ c1: 1, c2: 1 })
    const stopped = { ...fresh, rounds: { c1: 2, c2: 1 }, stop: 'settled' as const }
    expect(planForCases(stopped, ROUNDS, ['c1', 'c2'])).toBe(stopped)
    expect(planForCases(stopped, ROUNDS, ['c1', 'c2', 'c3'])).toMatchObject({
      rounds: { c1: 2, c2: 1, c3: 1 },
      stop: null,
    })
  })

  it('asks for rounds 1..R_i of each case on each side', () => {
    const plan = { ...startPlan(['c1', 'c2'], ROUNDS), rounds: { c1: 2, c2: 1 } }
    const runs = plannedRuns(
      plan,
      [
        { id: 'c1', contentHash: 'h1' },
        { id: 'c2', contentHash: 'h2' },
      ],
      ['a', 'b'],
    )
    expect(runs.map((r) => `${r.caseKey}/${r.round}/${r.side}`)).toEqual([
      'c1/1/a',
      'c1/1/b',
      'c1/2/a',
      'c1/2/b',
      'c2/1/a',
      'c2/1/b',
    ])
  })
})

describe('lookAfterExecution', () => {
  it('waits for every planned run to be judged, then looks, stores the plan and adds the rounds as pending runs', () => {
    const cases = ['c1', 'c2', 'c3']
    const { task, runs } = seedExportTask(store, {
      cases,
      rounds: 1,
      config: { adaptiveRounds: ROUNDS },
    })
    store.adaptivePlans.put(task.id, startPlan(cases, ROUNDS))
    const scores: Record<string, [number, number]> = { c1: [50, 60], c2: [40, 45], c3: [70, 65] }
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 50 })
    expect(lookAfterExecution(store, task)).toBe(0)
    expect(store.adaptivePlans.get(task.id)?.looks).toEqual([])

    for (const c of cases) {
      if (c !== 'c1') drive(store, findRun(runs, c, 'a', 1).id, 'scored', { score: scores[c]?.[0] })
      drive(store, findRun(runs, c, 'b', 1).id, 'scored', { score: scores[c]?.[1] })
    }
    // Lift +3.3 over three cases: not settled, and no round spread is known yet, so every case gets round 2.
    expect(lookAfterExecution(store, task)).toBe(6)
    const plan = store.adaptivePlans.get(task.id)
    expect(plan).toMatchObject({ rounds: { c1: 2, c2: 2, c3: 2 }, stop: null })
    expect(plan?.looks).toHaveLength(1)
    expect(plan?.looks[0]).toMatchObject({ runs: 6, verdict: 'inconclusive', extended: cases })
    const pending = store.runs.listByTask(task.id).filter((r) => r.status === 'pending')
    expect(pending.map((r) => `${r.caseKey}/${r.round}/${r.side}`).sort()).toEqual(
      cases.flatMap((c) => [`${c}/2/a`, `${c}/2/b`]),
    )
    // Round 2 is pending: no second look yet; the decision counts each case against its 2 rounds (1 scored of 2 is ⌈2/2⌉).
    expect(lookAfterExecution(store, task)).toBe(0)
    expect(taskDecision(store, task).coverage).toMatchObject({ rounds: 2, counting: 3, minScoredRounds: 1 })
  })

  it('does nothing for a task with fixed rounds', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2'], rounds: 1 })
    for (const r of runs) drive(store, r.id, 'scored', { score: 50 })
    expect(lookAfterExecution(store, task)).toBe(0)
    expect(store.adaptivePlans.get(task.id)).toBeNull()
  })
})
