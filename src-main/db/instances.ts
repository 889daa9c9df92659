// Instances: every process that opens the data dir (app, CLI run, serve) registers one row (docs/data-model.md).
import { hostname } from 'node:os'
import { newId, nowIso } from './ids'
import { processStartTime } from '../os-processes/process-info'
import type { InstanceTable } from './schema'
import type { Sql } from './sql'

export type InstanceKind = 'cli' | 'app' | 'serve'

export interface InstanceRow {
  id: string
  pid: number
  /** The start-time stamp of this platform's process probe (docs/architecture.md); null when unreadable. */
  startTime: string | null
  hostname: string
  kind: InstanceKind
  startedAt: string
}

function toRow(r: InstanceTable): InstanceRow {
  return {
    id: r.id,
    pid: r.pid,
    startTime: r.start_time,
    hostname: r.hostname,
    kind: r.kind as InstanceKind,
    startedAt: r.started_at,
  }
}

export class InstancesRepo {
  constructor(private readonly sql: Sql) {}

  /** Registers the calling process. */
  register(kind: InstanceKind): InstanceRow {
    const row: InstanceTable = {
      id: newId('inst'),
      pid: process.pid,
      start_time: processStartTime(process.pid),
      hostname: hostname(),
      kind,
      started_at: nowIso(),
    }
    this.sql.run(this.sql.qb.insertInto('instance').values(row))
    return toRow(row)
  }

  /**
   * Removes the row of an instance that leaves nothing behind (no task or run refers to it): a process
   * whose input was refused leaves no trace. A row something refers to stays (the foreign keys say so).
   */
  removeIfUnreferenced(id: string): boolean {
    try {
      return this.sql.run(this.sql.qb.deleteFrom('instance').where('id', '=', id)) > 0
    } catch (err) {
      if ((err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return false
      throw err
    }
  }

  get(id: string): InstanceRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('instance').selectAll().where('id', '=', id))
    return r ? toRow(r) : null
  }

  list(): InstanceRow[] {
    return this.sql.all(this.sql.qb.selectFrom('instance').selectAll().orderBy('started_at')).map(toRow)
  }
}
