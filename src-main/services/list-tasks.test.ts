import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AgentDriver } from '../agent/types'
import { drive, seedExportTask } from '../export/task.fixture'
import { openAppContext, type AppContext } from './app-context'
import { listTasks, openTask } from './list-tasks'

let dir: string
let ctx: AppContext
const calls: string[] = []

/** A driver and judge that record any use: opening a task must make none. */
const recordingDriver: AgentDriver = {
  name: 'process',
  openSide: () => {
    calls.push('agent')
    throw new Error('opening a task must not start an agent')
  },
}

beforeEach(() => {
  calls.length = 0
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-list-'))
  ctx = openAppContext({
    env: { SKILL_AB_HOME: dir, PATH: process.env.PATH },
    kind: 'cli',
    driver: recordingDriver,
  })
  ctx.createJudge = () => {
    calls.push('judge')
    throw new Error('opening a task must not start a judge')
  }
})
afterEach(() => {
  ctx.close()
  rmSync(dir, { recursive: true, force: true })
})

function addDeadInstance(): string {
  ctx.store.db
    .prepare(
      'INSERT INTO instance (id, pid, start_time, hostname, kind, started_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run('inst_dead', process.pid, '1', hostname(), 'cli', new Date().toISOString())
  return 'inst_dead'
}

describe('listTasks / openTask', () => {
  it('invariant 4: opening a task only reconciles — failed and stuck runs make no judge or agent call', () => {
    const { task, runs } = seedExportTask(ctx.store, { cases: ['c1', 'c2', 'c3'], rounds: 1 })
    const dead = addDeadInstance()
    const [execFailed, evalFailed, stuckRunning, stuckEvaluating, executed] = runs
    drive(ctx.store, execFailed!.id, 'exec-failed')
    drive(ctx.store, evalFailed!.id, 'eval-failed')
    drive(ctx.store, stuckRunning!.id, 'running')
    drive(ctx.store, stuckEvaluating!.id, 'evaluating')
    drive(ctx.store, executed!.id, 'executed')
    for (const r of runs) ctx.store.runs.update(r.id, { instanceId: dead })
    ctx.store.tasks.claimOwner(task.id, dead, () => true)
    ctx.store.tasks.setStatus(task.id, 'running')

    const [listed] = listTasks(ctx)
    expect(listed?.status).toBe('idle')
    const opened = openTask(ctx, task.id)
    expect(calls).toEqual([])
    const byId = new Map(opened.runs.map((r) => [r.id, r]))
    // Unstuck by status, nothing started: no run is running or evaluating, executed stays executed.
    expect(byId.get(stuckRunning!.id)?.failureType).toBe('interrupted')
    expect(byId.get(stuckEvaluating!.id)?.status).toBe('executed')
    expect(byId.get(executed!.id)?.status).toBe('executed')
    expect(byId.get(execFailed!.id)?.status).toBe('failed')
    expect(byId.get(evalFailed!.id)?.status).toBe('failed')
    expect(opened.task.runs.running + opened.task.runs.evaluating).toBe(0)
    expect(ctx.store.tasks.get(task.id)?.ownerInstanceId).toBeNull()
  })

  it('leaves a task owned by a live process alone (its runs keep running)', () => {
    const { task, runs } = seedExportTask(ctx.store, { cases: ['c1'], rounds: 1 })
    drive(ctx.store, runs[0]!.id, 'running')
    ctx.store.runs.update(runs[0]!.id, { instanceId: ctx.instance.id })
    ctx.store.tasks.claimOwner(task.id, ctx.instance.id, () => false)
    ctx.store.tasks.setStatus(task.id, 'running')
    const [listed] = listTasks(ctx)
    expect([listed?.status, listed?.runs.running]).toEqual(['running', 1])
  })
})
