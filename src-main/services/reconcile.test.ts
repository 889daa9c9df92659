import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { drive, seedExportTask } from '../export/task.fixture'
import { openAppContext, type AppContext } from './app-context'
import { spawn, type ChildProcess } from 'node:child_process'
import { processesWithEnv } from '../agent/session/process-group'
import { OWNER_MARKER_VAR } from '../agent/isolation/run-env'
import { openEvaluation } from './parts/evaluation-setup'
import { reconcileTask } from './reconcile'
import type { JudgeAttempt } from '../judge/judge-types'

let dir: string
let ctx: AppContext

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-reconcile-'))
  ctx = openAppContext({ env: { SKILL_AB_HOME: dir, PATH: process.env.PATH }, kind: 'cli' })
})
afterEach(() => {
  ctx.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('reconcileTask', () => {
  it('invariant 10: decides by status for runs of a dead owner — running → failed/interrupted, evaluating → executed; a live owner is left alone', () => {
    const { task, runs } = seedExportTask(ctx.store, { cases: ['c1', 'c2'], rounds: 1 })
    const [running, evaluating, mine, scored] = runs as [
      (typeof runs)[0],
      (typeof runs)[0],
      (typeof runs)[0],
      (typeof runs)[0],
    ]
    drive(ctx.store, running.id, 'running')
    drive(ctx.store, evaluating.id, 'evaluating')
    drive(ctx.store, mine.id, 'running')
    drive(ctx.store, scored.id, 'scored')
    // running/evaluating owned by a dead process (a pid with another start time), `mine` by this live one.
    ctx.store.db
      .prepare(
        'INSERT INTO instance (id, pid, start_time, hostname, kind, started_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run('inst_dead', process.pid, '1', hostname(), 'cli', new Date().toISOString())
    for (const r of [running, evaluating, scored]) ctx.store.runs.update(r.id, { instanceId: 'inst_dead' })
    ctx.store.runs.update(mine.id, { instanceId: ctx.instance.id })

    const changed = reconcileTask(ctx, task.id)
    expect(changed.map((r) => r.id).sort()).toEqual([running.id, evaluating.id].sort())
    const after = new Map(ctx.store.runs.listByTask(task.id).map((r) => [r.id, r]))
    expect([after.get(running.id)?.status, after.get(running.id)?.failureType]).toEqual([
      'failed',
      'interrupted',
    ])
    expect(after.get(running.id)?.sessionId).toBe(`ses_${running.id}`)
    expect([after.get(evaluating.id)?.status, after.get(evaluating.id)?.failureType]).toEqual([
      'executed',
      null,
    ])
    expect(after.get(mine.id)?.status).toBe('running')
    expect(after.get(scored.id)?.status).toBe('scored')
    // Reconciling starts nothing: a second pass changes nothing.
    expect(reconcileTask(ctx, task.id)).toEqual([])
  })

  it('invariant 10: a run being judged by a live process is never reaped, even if a dead process executed it', async () => {
    const { task, runs } = seedExportTask(ctx.store, { cases: ['c1'], rounds: 1 })
    const run = runs[0] as (typeof runs)[0]
    drive(ctx.store, run.id, 'executed')
    addDeadInstance(ctx)
    ctx.store.runs.update(run.id, { instanceId: 'inst_dead' })
    let release: (a: JudgeAttempt) => void = () => undefined
    ctx.createJudge = () => ({
      evaluate: () => new Promise<JudgeAttempt>((r) => (release = r)),
      compare: () => Promise.reject(new Error('this task has no pairwise evaluator')),
      close: async () => {},
    })
    const queue = openEvaluation(ctx, task, new AbortController().signal, undefined)
    queue.add(run)
    await vi.waitFor(() => expect(ctx.store.runs.get(run.id)?.status).toBe('evaluating'))

    // Another process opens the task while this one judges: the run is left alone.
    const other = openAppContext({ env: { SKILL_AB_HOME: dir, PATH: process.env.PATH }, kind: 'cli' })
    try {
      expect(reconcileTask(other, task.id)).toEqual([])
      expect(other.store.runs.get(run.id)?.status).toBe('evaluating')
    } finally {
      other.close()
    }
    release({ ...ATTEMPT, status: 'done', score: 80 })
    await queue.drain()
    expect(ctx.store.runs.get(run.id)?.status).toBe('scored')
  })
})

describe('reaping the processes of a dead owner', () => {
  it('invariant 10: kills every process tagged with the dead owner (judges, strays), and only those', async () => {
    const { task, runs } = seedExportTask(ctx.store, { cases: ['c1'], rounds: 1 })
    drive(ctx.store, runs[0]!.id, 'evaluating')
    addDeadInstance(ctx)
    ctx.store.runs.update(runs[0]!.id, { instanceId: 'inst_dead' })
    const tagged = (owner: string): ChildProcess =>
      spawn('sleep', ['60'], { env: { ...process.env, [OWNER_MARKER_VAR]: owner }, stdio: 'ignore' })
    const orphan = tagged('inst_dead')
    const bystander = tagged('inst_alive_elsewhere')
    try {
      await vi.waitFor(() => expect(processesWithEnv(OWNER_MARKER_VAR, 'inst_dead')).toHaveLength(1))
      reconcileTask(ctx, task.id)
      await vi.waitFor(() => expect(orphan.signalCode).toBe('SIGKILL'))
      expect(bystander.exitCode ?? bystander.signalCode).toBeNull()
    } finally {
      orphan.kill('SIGKILL')
      bystander.kill('SIGKILL')
    }
  })
})

const ATTEMPT: JudgeAttempt = {
  status: 'done',
  score: 0,
  reason: 'ok',
  rawOutput: '{"score": 80}',
  parseStrategy: 'direct_json',
  condensedInput: '',
  tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
  costUsd: null,
  sessionId: null,
  retryable: false,
  error: null,
  durationMs: 1,
}

function addDeadInstance(c: AppContext): void {
  c.store.db
    .prepare(
      'INSERT INTO instance (id, pid, start_time, hostname, kind, started_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run('inst_dead', process.pid, '1', hostname(), 'cli', new Date().toISOString())
}
