// Trigger probes (`trigger_probe`, docs/triggers.md): one row per (task, version, query, round), written
// 'running' before its session starts and with its choice when it ends; a run left 'running' by a dead
// process goes back to 'pending' (it has no result: probing it again is not probing it twice).
import type { TokenCounts } from '../../src-shared/agent-event'
import type { OfferedSkill } from '../../src-shared/offered-skills'
import type { ProbeChoice } from '../../src-shared/trigger-eval'
import { newId, nowIso } from './ids'
import { offeredColumn, offeredOf } from './run-rows'
import type { TriggerProbeTable } from './schema'
import type { Selectable } from 'kysely'
import type { Sql } from './sql'

export type ProbeStatus = 'pending' | 'running' | 'done' | 'failed' | 'canceled'
export type ProbeVersion = 'a' | 'b'

export interface ProbeKey {
  version: ProbeVersion
  queryId: string
  round: number
}

export interface ProbeEnd {
  status: 'done' | 'failed' | 'canceled'
  choice: ProbeChoice | null
  skill: string | null
  step: number | null
  steps: number
  tokens: TokenCounts
  costUsd: number | null
  durationMs: number | null
  message: string | null
  /** The evidence: what the probe's instance offered just before its session; null without one. */
  offeredSkills: OfferedSkill[] | null
}

export interface ProbeRow extends ProbeKey, Omit<ProbeEnd, 'status'> {
  id: string
  taskId: string
  status: ProbeStatus
  attempts: number
  startedAt: string | null
  finishedAt: string | null
}

function toRow(r: Selectable<TriggerProbeTable>): ProbeRow {
  return {
    id: r.id,
    taskId: r.trigger_task_id,
    version: r.version as ProbeVersion,
    queryId: r.query_id,
    round: r.round,
    status: r.status as ProbeStatus,
    choice: r.choice as ProbeChoice | null,
    skill: r.skill,
    step: r.step,
    steps: r.steps,
    tokens: {
      input: r.tokens_input,
      output: r.tokens_output,
      reasoning: r.tokens_reasoning,
      cacheRead: r.tokens_cache_read,
      cacheWrite: r.tokens_cache_write,
    },
    costUsd: r.cost_usd,
    durationMs: r.duration_ms,
    message: r.message,
    offeredSkills: offeredOf(r.offered_skills),
    attempts: r.attempts,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  }
}

export class TriggerProbesRepo {
  constructor(private readonly sql: Sql) {}

  /** Adds the probes not there yet, as pending; returns how many were added. */
  ensure(taskId: string, keys: readonly ProbeKey[]): number {
    return this.sql.transaction(() => {
      let added = 0
      for (const k of keys)
        added += this.sql.run(
          this.sql.qb
            .insertInto('trigger_probe')
            .values({
              id: newId('prb'),
              trigger_task_id: taskId,
              version: k.version,
              query_id: k.queryId,
              round: k.round,
              status: 'pending',
            })
            .onConflict((oc) => oc.doNothing()),
        )
      return added
    })
  }

  listByTask(taskId: string): ProbeRow[] {
    const q = this.sql.qb
      .selectFrom('trigger_probe')
      .selectAll()
      .where('trigger_task_id', '=', taskId)
      .orderBy('version')
      .orderBy('round')
      .orderBy('query_id')
    return this.sql.all(q).map(toRow)
  }

  /** pending / failed / canceled → running, owned by `instanceId`; null when it was not in one of those. */
  start(id: string, instanceId: string): ProbeRow | null {
    return this.sql.transaction(() => {
      const changed = this.sql.run(
        this.sql.qb
          .updateTable('trigger_probe')
          .set((eb) => ({
            status: 'running',
            attempts: eb('attempts', '+', 1),
            owner_instance_id: instanceId,
            started_at: nowIso(),
            finished_at: null,
          }))
          .where('id', '=', id)
          .where('status', 'in', ['pending', 'failed', 'canceled']),
      )
      return changed ? this.#get(id) : null
    })
  }

  /** running → its end, with what the probe found. */
  finish(id: string, end: ProbeEnd): ProbeRow | null {
    const t = end.tokens
    const changed = this.sql.run(
      this.sql.qb
        .updateTable('trigger_probe')
        .set({
          status: end.status,
          choice: end.status === 'done' ? end.choice : null,
          skill: end.skill,
          step: end.step,
          steps: end.steps,
          tokens_input: t.input,
          tokens_output: t.output,
          tokens_reasoning: t.reasoning,
          tokens_cache_read: t.cacheRead,
          tokens_cache_write: t.cacheWrite,
          cost_usd: end.costUsd,
          duration_ms: end.durationMs,
          message: end.message,
          offered_skills: offeredColumn(end.offeredSkills),
          owner_instance_id: null,
          finished_at: nowIso(),
        })
        .where('id', '=', id)
        .where('status', '=', 'running'),
    )
    return changed ? this.#get(id) : null
  }

  /** The task's probes left running by an owner that is gone → pending (call once the task is claimed). */
  unstick(taskId: string): number {
    return this.sql.run(
      this.sql.qb
        .updateTable('trigger_probe')
        .set({ status: 'pending', owner_instance_id: null })
        .where('trigger_task_id', '=', taskId)
        .where('status', '=', 'running'),
    )
  }

  #get(id: string): ProbeRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('trigger_probe').selectAll().where('id', '=', id))
    return r ? toRow(r) : null
  }
}
