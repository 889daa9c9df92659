import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drive, seedExportTask } from '../../export/task.fixture'
import { evaluatorVersionNumber } from '../../engine/trace-results'
import { resolveEvaluators } from '../../judge/evaluators'
import { listTasks } from '../list-tasks'
import { reconcileTask } from '../reconcile'
import { reevaluateTask } from '../reevaluate'
import { executeAs, openStubWorld, type StubWorld } from '../judge-stub.fixture'

let w: StubWorld
const signal = new AbortController().signal

beforeEach(() => {
  w = openStubWorld()
})
afterEach(() => w.cleanup())

const [preset] = resolveEvaluators([{ id: 'preset-agent-task-completion', weight: 1 }])

/** A done result of the task's evaluator for a trace, as a crash-interrupted evaluation leaves it. */
function appendDone(sessionId: string, score: number, status: 'done' | 'failed' = 'done') {
  return w.ctx.store.evalResults.append({
    evaluatorRunId: 'batch_x',
    sessionId,
    runId: null,
    grayscaleTaskId: null,
    evaluatorId: preset!.id,
    evaluatorVersion: evaluatorVersionNumber(preset!),
    status,
    score: status === 'done' ? score : null,
    reason: 'r',
    rawOutput: '{}',
    parseStrategy: status === 'done' ? 'direct_json' : null,
    rawAnalysis: { evaluatorFingerprint: preset!.fingerprint },
  })
}

describe('fill back on open (reconcile)', () => {
  it('invariants 3, 4: evaluation failures whose trace has a done latest result are scored from it on open; no judge call', async () => {
    const { task, runs } = seedExportTask(w.ctx.store, { cases: ['c1', 'c2'], rounds: 1 })
    const [a1, b1, a2, b2] = runs
    for (const r of [a1!, b1!, a2!]) drive(w.ctx.store, r.id, 'eval-failed', { sessionId: `ses_${r.id}` })
    drive(w.ctx.store, b2!.id, 'exec-failed', { sessionId: `ses_${b2!.id}` })
    // a1: a later plain evaluation of its trace succeeded (a case analysis of the same session).
    const analysis = seedExportTask(w.ctx.store, { name: 'look', kind: 'case', cases: ['c1'], rounds: 1 })
    executeAs(w.ctx, analysis.runs[0]!, `ses_${a1!.id}`, 77)
    await reevaluateTask(w.ctx, analysis.task, { signal })
    // b1: crash between writing its result and its status. a2: its latest result is a failure.
    appendDone(`ses_${b1!.id}`, 64)
    appendDone(`ses_${a2!.id}`, 90)
    appendDone(`ses_${a2!.id}`, 0, 'failed')
    // b2: an execution failure is never filled back, whatever its session has.
    appendDone(`ses_${b2!.id}`, 55)
    w.judged.length = 0

    listTasks(w.ctx)
    expect(w.judged).toEqual([])
    const after = new Map(w.ctx.store.runs.listByTask(task.id).map((r) => [r.id, r]))
    expect([after.get(a1!.id)?.status, after.get(a1!.id)?.score]).toEqual(['scored', 77])
    expect([after.get(b1!.id)?.status, after.get(b1!.id)?.score]).toEqual(['scored', 64])
    expect([after.get(a2!.id)?.status, after.get(a2!.id)?.failureType]).toEqual(['failed', null])
    expect([after.get(b2!.id)?.status, after.get(b2!.id)?.failureType]).toEqual(['failed', 'agent_error'])
    expect(
      w.ctx.store.runs
        .history(a1!.id)
        .map((h) => h.to)
        .slice(-3),
    ).toEqual(['failed', 'evaluating', 'scored'])
    // Nothing left to fill back: a second open changes nothing.
    expect(reconcileTask(w.ctx, task.id)).toEqual([])
  })
})
