import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openTempStore, type TempStore } from '../db/store.fixture'
import { drive, findRun, seedExportTask } from '../export/task.fixture'
import { calibrationName, floorForTask } from './calibration'

let t: TempStore
beforeEach(() => {
  t = openTempStore()
})
afterEach(() => t.cleanup())

const CASES = ['c1', 'c2', 'c3']

/** A calibration (2 rounds: R = 1) whose side-a rounds score as given per case. */
function calibration(name: string, scores: Record<string, [number, number]>, model = 'scripted/agent-model') {
  const { task, runs } = seedExportTask(t.store, {
    name: calibrationName(name),
    cases: CASES,
    rounds: 2,
    kind: 'calibration',
    config: { agent: { model } },
  })
  for (const [c, pair] of Object.entries(scores))
    pair.forEach((score, i) => drive(t.store, findRun(runs, c, 'a', i + 1).id, 'scored', { score }))
  return task
}

describe('the noise floor an A/B task shows', () => {
  it('comes from the latest calibration of its dataset, agent model and baseline, decided under its policy', () => {
    const { task: ab } = seedExportTask(t.store, { name: 'ab', cases: CASES, rounds: 1 })
    expect(floorForTask(t.store, ab)).toBeNull()

    const mine = calibration('ab', { c1: [50, 60], c2: [70, 60], c3: [40, 40] })
    expect(mine.kind).toBe('calibration')
    expect(t.store.tasks.list().map((x) => x.id)).toEqual([ab.id]) // never listed with the A/B tasks
    // Newer, but another agent model: it says nothing about this task.
    calibration('other', { c1: [0, 100], c2: [100, 0], c3: [0, 100] }, 'scripted/other-model')

    const found = floorForTask(t.store, ab)
    expect(found).toMatchObject({ calibrationTaskId: mine.id, calibrationName: 'ab (A/A calibration)' })
    expect(found?.finished).toBe(false)
    // d = +10, −10, 0
    expect(found?.floor).toMatchObject({ cases: 3, rounds: 1, mean: 0, splits: 200 })
    expect(found?.floor.sd).toBeCloseTo(10, 9)
    // A calibration shows no floor of its own as an A/B task would.
    expect(floorForTask(t.store, mine)).toBeNull()
  })

  it('is not shown for a task with another baseline', () => {
    calibration('ab', { c1: [50, 60], c2: [70, 60], c3: [40, 40] })
    const { task } = seedExportTask(t.store, { name: 'v2 vs v1', cases: CASES, rounds: 1, baseline: true })
    expect(floorForTask(t.store, task)).toBeNull()
  })
})
