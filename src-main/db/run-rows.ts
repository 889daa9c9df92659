// The `run` row as the app sees it (camelCase, booleans, a tokens object) and its mapping to columns.
import type { Updateable } from 'kysely'
import type { TokenCounts } from '../../src-shared/agent-event'
import type { OfferedSkill } from '../../src-shared/offered-skills'
import { sandboxColumn, sandboxOf, type RunSandbox } from '../../src-shared/run-sandbox'
import type { FailureType, RunStatus, Side } from '../../src-shared/run-state'
import type { Flag, RunRecord, RunStatusChangeTable, RunTable } from './schema'

export interface RunRow {
  id: string
  taskId: string
  /** Insertion order within the task (display order). */
  ordinal: number
  /** The dataset case id (export: `caseId`). */
  caseKey: string
  round: number
  side: Side
  status: RunStatus
  failureType: FailureType | null
  failureMessage: string | null
  /** How many times the execution started (incremented on every → running). */
  attempt: number
  sessionId: string | null
  pid: number | null
  pidStartTime: string | null
  instanceId: string | null
  /** Local OS user who started the run (set by the repository on → running). */
  startedBy: string | null
  workDir: string | null
  caseHash: string
  startedAt: string | null
  executedAt: string | null
  finishedAt: string | null
  tokens: TokenCounts
  /** null = unknown price (never 0 for "unknown"). */
  costUsd: number | null
  /**
   * The evidence: the skills (built-ins left out) the run's opencode offered just before its session; null
   * when there is none (it never started one, or it ran before skill-ab recorded it).
   */
  offeredSkills: OfferedSkill[] | null
  /** The OS sandbox its agent ran in, as started for this run; null when not recorded (docs/sandbox.md). */
  sandbox: RunSandbox | null
  skillVisible: boolean | null
  skillLoaded: boolean | null
  exitCode: number | null
  finalOutput: string | null
  evaluatorRunId: string | null
  evaluationResultId: string | null
  /** Row score on 0–100. */
  score: number | null
  createdAt: string
  updatedAt: string
  /** What determined an a-run's execution (README "Baseline reuse"); null on b-runs. */
  reuseKey: string | null
  /** The run and task whose execution this linked run shows (export: `reusedFrom`); null when it executed here. */
  reusedFrom: { runId: string; taskId: string } | null
}

/** Fields a caller may set; identity, status, startedBy and timestamps of the row are the repository's. */
export type RunPatch = Partial<
  Omit<
    RunRow,
    | 'id'
    | 'taskId'
    | 'ordinal'
    | 'caseKey'
    | 'round'
    | 'side'
    | 'status'
    | 'startedBy'
    | 'createdAt'
    | 'updatedAt'
  >
>

export interface RunStatusChange {
  runId: string
  seq: number
  /** null for the row's creation (→ pending). */
  from: RunStatus | null
  to: RunStatus
  failureType: FailureType | null
  at: string
}

const flag = (v: boolean | null): Flag | null => (v === null ? null : v ? 1 : 0)

/** The `offered_skills` column of a run or probe: JSON, or NULL without evidence. */
export function offeredColumn(v: readonly OfferedSkill[] | null): string | null {
  return v === null ? null : JSON.stringify(v.map((s) => ({ name: s.name, location: s.location })))
}

/** The `offered_skills` column read back (a value that is not a list of skills reads as no evidence). */
export function offeredOf(column: string | null): OfferedSkill[] | null {
  if (column === null) return null
  try {
    const value: unknown = JSON.parse(column)
    if (!Array.isArray(value)) return null
    return value.map((s: { name?: unknown; location?: unknown }) => ({
      name: String(s?.name ?? ''),
      location: String(s?.location ?? ''),
    }))
  } catch {
    return null
  }
}
const bool = (v: number | null): boolean | null => (v === null ? null : v !== 0)

export function toRunRow(r: RunRecord): RunRow {
  return {
    id: r.id,
    taskId: r.task_id,
    ordinal: r.ordinal,
    caseKey: r.case_key,
    round: r.round,
    side: r.side as Side,
    status: r.status as RunStatus,
    failureType: r.failure_type as FailureType | null,
    failureMessage: r.failure_message,
    attempt: r.attempt,
    sessionId: r.session_id,
    pid: r.pid,
    pidStartTime: r.pid_start_time,
    instanceId: r.instance_id,
    startedBy: r.started_by,
    workDir: r.work_dir,
    caseHash: r.case_hash,
    startedAt: r.started_at,
    executedAt: r.executed_at,
    finishedAt: r.finished_at,
    tokens: {
      input: r.tokens_input,
      output: r.tokens_output,
      reasoning: r.tokens_reasoning,
      cacheRead: r.tokens_cache_read,
      cacheWrite: r.tokens_cache_write,
    },
    costUsd: r.cost_usd,
    offeredSkills: offeredOf(r.offered_skills),
    sandbox: sandboxOf(r.sandbox),
    skillVisible: bool(r.skill_visible),
    skillLoaded: bool(r.skill_loaded),
    exitCode: r.exit_code,
    finalOutput: r.final_output,
    evaluatorRunId: r.evaluator_run_id,
    evaluationResultId: r.evaluation_result_id,
    score: r.score,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    reuseKey: r.reuse_key,
    reusedFrom:
      r.reused_from_run_id && r.reused_from_task_id
        ? { runId: r.reused_from_run_id, taskId: r.reused_from_task_id }
        : null,
  }
}

/** Columns for a patch; keys absent from the patch are left out (so they never override other values). */
export function runPatchColumns(p: RunPatch): Updateable<RunTable> {
  const columns: Updateable<RunTable> = {
    failure_type: p.failureType,
    failure_message: p.failureMessage,
    attempt: p.attempt,
    session_id: p.sessionId,
    pid: p.pid,
    pid_start_time: p.pidStartTime,
    instance_id: p.instanceId,
    work_dir: p.workDir,
    case_hash: p.caseHash,
    started_at: p.startedAt,
    executed_at: p.executedAt,
    finished_at: p.finishedAt,
    tokens_input: p.tokens?.input,
    tokens_output: p.tokens?.output,
    tokens_reasoning: p.tokens?.reasoning,
    tokens_cache_read: p.tokens?.cacheRead,
    tokens_cache_write: p.tokens?.cacheWrite,
    cost_usd: p.costUsd,
    offered_skills: p.offeredSkills === undefined ? undefined : offeredColumn(p.offeredSkills),
    sandbox: p.sandbox === undefined ? undefined : sandboxColumn(p.sandbox),
    skill_visible: p.skillVisible === undefined ? undefined : flag(p.skillVisible),
    skill_loaded: p.skillLoaded === undefined ? undefined : flag(p.skillLoaded),
    exit_code: p.exitCode,
    final_output: p.finalOutput,
    evaluator_run_id: p.evaluatorRunId,
    evaluation_result_id: p.evaluationResultId,
    score: p.score,
    reuse_key: p.reuseKey,
    reused_from_run_id: p.reusedFrom === undefined ? undefined : (p.reusedFrom?.runId ?? null),
    reused_from_task_id: p.reusedFrom === undefined ? undefined : (p.reusedFrom?.taskId ?? null),
  }
  return Object.fromEntries(
    Object.entries(columns).filter(([, v]) => v !== undefined),
  ) as Updateable<RunTable>
}

/** What a re-run (→ pending) forgets: everything the previous execution and evaluation produced. */
export const RERUN_RESET: Updateable<RunTable> = {
  failure_type: null,
  failure_message: null,
  session_id: null,
  pid: null,
  pid_start_time: null,
  instance_id: null,
  work_dir: null,
  started_at: null,
  executed_at: null,
  finished_at: null,
  tokens_input: 0,
  tokens_output: 0,
  tokens_reasoning: 0,
  tokens_cache_read: 0,
  tokens_cache_write: 0,
  cost_usd: null,
  offered_skills: null,
  sandbox: null,
  skill_visible: null,
  skill_loaded: null,
  exit_code: null,
  final_output: null,
  evaluator_run_id: null,
  evaluation_result_id: null,
  score: null,
  // A re-run executes here: a linked run stops showing the other task's execution (that one is untouched).
  reused_from_run_id: null,
  reused_from_task_id: null,
}

export function toStatusChange(r: RunStatusChangeTable): RunStatusChange {
  return {
    runId: r.run_id,
    seq: r.seq,
    from: r.from_status as RunStatus | null,
    to: r.to_status as RunStatus,
    failureType: r.failure_type as FailureType | null,
    at: r.at,
  }
}
