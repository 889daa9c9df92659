// Human corrections (`run_correction`): a correction belongs to one execution of a run (its session) and one
// evaluator, not to a judge result, so judging the run again keeps it in force. Rows are appended; the
// latest row of (run, evaluator, session) is the one that counts, and clearing marks it. A correction of
// another session than the run's current one applied to an earlier execution: it no longer counts.
import { newId, nowIso } from './ids'
import type { RunCorrectionTable } from './schema'
import type { Sql } from './sql'

export interface CorrectionRow {
  id: string
  /** Global append order: higher = newer. */
  seq: number
  runId: string
  evaluatorId: string
  /** The execution (opencode session) the correction was made for. */
  sessionId: string
  /** 0–100: replaces the judge's score for this evaluator. */
  score: number
  note: string
  by: string
  at: string
  clearedAt: string | null
  clearedBy: string | null
}

export interface CorrectionInput {
  runId: string
  evaluatorId: string
  sessionId: string
  score: number
  note: string
  by: string
  at?: string
}

/** One human label with the judge's score for the same execution and evaluator (null when it has none). */
export interface CorrectionLabel {
  runId: string
  evaluatorId: string
  human: number
  judge: number | null
}

function toRow(r: RunCorrectionTable): CorrectionRow {
  return {
    id: r.id,
    seq: r.seq,
    runId: r.run_id,
    evaluatorId: r.evaluator_id,
    sessionId: r.session_id,
    score: r.score,
    note: r.note,
    by: r.corrected_by,
    at: r.corrected_at,
    clearedAt: r.cleared_at,
    clearedBy: r.cleared_by,
  }
}

/**
 * Per (evaluator, session): the latest row, when it is not cleared — what is in force for each execution.
 * Ordered by evaluator id, newest session first.
 */
export function inForce(rows: readonly CorrectionRow[]): CorrectionRow[] {
  const latest = new Map<string, CorrectionRow>()
  for (const r of rows) {
    const key = `${r.evaluatorId}\0${r.sessionId}`
    const seen = latest.get(key)
    if (!seen || r.seq > seen.seq) latest.set(key, r)
  }
  return [...latest.values()]
    .filter((r) => r.clearedAt === null)
    .sort((x, y) =>
      x.evaluatorId === y.evaluatorId ? y.seq - x.seq : x.evaluatorId < y.evaluatorId ? -1 : 1,
    )
}

export class CorrectionsRepo {
  constructor(private readonly sql: Sql) {}

  add(input: CorrectionInput): CorrectionRow {
    const { qb } = this.sql
    return this.sql.transaction(() => {
      const top = this.sql.first(qb.selectFrom('run_correction').select((eb) => eb.fn.max('seq').as('max')))
      const row: RunCorrectionTable = {
        id: newId('cor'),
        seq: (top?.max ?? 0) + 1,
        run_id: input.runId,
        evaluator_id: input.evaluatorId,
        session_id: input.sessionId,
        score: input.score,
        note: input.note,
        corrected_by: input.by,
        corrected_at: input.at ?? nowIso(),
        cleared_at: null,
        cleared_by: null,
      }
      this.sql.run(qb.insertInto('run_correction').values(row))
      return toRow(row)
    })
  }

  /** Every correction of the run, any execution, cleared ones included, oldest first (history). */
  listByRun(runId: string): CorrectionRow[] {
    const q = this.sql.qb.selectFrom('run_correction').selectAll().where('run_id', '=', runId)
    return this.sql.all(q.orderBy('seq')).map(toRow)
  }

  /** The corrections in force for this execution of the run: at most one per evaluator. */
  activeFor(runId: string, sessionId: string | null): CorrectionRow[] {
    if (sessionId === null) return []
    return inForce(this.listByRun(runId)).filter((r) => r.sessionId === sessionId)
  }

  /**
   * Corrections that applied to an earlier execution of the run and were dropped when it was executed
   * again: per evaluator without a correction in force now, the newest one of another session.
   */
  droppedFor(runId: string, sessionId: string | null): CorrectionRow[] {
    const all = inForce(this.listByRun(runId))
    const active = new Set(all.filter((r) => r.sessionId === sessionId).map((r) => r.evaluatorId))
    const out = new Map<string, CorrectionRow>()
    for (const r of all) {
      if (r.sessionId === sessionId || active.has(r.evaluatorId) || out.has(r.evaluatorId)) continue
      out.set(r.evaluatorId, r)
    }
    return [...out.values()]
  }

  /** The corrections in force for the current execution of every run of a task. */
  activeByTask(taskId: string): CorrectionRow[] {
    const q = this.sql.qb
      .selectFrom('run_correction as c')
      .innerJoin('run', (join) =>
        join.onRef('run.id', '=', 'c.run_id').onRef('run.session_id', '=', 'c.session_id'),
      )
      .selectAll('c')
      .where('run.task_id', '=', taskId)
      .orderBy('c.seq')
    return inForce(this.sql.all(q).map(toRow))
  }

  /**
   * Clears the correction in force for (run, evaluator, session); the run's score then comes from the
   * judge again. Returns the cleared row, or null when none was in force.
   */
  clear(runId: string, evaluatorId: string, sessionId: string, by: string): CorrectionRow | null {
    return this.sql.transaction(() => {
      const active = this.activeFor(runId, sessionId).find((r) => r.evaluatorId === evaluatorId)
      if (!active) return null
      const at = nowIso()
      this.sql.run(
        this.sql.qb
          .updateTable('run_correction')
          .set({ cleared_at: at, cleared_by: by })
          .where('id', '=', active.id),
      )
      return { ...active, clearedAt: at, clearedBy: by }
    })
  }

  /**
   * Human labels for judge agreement: every correction in force for its own execution (the run's current
   * one or an earlier one), with the judge's latest `done` score for that execution and evaluator. Cleared
   * corrections are not labels. All tasks, or one.
   */
  labels(opts: { taskId?: string } = {}): CorrectionLabel[] {
    let q = this.sql.qb
      .selectFrom('run_correction as c')
      .innerJoin('run', 'run.id', 'c.run_id')
      .select(['c.run_id', 'c.evaluator_id', 'c.session_id', 'c.score', 'c.seq', 'c.cleared_at'])
      .select((eb) =>
        eb
          .selectFrom('trajectory_eval_result as r')
          .select('r.score')
          .whereRef('r.run_id', '=', 'c.run_id')
          .whereRef('r.evaluator_id', '=', 'c.evaluator_id')
          .whereRef('r.task_id', '=', 'c.session_id')
          .where('r.status', '=', 'done')
          .where('r.score', 'is not', null)
          .orderBy('r.seq', 'desc')
          .limit(1)
          .as('judge'),
      )
      .where('c.seq', '=', (eb) =>
        eb
          .selectFrom('run_correction as c2')
          .select((eb2) => eb2.fn.max('c2.seq').as('max'))
          .whereRef('c2.run_id', '=', 'c.run_id')
          .whereRef('c2.evaluator_id', '=', 'c.evaluator_id')
          .whereRef('c2.session_id', '=', 'c.session_id'),
      )
      .where('c.cleared_at', 'is', null)
    if (opts.taskId !== undefined) q = q.where('run.task_id', '=', opts.taskId)
    return this.sql.all(q.orderBy('c.seq')).map((r) => ({
      runId: r.run_id,
      evaluatorId: r.evaluator_id,
      human: r.score,
      judge: r.judge ?? null,
    }))
  }
}
