import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedExportTask } from '../export/task.fixture'
import { findTask } from './find-task'
import { listBatches } from './list-batches'
import { listTasks } from './list-tasks'
import { reevaluateTask } from './reevaluate'
import { executeAs, openStubWorld, type StubWorld } from './judge-stub.fixture'

let w: StubWorld
const signal = new AbortController().signal

beforeEach(() => {
  w = openStubWorld()
})
afterEach(() => w.cleanup())

async function judged(name: string, kind: 'ab' | 'case', score: number) {
  const { task, runs } = seedExportTask(w.ctx.store, { name, kind, cases: ['c1'], rounds: 1 })
  // Side a 30 points below b: a mean over both sides would show neither.
  for (const run of runs)
    executeAs(w.ctx, run, `ses_${task.id}_${run.side}`, run.side === 'a' ? score - 30 : score)
  const { batchId } = await reevaluateTask(w.ctx, task, { signal })
  return { task, batchId }
}

describe('batch lists', () => {
  it('invariant 7: the case-analysis view excludes A/B batches; the evaluation center shows all, each with its source', async () => {
    const abOld = await judged('pirate v1 vs none', 'ab', 60)
    const analysis = await judged('pirate on cases', 'case', 80)
    // The newest batch is an A/B one (what a UI would have selected last): still no way into the case view.
    const abNew = await judged('pirate v2 vs none', 'ab', 70)

    const center = listBatches(w.ctx, 'evaluation-center')
    expect(center.map((b) => [b.id, b.source]).sort()).toEqual(
      [
        [abOld.batchId, 'grayscale-ab'],
        [abNew.batchId, 'grayscale-ab'],
        [analysis.batchId, 'case-analysis'],
      ].sort(),
    )
    const cases = listBatches(w.ctx, 'case-analysis')
    expect(cases.map((b) => [b.id, b.source, b.name, b.runs, b.scored, b.means])).toEqual([
      [analysis.batchId, 'case-analysis', 'pirate on cases', 1, 1, { a: null, b: 80 }],
    ])
    expect(center.find((b) => b.id === abNew.batchId)).toMatchObject({
      runs: 2,
      scored: 2,
      means: { a: 40, b: 70 }, // each side's own, never one mean over both (55)
    })

    // The A/B task lists (service, repository, `<task>` lookup) show A/B tasks only.
    expect(
      listTasks(w.ctx)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['pirate v1 vs none', 'pirate v2 vs none'])
    expect(w.ctx.store.tasks.list().every((t) => t.kind === 'ab')).toBe(true)
    for (const ref of [analysis.task.id, 'pirate on cases'])
      expect(() => findTask(w.ctx.store, ref)).toThrow(
        expect.objectContaining({ kind: 'not_found', message: expect.stringMatching(`^no task "${ref}"`) }),
      )
  })

  it('a task never judged has no batch yet and is listed in neither view', () => {
    seedExportTask(w.ctx.store, { name: 'not yet', kind: 'case', cases: ['c1'], rounds: 1 })
    expect(listBatches(w.ctx, 'evaluation-center')).toEqual([])
    expect(listBatches(w.ctx, 'case-analysis')).toEqual([])
  })
})
