// Instances: every process that opens the data dir (app, CLI run, serve) registers one row (DESIGN §3).
import { hostname } from 'node:os'
import { newId, nowIso } from './ids'
import { processStartTime } from './process-info'
import type { InstanceTable } from './schema'
import type { Sql } from './sql'

export type InstanceKind = 'cli' | 'app' | 'serve'

export interface InstanceRow {
  id: string
  pid: number
  /** /proc/<pid>/stat field 22 (clock ticks since boot); null off Linux. */
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

  get(id: string): InstanceRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('instance').selectAll().where('id', '=', id))
    return r ? toRow(r) : null
  }

  list(): InstanceRow[] {
    return this.sql.all(this.sql.qb.selectFrom('instance').selectAll().orderBy('started_at')).map(toRow)
  }
}
