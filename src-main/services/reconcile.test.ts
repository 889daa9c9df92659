import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drive, seedExportTask } from '../export/test-fixtures'
import { openAppContext, type AppContext } from './app-context'
import { reconcileTask } from './reconcile'

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
})
