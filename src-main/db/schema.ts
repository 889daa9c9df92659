// Kysely table types of the SQLite schema (snake_case, as stored); repositories map them to camelCase rows.
import type { Generated, Selectable } from 'kysely'

/** Booleans are stored as 0/1 (SQLite has no boolean type). */
export type Flag = 0 | 1

export interface SchemaMigrationTable {
  id: number
  name: string
  applied_at: string
}

export interface InstanceTable {
  id: string
  pid: number
  start_time: string | null
  hostname: string
  kind: string
  started_at: string
}

export interface SkillVersionTable {
  id: string
  skill_name: string
  label: string
  content_hash: string
  snapshot_dir: string
  created_at: string
  /** The recipe `content_hash` was computed with: 1 every file, 2 the sealed snapshot's files. Migration 4. */
  hash_recipe: number
}

export interface DatasetTable {
  id: string
  path: string
  format: string
  content_hash: string
  case_count: number
  created_at: string
}

export interface DatasetCaseTable {
  id: string
  dataset_id: string
  case_key: string
  ordinal: number
  prompt: string
  files_json: string
  expected_output: string | null
  expectations_json: string
  tags_json: string
  content_hash: string
}

export interface EvaluatorTable {
  id: string
  version: number
  kind: string
  name: string | null
  prompt: string | null
  command: string | null
  scale: number | null
  weight: number
  content_hash: string
  created_at: string
}

export interface GrayscaleTaskTable {
  id: string
  task_name: string
  skill_name: string
  skill_version: string
  config_json: string
  evaluation_batch_id: string | null
  status: string
  owner_instance_id: string | null
  skill_version_a_id: string | null
  skill_version_b_id: string
  dataset_id: string
  created_at: string
  updated_at: string
  /** 'ab' = an A/B task; 'case' = a case analysis (one skill, no comparison). Migration 2. */
  kind: string
  /** 1 = an A/A calibration (kind 'ab', side a only). Migration 11. */
  calibration: number
}

/** The view `evaluation_batch` (migration 2): one row per task that has a batch id. Read-only. */
export interface EvaluationBatchView {
  id: string
  source: string
  task_id: string
  name: string
  skill_name: string
  skill_version: string
  created_at: string
}

export interface RunTable {
  id: string
  task_id: string
  ordinal: number
  case_key: string
  round: number
  side: string
  status: string
  failure_type: string | null
  failure_message: string | null
  attempt: number
  session_id: string | null
  pid: number | null
  pid_start_time: string | null
  instance_id: string | null
  started_by: string | null
  work_dir: string | null
  case_hash: string
  started_at: string | null
  executed_at: string | null
  finished_at: string | null
  tokens_input: Generated<number>
  tokens_output: Generated<number>
  tokens_reasoning: Generated<number>
  tokens_cache_read: Generated<number>
  tokens_cache_write: Generated<number>
  cost_usd: number | null
  skill_visible: Flag | null
  skill_loaded: Flag | null
  exit_code: number | null
  final_output: string | null
  evaluator_run_id: string | null
  evaluation_result_id: string | null
  score: number | null
  created_at: string
  updated_at: string
  /** 0009: what determined an a-run's execution (baseline reuse); null on b-runs and older rows. */
  reuse_key: string | null
  /** 0009: the run (and task) whose execution this linked run shows; null when it executed here. */
  reused_from_run_id: string | null
  reused_from_task_id: string | null
  /** 0013: JSON `[{name, location}]`, the skills the run's opencode offered just before its session; null: no evidence. */
  offered_skills: string | null
  /** 0014: JSON `{on, detail}`, the OS sandbox the run's agent ran in; null: not recorded. */
  sandbox: string | null
}

/** A `run` row as SELECT returns it. */
export type RunRecord = Selectable<RunTable>

export interface RunStatusChangeTable {
  run_id: string
  seq: number
  from_status: string | null
  to_status: string
  failure_type: string | null
  at: string
}

export interface TrajectoryTable {
  run_id: string
  session_id: string | null
  prompt: string | null
  final_output: string | null
  diff: string | null
  stderr_tail: string | null
  updated_at: string
}

export interface TrajectoryEventTable {
  run_id: string
  seq: number
  event_json: string
}

export interface TrajectoryEvalResultTable {
  id: string
  seq: number
  evaluator_run_id: string
  task_id: string | null
  run_id: string | null
  grayscale_task_id: string | null
  evaluator_id: string
  evaluator_version: number
  status: string
  score: number | null
  reason: string | null
  raw_output: string | null
  parse_strategy: string | null
  error: string | null
  judge_tokens_input: number
  judge_tokens_output: number
  judge_tokens_reasoning: number
  judge_tokens_cache_read: number
  judge_tokens_cache_write: number
  judge_cost_usd: number | null
  correction_json: string | null
  judge_input: string | null
  raw_analysis_json: string | null
  created_at: string
  /** 0009: the result this one copies (a reused baseline run's judgement); null when judged here. */
  reused_from_result_id: string | null
}

/** A human correction of one evaluator's score for one execution (session) of a run. */
export interface RunCorrectionTable {
  id: string
  seq: number
  run_id: string
  evaluator_id: string
  session_id: string
  score: number
  note: string
  corrected_by: string
  corrected_at: string
  cleared_at: string | null
  cleared_by: string | null
}

/** One pairwise judgement of a case and round in one order (migration 6). */
export interface PairwiseResultTable {
  id: string
  seq: number
  evaluator_run_id: string
  grayscale_task_id: string
  case_key: string
  round: number
  run_id_a: string
  session_id_a: string
  run_id_b: string
  session_id_b: string
  evaluator_id: string
  evaluator_version: number
  order: string
  status: string
  winner_response: string | null
  winner_side: string | null
  reason: string | null
  raw_output: string | null
  parse_strategy: string | null
  error: string | null
  judge_tokens_input: number
  judge_tokens_output: number
  judge_tokens_reasoning: number
  judge_tokens_cache_read: number
  judge_tokens_cache_write: number
  judge_cost_usd: number | null
  judge_input: string | null
  judge_session_id: string | null
  created_at: string
}

/** A task's adaptive-rounds plan as JSON (migration 7). */
export interface AdaptivePlanTable {
  grayscale_task_id: string
  plan_json: string
  updated_at: string
}

/** A trigger evaluation task (migration 8). */
export interface TriggerTaskTable {
  id: string
  name: string
  fingerprint: string
  config_json: string
  queries_json: string
  set_file: string
  skill_version_b_id: string
  skill_version_a_id: string | null
  competing_json: string
  status: string
  message: string | null
  owner_instance_id: string | null
  created_at: string
  updated_at: string
}

/** One probe of a trigger task: a version, a query, a round (migration 8). */
export interface TriggerProbeTable {
  id: string
  trigger_task_id: string
  version: string
  query_id: string
  round: number
  status: string
  choice: string | null
  skill: string | null
  step: number | null
  steps: Generated<number>
  tokens_input: Generated<number>
  tokens_output: Generated<number>
  tokens_reasoning: Generated<number>
  tokens_cache_read: Generated<number>
  tokens_cache_write: Generated<number>
  cost_usd: number | null
  duration_ms: number | null
  message: string | null
  attempts: Generated<number>
  owner_instance_id: string | null
  started_at: string | null
  finished_at: string | null
  /** 0013: JSON `[{name, location}]`, what the probe's instance offered just before its session; null: none. */
  offered_skills: string | null
}

/** The prices a task ran with (migration 10): JSON of src-shared/prices TaskPrices. */
export interface TaskPricesTable {
  task_id: string
  prices_json: string
  recorded_at: string
}

/** One repeated judgement of a stored run by one evaluator (migration 16): the judge's test–retest noise. */
export interface JudgeRepeatTable {
  id: string
  task_id: string
  run_id: string
  session_id: string
  /** One `reevaluate --repeat` invocation. */
  measurement: string
  /** 1..K within the measurement. */
  pass: number
  evaluator_id: string
  status: 'done' | 'failed'
  /** 0–100; null when the judgement failed. */
  score: number | null
  judge_tokens_input: number
  judge_tokens_output: number
  judge_tokens_reasoning: number
  judge_tokens_cache_read: number
  judge_tokens_cache_write: number
  judge_cost_usd: number | null
  created_at: string
}

export interface Database {
  schema_migration: SchemaMigrationTable
  instance: InstanceTable
  skill_version: SkillVersionTable
  dataset: DatasetTable
  dataset_case: DatasetCaseTable
  evaluator: EvaluatorTable
  grayscale_task: GrayscaleTaskTable
  run: RunTable
  run_status_change: RunStatusChangeTable
  trajectory: TrajectoryTable
  trajectory_event: TrajectoryEventTable
  trajectory_eval_result: TrajectoryEvalResultTable
  run_correction: RunCorrectionTable
  pairwise_result: PairwiseResultTable
  adaptive_plan: AdaptivePlanTable
  trigger_task: TriggerTaskTable
  trigger_probe: TriggerProbeTable
  task_prices: TaskPricesTable
  judge_repeat: JudgeRepeatTable
  evaluation_batch: EvaluationBatchView
}
