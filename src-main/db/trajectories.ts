// Trajectories: agent events appended as they stream (a crash keeps what was paid for) + the final summary.
import type { AgentEvent } from '../../src-shared/agent-event'
import { handOverTrajectory } from './baseline-links'
import { nowIso } from './ids'
import type { Sql } from './sql'

export interface TrajectorySummary {
  sessionId: string | null
  prompt: string | null
  finalOutput: string | null
  diff: string | null
  stderrTail: string | null
}

export interface TrajectoryRecord extends TrajectorySummary {
  runId: string
  /** null until `finish` ran (events may exist without it: an interrupted run). */
  updatedAt: string | null
  events: AgentEvent[]
}

export class TrajectoriesRepo {
  constructor(private readonly sql: Sql) {}

  /** Appends events after the ones stored (seq continues across calls); one transaction per call. */
  appendEvents(runId: string, events: readonly AgentEvent[]): void {
    if (events.length === 0) return
    const { qb } = this.sql
    this.sql.transaction(() => {
      const last = this.sql.first(
        qb
          .selectFrom('trajectory_event')
          .select((eb) => eb.fn.max('seq').as('max'))
          .where('run_id', '=', runId),
      )
      let seq = last?.max ?? 0
      for (const event of events) {
        seq += 1
        this.sql.run(
          qb.insertInto('trajectory_event').values({ run_id: runId, seq, event_json: JSON.stringify(event) }),
        )
      }
    })
  }

  /** Stores (or replaces) the summary of a finished execution. */
  finish(runId: string, s: TrajectorySummary): void {
    const row = {
      run_id: runId,
      session_id: s.sessionId,
      prompt: s.prompt,
      final_output: s.finalOutput,
      diff: s.diff,
      stderr_tail: s.stderrTail,
      updated_at: nowIso(),
    }
    const { run_id: _key, ...rest } = row
    this.sql.transaction(() =>
      this.sql.run(
        this.sql.qb
          .insertInto('trajectory')
          .values(row)
          .onConflict((oc) => oc.column('run_id').doUpdateSet(rest)),
      ),
    )
  }

  /**
   * The summary and every event in order; null when nothing was recorded for the run. A run linked to an
   * earlier task's execution (baseline reuse) shows that execution's trajectory, wherever it is held.
   */
  get(runId: string): TrajectoryRecord | null {
    return this.sql.read(() => {
      const own = this.#read(runId)
      if (own) return { runId, ...own }
      const holder = this.#holder(runId)
      const linked = holder ? this.#read(holder) : null
      return linked ? { runId, ...linked } : null
    })
  }

  #holder(runId: string): string | null {
    const row = this.sql.first(
      this.sql.qb
        .selectFrom('run as r')
        .innerJoin('trajectory as t', 't.session_id', 'r.session_id')
        .select('t.run_id')
        .where('r.id', '=', runId)
        .where('r.reused_from_run_id', 'is not', null)
        .limit(1),
    )
    return row?.run_id ?? null
  }

  #read(runId: string): Omit<TrajectoryRecord, 'runId'> | null {
    const { qb } = this.sql
    const t = this.sql.first(qb.selectFrom('trajectory').selectAll().where('run_id', '=', runId))
    const events = this.sql
      .all(qb.selectFrom('trajectory_event').select('event_json').where('run_id', '=', runId).orderBy('seq'))
      .map((e) => JSON.parse(e.event_json) as AgentEvent)
    if (!t && events.length === 0) return null
    return {
      sessionId: t?.session_id ?? null,
      prompt: t?.prompt ?? null,
      finalOutput: t?.final_output ?? null,
      diff: t?.diff ?? null,
      stderrTail: t?.stderr_tail ?? null,
      updatedAt: t?.updated_at ?? null,
      events,
    }
  }

  /**
   * Forgets the trajectory (before a deliberate re-execution of the run); one another task's run shows
   * (baseline reuse) moves to that run instead.
   */
  clear(runId: string): void {
    this.sql.transaction(() => {
      handOverTrajectory(this.sql, runId)
      this.sql.run(this.sql.qb.deleteFrom('trajectory_event').where('run_id', '=', runId))
      this.sql.run(this.sql.qb.deleteFrom('trajectory').where('run_id', '=', runId))
    })
  }
}
