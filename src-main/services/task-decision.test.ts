// The task's decision is computed in one place and kept until its config or runs change.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../db'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { drive, findRun, seedExportTask } from '../export/task.fixture'
import { taskDecision, taskRunCounts } from './task-decision'

let t: TempStore
let store: Store
beforeEach(() => {
  t = openTempStore()
  store = t.store
})
afterEach(() => t.cleanup())

describe('taskDecision (kept between changes)', () => {
  it('follows a score correction, a new scored run and a policy change; unchanged runs reuse it', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2', 'c3'], rounds: 1 })
    for (const c of ['c1', 'c2']) {
      drive(store, findRun(runs, c, 'a', 1).id, 'scored', { score: 50 })
      drive(store, findRun(runs, c, 'b', 1).id, 'scored', { score: 70 })
    }
    const first = taskDecision(store, task)
    expect(first.capability.estimate).toBe(20)
    expect(taskDecision(store, task)).toBe(first)

    store.runs.update(findRun(runs, 'c1', 'b', 1).id, { score: 90 })
    expect(taskDecision(store, task).capability.estimate).toBe(30)

    drive(store, findRun(runs, 'c3', 'a', 1).id, 'scored', { score: 50 })
    drive(store, findRun(runs, 'c3', 'b', 1).id, 'scored', { score: 50 })
    expect(taskDecision(store, task).capability.estimate).toBeCloseTo(20)

    const config = JSON.parse(task.configJson) as { policy: { minLift: number } }
    const strict = store.tasks.updateConfig(
      task.id,
      JSON.stringify({ ...config, policy: { ...config.policy, minLift: 99 } }),
    )
    expect(taskDecision(store, strict).capability.minLift).toBe(99)
  })
})

describe('taskRunCounts', () => {
  it('counts the runs of the selected cases and rounds only, as the decision does', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1'], rounds: 3, config: { repeatRounds: 2 } })
    for (const round of [1, 2]) drive(store, findRun(runs, 'c1', 'b', round).id, 'scored', { score: 70 })
    drive(store, findRun(runs, 'c1', 'b', 3).id, 'exec-failed')
    expect(taskRunCounts(store, task).runs).toMatchObject({ pending: 2, scored: 2, failed: 0 })
    expect(taskDecision(store, task).failures).toMatchObject({ runsB: 2, failuresB: 0 })
  })
})

describe('invariant 13: runs without evidence (docs/decision.md)', () => {
  it('invariant 13: a run whose session ran with no record of what it was offered is missing, and the warning counts it per side', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2', 'c3'], rounds: 1 })
    for (const c of ['c1', 'c2', 'c3']) {
      drive(store, findRun(runs, c, 'a', 1).id, 'scored', { score: 40 })
      drive(store, findRun(runs, c, 'b', 1).id, 'scored', { score: 90 })
    }
    expect(taskDecision(store, task).coverage).toMatchObject({ counting: 3, total: 3 })
    expect(taskDecision(store, task).warnings.map((w) => w.code)).not.toContain('runs-without-evidence')
    // As a run stored before skill-ab recorded the evidence: it still scored 90, and it is not counted.
    store.runs.update(findRun(runs, 'c3', 'b', 1).id, { offeredSkills: null, skillVisible: null })
    const d = taskDecision(store, task)
    expect(d.coverage).toMatchObject({ counting: 2, total: 3 })
    expect(d.capability.perCase.map((c) => c.caseId)).toEqual(['c1', 'c2'])
    const warning = d.warnings.find((w) => w.code === 'runs-without-evidence')
    expect(warning?.message).toMatch(/^1 run \(1 on side b\) ran with no evidence/)
  })

  it('invariant 13: evidence of the wrong skills counts no more than none: side b offered nothing, side a a skill', () => {
    const { task, runs } = seedExportTask(store, { cases: ['c1', 'c2'], rounds: 1 })
    const other = [{ name: 'other-skill', location: '/x/other-skill/SKILL.md' }]
    drive(store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 40 })
    drive(store, findRun(runs, 'c1', 'b', 1).id, 'exec-failed', { failureType: 'timeout', offeredSkills: [] })
    drive(store, findRun(runs, 'c2', 'a', 1).id, 'scored', { score: 40, offeredSkills: other })
    drive(store, findRun(runs, 'c2', 'b', 1).id, 'scored', { score: 90 })
    const d = taskDecision(store, task)
    expect(d.failures).toMatchObject({ failuresB: 0 })
    expect(d.warnings.find((w) => w.code === 'runs-without-evidence')?.message).toMatch(
      /^2 runs \(1 on side a, 1 on side b\)/,
    )
  })
})
