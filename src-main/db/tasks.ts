// A/B tasks (`grayscale_task`): identity (skill, version, name), status, owner process and the one batch id.
import type { TaskStatus } from '../../src-shared/run-state'
import { duplicateTask, StoreError, type TaskIdentity } from './errors'
import { newId, nowIso } from './ids'
import type { GrayscaleTaskTable } from './schema'
import type { Sql } from './sql'
import { handOverTrajectory } from './baseline-links'

/**
 * 'ab' = an A/B task (two sides, a decision); 'case' = a case analysis (one skill judged, no comparison);
 * 'calibration' = an A/A calibration (the baseline against itself, side a only: README "A/A calibration").
 */
export type TaskKind = 'ab' | 'case' | 'calibration'

export interface TaskRow {
  id: string
  taskName: string
  skillName: string
  /** Label of side b's skill version. */
  skillVersion: string
  /** The task config after defaults are filled in. */
  configJson: string
  evaluationBatchId: string | null
  status: TaskStatus
  ownerInstanceId: string | null
  skillVersionAId: string | null
  skillVersionBId: string
  datasetId: string
  createdAt: string
  updatedAt: string
  kind: TaskKind
}

export interface NewTask {
  /** The id to create it under (`newTaskId()`: known before the task is written); default a new one. */
  id?: string
  taskName: string
  skillName: string
  skillVersion: string
  configJson: string
  skillVersionAId: string | null
  skillVersionBId: string
  datasetId: string
  /** Default 'ab'. */
  kind?: TaskKind
}

export type ClaimResult =
  { claimed: true; task: TaskRow } | { claimed: false; ownerInstanceId: string; task: TaskRow }

function toRow(r: GrayscaleTaskTable): TaskRow {
  return {
    id: r.id,
    taskName: r.task_name,
    skillName: r.skill_name,
    skillVersion: r.skill_version,
    configJson: r.config_json,
    evaluationBatchId: r.evaluation_batch_id,
    status: r.status as TaskStatus,
    ownerInstanceId: r.owner_instance_id,
    skillVersionAId: r.skill_version_a_id,
    skillVersionBId: r.skill_version_b_id,
    datasetId: r.dataset_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    kind: r.kind === 'case' ? 'case' : r.calibration ? 'calibration' : 'ab',
  }
}

/** A new task's id, before the task is written (a run job is keyed by its task's id from the start). */
export function newTaskId(): string {
  return newId('task')
}

export class TasksRepo {
  constructor(private readonly sql: Sql) {}

  /** Creates a task; an existing identity throws a StoreError `duplicate_task` (resume is the caller's choice). */
  create(t: NewTask): TaskRow {
    const identity: TaskIdentity = {
      skillName: t.skillName,
      skillVersion: t.skillVersion,
      taskName: t.taskName,
    }
    return this.sql.transaction(() => {
      const existing = this.findByIdentity(identity)
      if (existing) throw duplicateTask(identity)
      const now = nowIso()
      const row: GrayscaleTaskTable = {
        id: t.id ?? newTaskId(),
        task_name: t.taskName,
        skill_name: t.skillName,
        skill_version: t.skillVersion,
        config_json: t.configJson,
        evaluation_batch_id: null,
        status: 'idle',
        owner_instance_id: null,
        skill_version_a_id: t.skillVersionAId,
        skill_version_b_id: t.skillVersionBId,
        dataset_id: t.datasetId,
        created_at: now,
        updated_at: now,
        kind: t.kind === 'case' ? 'case' : 'ab',
        calibration: t.kind === 'calibration' ? 1 : 0,
      }
      this.sql.run(this.sql.qb.insertInto('grayscale_task').values(row))
      return toRow(row)
    })
  }

  findByIdentity(id: TaskIdentity): TaskRow | null {
    const r = this.sql.first(
      this.sql.qb
        .selectFrom('grayscale_task')
        .selectAll()
        .where('skill_name', '=', id.skillName)
        .where('skill_version', '=', id.skillVersion)
        .where('task_name', '=', id.taskName),
    )
    return r ? toRow(r) : null
  }

  get(taskId: string): TaskRow | null {
    const r = this.sql.first(this.sql.qb.selectFrom('grayscale_task').selectAll().where('id', '=', taskId))
    return r ? toRow(r) : null
  }

  #mustGet(taskId: string): TaskRow {
    const task = this.get(taskId)
    if (!task) throw new StoreError('not_found', `no A/B task with id ${taskId}`)
    return task
  }

  /** A/B tasks only (case analyses have their own list), newest first. */
  list(): TaskRow[] {
    return this.listKind('ab')
  }

  /** Tasks of one kind, newest first. */
  listKind(kind: TaskKind): TaskRow[] {
    return this.sql
      .all(
        this.sql.qb
          .selectFrom('grayscale_task')
          .selectAll()
          .where('kind', '=', kind === 'case' ? 'case' : 'ab')
          .where('calibration', '=', kind === 'calibration' ? 1 : 0)
          .orderBy('created_at', 'desc')
          .orderBy('id'),
      )
      .map(toRow)
  }

  #update(taskId: string, set: Partial<GrayscaleTaskTable>): TaskRow {
    this.sql.run(
      this.sql.qb
        .updateTable('grayscale_task')
        .set({ ...set, updated_at: nowIso() })
        .where('id', '=', taskId),
    )
    return this.#mustGet(taskId)
  }

  setStatus(taskId: string, status: TaskStatus): TaskRow {
    return this.sql.transaction(() => this.#update(taskId, { status }))
  }

  /** On resume: the new config (after defaults) and, when the dataset file changed, its new dataset row. */
  updateConfig(taskId: string, configJson: string, datasetId?: string): TaskRow {
    return this.sql.transaction(() =>
      this.#update(taskId, { config_json: configJson, dataset_id: datasetId }),
    )
  }

  /**
   * A task never started, given new inputs in place (its id, name and identity kept): the config, the
   * dataset and the skill versions of both sides. Its runs are replaced by the caller.
   */
  replaceInputs(
    taskId: string,
    t: Pick<NewTask, 'configJson' | 'datasetId' | 'skillVersionAId' | 'skillVersionBId'>,
  ): TaskRow {
    return this.sql.transaction(() =>
      this.#update(taskId, {
        config_json: t.configJson,
        dataset_id: t.datasetId,
        skill_version_a_id: t.skillVersionAId,
        skill_version_b_id: t.skillVersionBId,
      }),
    )
  }

  /**
   * Compare-and-set of the owner: succeeds when the task has no owner, is already owned by `instanceId`,
   * or its owner is dead per `isDead` (decided by the OS, never by a timeout). Otherwise reports the owner.
   */
  claimOwner(taskId: string, instanceId: string, isDead: (ownerInstanceId: string) => boolean): ClaimResult {
    return this.sql.transaction((): ClaimResult => {
      const task = this.#mustGet(taskId)
      const owner = task.ownerInstanceId
      if (owner !== null && owner !== instanceId && !isDead(owner)) {
        return { claimed: false, ownerInstanceId: owner, task }
      }
      return { claimed: true, task: this.#update(taskId, { owner_instance_id: instanceId }) }
    })
  }

  /** Clears the owner if it is `instanceId`; returns whether it did. */
  releaseOwner(taskId: string, instanceId: string): boolean {
    return this.sql.transaction(() => {
      const changed = this.sql.run(
        this.sql.qb
          .updateTable('grayscale_task')
          .set({ owner_instance_id: null, updated_at: nowIso() })
          .where('id', '=', taskId)
          .where('owner_instance_id', '=', instanceId),
      )
      return changed > 0
    })
  }

  /**
   * The task's one evaluation batch id (invariant 1): stores `candidateId` only if none is stored yet,
   * atomically, and returns the stored id — concurrent first evaluations all get the same batch.
   */
  ensureBatchId(taskId: string, candidateId: string): string {
    return this.sql.transaction(() => {
      this.sql.run(
        this.sql.qb
          .updateTable('grayscale_task')
          .set({ evaluation_batch_id: candidateId, updated_at: nowIso() })
          .where('id', '=', taskId)
          .where('evaluation_batch_id', 'is', null),
      )
      const batchId = this.#mustGet(taskId).evaluationBatchId
      if (batchId === null) throw new Error(`task ${taskId}: batch id not stored`)
      return batchId
    })
  }

  /**
   * Deletes the task with its runs, trajectories and results. Returns whether it existed. An execution
   * another task reuses (baseline reuse) keeps its trajectory: it moves to that task's run first.
   */
  delete(taskId: string): boolean {
    return this.sql.transaction(() => {
      const runs = this.sql.all(this.sql.qb.selectFrom('run').select('id').where('task_id', '=', taskId))
      for (const run of runs) handOverTrajectory(this.sql, run.id)
      return this.sql.run(this.sql.qb.deleteFrom('grayscale_task').where('id', '=', taskId)) > 0
    })
  }
}
