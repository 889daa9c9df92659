// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RunPatch } from '../../../src-shared/ipc-views'
import { installFakeApi } from '../testing/fake-api.fixture'
import { detail, run, summary } from '../testing/views.fixture'
import { FIRST_CASES, useTaskView } from './task-view-store'

beforeEach(() => {
  useTaskView.setState({
    taskId: null,
    detail: null,
    runs: new Map(),
    history: new Map(),
    version: 0,
    complete: false,
    patchedRuns: 0,
  })
})

let nextSeq = 100
const patchOf = (r: ReturnType<typeof run>, statuses: RunPatch['statuses']): RunPatch => ({
  ...r,
  statuses,
  seqs: statuses.map(() => nextSeq++),
})

describe('task view store', () => {
  it('applies live patches in place and keeps each run ordered status history', async () => {
    const s = summary('t1')
    const r = run('t1', 'c1', 'b', 1)
    installFakeApi({ 'tasks.get': () => ({ task: detail(s), runs: [r], complete: true, seq: 0 }) })
    await useTaskView.getState().open('t1')
    useTaskView
      .getState()
      .applyPatch({ runs: [patchOf({ ...r, status: 'running' }, ['running'])], tasks: [], external: false })
    useTaskView.getState().applyPatch({
      runs: [patchOf({ ...r, status: 'evaluating' }, ['executed', 'evaluating'])],
      tasks: [],
      external: false,
    })
    useTaskView.getState().applyPatch({
      runs: [
        patchOf({ ...r, status: 'scored', score: 81 }, ['scored']),
        patchOf(run('other', 'c1', 'a', 1), ['running']),
      ],
      tasks: [{ taskId: 't1', runs: { ...s.runs, pending: 0, scored: 1 }, status: 'done' }],
      external: false,
    })
    const state = useTaskView.getState()
    expect(state.history.get(r.id)).toEqual(['pending', 'running', 'executed', 'evaluating', 'scored'])
    expect(state.runs.get(r.id)?.score).toBe(81)
    expect(state.runs.size).toBe(1) // another task's run is not this view's
    expect(state.detail?.summary.status).toBe('done')
  })

  it('a patch coalesced while the snapshot was read adds only the steps after the snapshot', async () => {
    const r = run('t1', 'c1', 'b', 1, { status: 'executed' })
    installFakeApi({
      'tasks.get': () => ({ task: detail(summary('t1')), runs: [r], complete: true, seq: 7 }),
    })
    await useTaskView.getState().open('t1')
    const late = {
      ...patchOf({ ...r, status: 'evaluating' }, ['running', 'executed', 'evaluating']),
      seqs: [6, 7, 8],
    }
    useTaskView.getState().applyPatch({ runs: [late], tasks: [], external: false })
    const again = { ...patchOf({ ...r, status: 'evaluating' }, ['scored', 'evaluating']), seqs: [9, 10] }
    useTaskView.getState().applyPatch({ runs: [again], tasks: [], external: false })
    expect(useTaskView.getState().history.get(r.id)).toEqual([
      'executed',
      'evaluating',
      'scored',
      'evaluating',
    ])
  })

  it('an answer for a task the user already left never replaces the task now open', async () => {
    let release: () => void = () => {}
    const slow = new Promise<void>((r) => (release = r))
    installFakeApi({
      'tasks.get': async ({ taskId }: { taskId: string }) => {
        if (taskId === 'old') await slow
        return { task: detail(summary(taskId)), runs: [], complete: true }
      },
    })
    const first = useTaskView.getState().open('old')
    await useTaskView.getState().open('new')
    release()
    await first
    expect(useTaskView.getState().taskId).toBe('new')
    expect(useTaskView.getState().detail?.summary.id).toBe('new')
  })

  it('a big task shows its first cases at once, then every run; a run patched in between keeps its change', async () => {
    const cases = Array.from({ length: FIRST_CASES + 10 }, (_, i) => `c${i}`)
    const all = cases.map((c) => run('t1', c, 'a', 1))
    const last = all[all.length - 1]!
    const fake = installFakeApi({
      'tasks.get': ({ firstCases }: { firstCases?: number }) =>
        firstCases
          ? { task: detail(summary('t1')), runs: all.slice(0, firstCases), complete: false, seq: 5 }
          : // The full snapshot is read after the patch below: it already has the run running.
            {
              task: detail(summary('t1')),
              runs: all.map((r) => (r === last ? { ...r, status: 'running' } : r)),
              complete: true,
              seq: 6,
            },
    })
    await useTaskView.getState().open('t1')
    expect(useTaskView.getState().runs.size).toBe(FIRST_CASES)
    expect(useTaskView.getState().complete).toBe(false)
    // A live patch to a run beyond the first screenful, before the rest arrives.
    useTaskView.getState().applyPatch({
      runs: [{ ...last, status: 'running', statuses: ['running'], seqs: [6] }],
      tasks: [],
      external: false,
    })
    expect(useTaskView.getState().runs.get(last.id)?.status).toBe('running')

    await vi.waitFor(() => expect(useTaskView.getState().complete).toBe(true))
    const state = useTaskView.getState()
    expect(state.runs.size).toBe(cases.length)
    expect(state.runs.get(last.id)?.status).toBe('running')
    expect(state.history.get(last.id)).toEqual(['running'])
    expect(fake.calls.map((c) => c.payload)).toEqual([
      { taskId: 't1', firstCases: FIRST_CASES },
      { taskId: 't1' },
    ])
  })
})
