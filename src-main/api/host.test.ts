import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { drive, findRun, seedExportTask } from '../export/task.fixture'
import type {
  BatchView,
  CaseAnalysisView,
  JudgeAgreement,
  RunDetail,
  RunView,
  TaskDetail,
} from '../../src-shared/ipc-views'
import type { TaskSummary } from '../../src-shared/task-summary'
import { openTestHost, type TestHost } from './host.fixture'

let t: TestHost
beforeEach(() => {
  t = openTestHost()
})
afterEach(() => t.cleanup())

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('api host', () => {
  it('refuses an unknown channel and a payload the contract does not allow, naming the field', async () => {
    expect(await t.host.call('tasks.hack', {})).toMatchObject({ ok: false, error: { kind: 'input' } })
    const bad = await t.host.call('results.correct', { runId: 'r', evaluatorId: 'e', score: 140, note: 'x' })
    expect(bad).toMatchObject({ ok: false, error: { kind: 'input', issues: [{ field: 'score' }] } })
    const extra = await t.host.call('tasks.get', { taskId: 't', sneaky: true })
    expect(extra.ok).toBe(false)
    expect(await t.host.call('tasks.get', { taskId: 'task_nope' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    })
  })

  it('lists and opens tasks with their runs, and a run with its history and judge results', async () => {
    const { task, runs } = seedExportTask(t.ctx.store, { cases: ['c1', 'c2'], rounds: 1 })
    drive(t.ctx.store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 40 })
    drive(t.ctx.store, findRun(runs, 'c1', 'b', 1).id, 'eval-failed')
    const list = await t.ok<TaskSummary[]>('tasks.list')
    expect(list.map((s) => s.id)).toEqual([task.id])
    expect(list[0]?.runs).toMatchObject({ scored: 1, failed: 1, pending: 2 })
    const opened = await t.ok<{ task: TaskDetail; runs: RunView[] }>('tasks.get', { taskId: task.id })
    expect(opened.task.caseOrder).toEqual(['c1', 'c2'])
    expect(opened.task.busy).toBe(false)
    expect(opened.runs.find((r) => r.caseId === 'c1' && r.side === 'a')).toMatchObject({
      status: 'scored',
      score: 40,
    })
    const failed = opened.runs.find((r) => r.caseId === 'c1' && r.side === 'b')
    expect(failed).toMatchObject({ status: 'failed', failureType: null })
    const detail = await t.ok<RunDetail>('runs.detail', { runId: failed?.id })
    expect(detail.history.map((h) => h.to)).toEqual([
      'pending',
      'running',
      'executed',
      'evaluating',
      'failed',
    ])
    expect(detail.case?.prompt).toBe('prompt of c1')
    expect(detail.evaluatorIds).toEqual(['preset-agent-task-completion'])
  })

  it('opens a task before it is decided: the runs come at once, the verdict follows in a patch', async () => {
    const { task, runs } = seedExportTask(t.ctx.store, { cases: ['c1'], rounds: 1 })
    drive(t.ctx.store, findRun(runs, 'c1', 'a', 1).id, 'scored', { score: 40 })
    const opened = await t.ok<{ task: TaskDetail; runs: RunView[] }>('tasks.get', { taskId: task.id })
    expect(opened.task.summary.verdict).toBeNull()
    expect(opened.runs).toHaveLength(2)
    await wait(60)
    const own = t.patches.flatMap((p) => p.tasks).find((p) => p.taskId === task.id)
    expect(own?.verdict).toBe('inconclusive')
    // Decided and nothing written since: the next open has it.
    const again = await t.ok<{ task: TaskDetail }>('tasks.get', { taskId: task.id })
    expect(again.task.summary.verdict).toBe('inconclusive')
    drive(t.ctx.store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 90 })
    const changed = await t.ok<{ task: TaskDetail }>('tasks.get', { taskId: task.id })
    expect(changed.task.summary.verdict).toBeNull()
  })

  it('a score correction through the api rescores the run and reaches subscribers as a patch', async () => {
    const { runs } = seedExportTask(t.ctx.store, { cases: ['c1'], rounds: 1 })
    const run = drive(t.ctx.store, findRun(runs, 'c1', 'b', 1).id, 'eval-failed')
    const view = await t.ok<RunView>('results.correct', {
      runId: run.id,
      evaluatorId: 'preset-agent-task-completion',
      score: 72,
      note: 'the judge missed the file',
    })
    expect(view).toMatchObject({ status: 'scored', score: 72 })
    await wait(60)
    const patched = t.patches.flatMap((p) => p.runs).find((r) => r.id === run.id)
    expect(patched?.statuses).toEqual(['scored'])
    expect(patched?.score).toBe(72)
    // A label without a judge score: listed, n 0.
    expect(await t.ok<JudgeAgreement[]>('evaluations.agreement', {})).toMatchObject([
      { evaluatorId: 'preset-agent-task-completion', n: 0, meanAbsDiff: null },
    ])
  })

  it('clearing a correction through the api gives the score back to the judge (none here: an evaluation failure)', async () => {
    const { runs } = seedExportTask(t.ctx.store, { cases: ['c1'], rounds: 1 })
    const run = drive(t.ctx.store, findRun(runs, 'c1', 'b', 1).id, 'eval-failed')
    const target = { runId: run.id, evaluatorId: 'preset-agent-task-completion' }
    await t.ok<RunView>('results.correct', { ...target, score: 72, note: 'the judge missed the file' })
    const cleared = await t.ok<RunView>('results.clearCorrection', target)
    expect(cleared).toMatchObject({ status: 'failed', failureType: null, score: null })
    expect(await t.ok<JudgeAgreement[]>('evaluations.agreement', {})).toEqual([])
    const again = await t.host.call('results.clearCorrection', target)
    expect(again).toMatchObject({ ok: false, error: { kind: 'input' } })
    const bad = await t.host.call('results.clearCorrection', { runId: run.id })
    expect(bad).toMatchObject({ ok: false, error: { kind: 'input' } })
  })

  it('deleting a task removes it and tells subscribers; a refused re-run changes nothing', async () => {
    const { task, runs } = seedExportTask(t.ctx.store, { cases: ['c1'], rounds: 1 })
    const running = drive(t.ctx.store, findRun(runs, 'c1', 'a', 1).id, 'running')
    t.ctx.store.runs.update(running.id, { instanceId: t.ctx.instance.id })
    const refused = await t.host.call('runs.rerun', { taskId: task.id, runIds: [running.id] })
    expect(refused).toMatchObject({ ok: false, error: { kind: 'input' } })
    expect(t.ctx.store.runs.get(running.id)?.status).toBe('running')
    await t.ok('tasks.delete', { taskId: task.id })
    expect(await t.ok<TaskSummary[]>('tasks.list')).toEqual([])
    await wait(60)
    expect(t.patches.flatMap((p) => p.tasks)).toContainEqual({ taskId: task.id, removed: true })
  })

  it('a task never started keeps its id when started, and its runs stay its runs', async () => {
    mkdirSync(join(t.dir, 'skill'))
    writeFileSync(
      join(t.dir, 'skill', 'SKILL.md'),
      '---\nname: pirate-speak\ndescription: Use for pirate talk.\n---\nTalk like a pirate.\n',
    )
    writeFileSync(join(t.dir, 'cases.jsonl'), '{"id":"c1","prompt":"Say hello."}\n')
    const config = {
      name: 'never started',
      skill: { path: join(t.dir, 'skill') },
      dataset: { path: join(t.dir, 'cases.jsonl') },
      repeatRounds: 1,
      agent: { model: 'scripted/agent' },
    }
    // This host's judge refuses to start: the task is created, and its runs never start.
    const { taskId } = await t.ok<{ taskId: string }>('tasks.create', { config })
    await vi.waitFor(() => expect(t.host.jobs.size).toBe(0))
    const runs = t.ctx.store.runs.listByTask(taskId).map((r) => [r.id, r.status, r.attempt])
    expect(runs).toEqual([expect.arrayContaining(['pending', 0]), expect.arrayContaining(['pending', 0])])

    const started = await t.ok<{ taskId: string }>('tasks.start', { taskId })
    expect(started.taskId).toBe(taskId)
    await vi.waitFor(() => expect(t.host.jobs.size).toBe(0))
    expect((await t.ok<TaskSummary[]>('tasks.list')).map((s) => s.id)).toEqual([taskId])
    expect(t.ctx.store.runs.listByTask(taskId).map((r) => [r.id, r.status, r.attempt])).toEqual(runs)
    await wait(60)
    expect(t.patches.flatMap((p) => p.tasks).filter((p) => p.removed)).toEqual([])
  })

  it('invariant 7: the evaluation center lists every batch with its source; case analysis excludes A/B batches', async () => {
    const judged = (name: string, kind: 'ab' | 'case', batchId: string): void => {
      const { task, runs } = seedExportTask(t.ctx.store, { name, kind, cases: ['c1'], rounds: 1 })
      t.ctx.store.tasks.ensureBatchId(task.id, batchId)
      for (const run of runs) drive(t.ctx.store, run.id, 'scored')
    }
    judged('pirate v2 vs none', 'ab', 'batch_ab')
    judged('pirate on cases', 'case', 'batch_plain')
    const center = await t.ok<BatchView[]>('evaluations.batches', { view: 'center' })
    expect(center.map((b) => [b.batchId, b.source]).sort()).toEqual([
      ['batch_ab', 'grayscale-ab'],
      ['batch_plain', 'case-analysis'],
    ])
    expect(center.find((b) => b.batchId === 'batch_ab')?.taskName).toBe('pirate v2 vs none')
    const analysis = await t.ok<BatchView[]>('evaluations.batches', { view: 'case-analysis' })
    expect(analysis.map((b) => b.batchId)).toEqual(['batch_plain'])
  })

  it('opens a case analysis with its per-case scores and judge reasons; an A/B task is refused there', async () => {
    const { task, runs } = seedExportTask(t.ctx.store, {
      name: 'pirate on cases',
      kind: 'case',
      cases: ['c1', 'c2'],
      rounds: 2,
    })
    const judged = drive(t.ctx.store, findRun(runs, 'c1', 'b', 1).id, 'scored', { score: 80 })
    t.ctx.store.evalResults.append({
      evaluatorRunId: 'batch_plain',
      sessionId: judged.sessionId,
      runId: judged.id,
      grayscaleTaskId: task.id,
      evaluatorId: 'preset-agent-task-completion',
      status: 'done',
      score: 80,
      reason: 'wrote reply.txt in pirate voice',
      rawOutput: '{}',
      parseStrategy: 'direct_json',
    })
    drive(t.ctx.store, findRun(runs, 'c1', 'b', 2).id, 'scored', { score: 60 })
    drive(t.ctx.store, findRun(runs, 'c2', 'b', 1).id, 'exec-failed')
    const view = await t.ok<CaseAnalysisView>('evaluations.analysis', { taskId: task.id })
    expect(view).toMatchObject({ name: 'pirate on cases', mean: 70 })
    expect(
      view.cases.map((c) => [c.caseId, c.score, c.runs.map((r) => [r.round, r.status, r.reason])]),
    ).toEqual([
      [
        'c1',
        70,
        [
          [1, 'scored', 'wrote reply.txt in pirate voice'],
          [2, 'scored', null],
        ],
      ],
      [
        'c2',
        null,
        [
          [1, 'failed', 'boom'],
          [2, 'pending', null],
        ],
      ],
    ])
    const ab = seedExportTask(t.ctx.store, { name: 'pirate v2 vs none', cases: ['c1'], rounds: 1 })
    expect(await t.host.call('evaluations.analysis', { taskId: ab.task.id })).toMatchObject({
      ok: false,
      error: { kind: 'input', message: expect.stringContaining('is an A/B task') },
    })
  })

  it('settings round-trip through the data dir; bad settings are refused', async () => {
    const settings = await t.ok<Record<string, unknown>>('settings.get')
    expect(settings.concurrency).toBe(2)
    await t.ok('settings.set', {
      ...settings,
      defaultAgentModel: 'anthropic/claude-sonnet-4',
      concurrency: 4,
    })
    expect(await t.ok('settings.get')).toMatchObject({
      defaultAgentModel: 'anthropic/claude-sonnet-4',
      concurrency: 4,
    })
    expect((await t.host.call('settings.set', { ...settings, concurrency: 0 })).ok).toBe(false)
  })

  it('settings.set refuses an opencodeBin that is not an executable file, naming it; nothing is saved', async () => {
    const settings = await t.ok<Record<string, unknown>>('settings.get')
    writeFileSync(join(t.dir, 'not-executable'), '#!/bin/sh\n', { mode: 0o644 })
    writeFileSync(join(t.dir, 'opencode'), '#!/bin/sh\n', { mode: 0o755 })
    const refused = async (bin: string) => {
      const res = await t.host.call('settings.set', { ...settings, opencodeBin: bin })
      return res.ok ? 'saved' : res.error
    }
    for (const [bin, why] of [
      ['/nowhere/opencode', 'does not exist'],
      [t.dir, 'is a folder'],
      [join(t.dir, 'not-executable'), 'is not executable'],
    ] as const)
      expect(await refused(bin)).toEqual({
        kind: 'input',
        message: `opencodeBin: ${bin} ${why}: give the path of the opencode binary, or leave it empty to use the bundled one`,
        issues: [expect.objectContaining({ field: 'opencodeBin' })],
      })
    expect(await t.ok('settings.get')).toEqual(settings)
    await t.ok('settings.set', { ...settings, opencodeBin: join(t.dir, 'opencode') })
    expect(await t.ok('settings.get')).toMatchObject({ opencodeBin: join(t.dir, 'opencode') })
  })
})
