// Trigger tasks (`trigger_task`, docs/triggers.md): identity by fingerprint, the stored set and config, status
// and owner process. Their probes: trigger-probes.ts.
import type { TriggerQuery } from '../../src-shared/trigger-eval'
import { newId, nowIso } from './ids'
import type { TriggerTaskTable } from './schema'
import type { Sql } from './sql'

/** Trigger task ids have their own prefix (a job registry or a patch can tell them from A/B tasks). */
export const isTriggerTaskId = (id: string): boolean => id.startsWith('trg_')

export type TriggerTaskStatus = 'idle' | 'running' | 'done' | 'canceled'

/** A competing skill as the task stored it: its name and content hash. */
export interface StoredCompetitor {
  name: string
  contentHash: string
  /** The snapshot folder holding its SKILL.md. */
  snapshotDir: string
}

export interface TriggerTaskRow {
  id: string
  name: string
  fingerprint: string
  configJson: string
  queries: TriggerQuery[]
  setFile: string
  skillVersionBId: string
  skillVersionAId: string | null
  competing: StoredCompetitor[]
  status: TriggerTaskStatus
  message: string | null
  ownerInstanceId: string | null
  createdAt: string
  updatedAt: string
}

export type NewTriggerTask = Pick<
  TriggerTaskRow,
  | 'name'
  | 'fingerprint'
  | 'configJson'
  | 'queries'
  | 'setFile'
  | 'skillVersionBId'
  | 'skillVersionAId'
  | 'competing'
>

function toRow(r: TriggerTaskTable): TriggerTaskRow {
  return {
    id: r.id,
    name: r.name,
    fingerprint: r.fingerprint,
    configJson: r.config_json,
    queries: JSON.parse(r.queries_json) as TriggerQuery[],
    setFile: r.set_file,
    skillVersionBId: r.skill_version_b_id,
    skillVersionAId: r.skill_version_a_id,
    competing: JSON.parse(r.competing_json) as StoredCompetitor[],
    status: r.status as TriggerTaskStatus,
    message: r.message,
    ownerInstanceId: r.owner_instance_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export class TriggerTasksRepo {
  constructor(private readonly sql: Sql) {}

  create(input: NewTriggerTask): TriggerTaskRow {
    const now = nowIso()
    const row: TriggerTaskTable = {
      id: newId('trg'),
      name: input.name,
      fingerprint: input.fingerprint,
      config_json: input.configJson,
      queries_json: JSON.stringify(input.queries),
      set_file: input.setFile,
      skill_version_b_id: input.skillVersionBId,
      skill_version_a_id: input.skillVersionAId,
      competing_json: JSON.stringify(input.competing),
      status: 'idle',
      message: null,
      owner_instance_id: null,
      created_at: now,
      updated_at: now,
    }
    this.sql.run(this.sql.qb.insertInto('trigger_task').values(row))
    return toRow(row)
  }

  get(id: string): TriggerTaskRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('trigger_task').selectAll().where('id', '=', id))
    return r ? toRow(r) : null
  }

  findByFingerprint(fingerprint: string): TriggerTaskRow | null {
    const q = this.sql.qb.selectFrom('trigger_task').selectAll().where('fingerprint', '=', fingerprint)
    const r = this.sql.first(q)
    return r ? toRow(r) : null
  }

  /** Newest first. */
  list(): TriggerTaskRow[] {
    return this.sql
      .all(this.sql.qb.selectFrom('trigger_task').selectAll().orderBy('created_at', 'desc'))
      .map(toRow)
  }

  setConfig(id: string, configJson: string): void {
    this.sql.run(
      this.sql.qb
        .updateTable('trigger_task')
        .set({ config_json: configJson, updated_at: nowIso() })
        .where('id', '=', id),
    )
  }

  setStatus(id: string, status: TriggerTaskStatus, message: string | null = null): void {
    this.sql.run(
      this.sql.qb
        .updateTable('trigger_task')
        .set({ status, message, updated_at: nowIso() })
        .where('id', '=', id),
    )
  }

  /** Removes the task and its probes (the skill versions stay: other tasks may use them). */
  delete(id: string): boolean {
    return this.sql.run(this.sql.qb.deleteFrom('trigger_task').where('id', '=', id)) > 0
  }

  /** Takes the task for `instanceId` unless a live other instance holds it; returns the holder when refused. */
  claimOwner(id: string, instanceId: string, isDead: (owner: string) => boolean): string | null {
    return this.sql.transaction(() => {
      const owner = this.get(id)?.ownerInstanceId ?? null
      if (owner !== null && owner !== instanceId && !isDead(owner)) return owner
      this.sql.run(
        this.sql.qb
          .updateTable('trigger_task')
          .set({ owner_instance_id: instanceId, updated_at: nowIso() })
          .where('id', '=', id),
      )
      return null
    })
  }

  releaseOwner(id: string, instanceId: string): void {
    this.sql.run(
      this.sql.qb
        .updateTable('trigger_task')
        .set({ owner_instance_id: null, updated_at: nowIso() })
        .where('id', '=', id)
        .where('owner_instance_id', '=', instanceId),
    )
  }
}
