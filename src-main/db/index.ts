// The db module's public surface: open a store, its row types, errors and small helpers.
export { openStore, type Store } from './connection'
export { BATCH_SOURCES, BatchesRepo, type BatchRow, type BatchSource } from './batches'
export { dataDir, databasePath } from './data-dir'
export { StoreError, type StoreErrorCode, type TaskIdentity } from './errors'
export {
  diskFull,
  fileSystemFault,
  freeBytes,
  quickCheck,
  ROOM_FLOOR_BYTES,
  storageFault,
} from './storage-faults'
export { caseContentHash, type DatasetCaseInput, type DatasetCaseRow, type DatasetRow } from './datasets'
export type { EvalResultInput, EvalResultRow, ParseStrategy } from './eval-results'
export type { CorrectionInput, CorrectionLabel, CorrectionRow } from './corrections'
export type { InstanceKind, InstanceRow } from './instances'
export type {
  PairwiseOrder,
  PairwiseParseStrategy,
  PairwiseResultInput,
  PairwiseResultRow,
  PairwiseResultsRepo,
} from './pairwise-results'
export { instanceAlive, pidExists, processAlive, processStartTime } from '../os-processes/process-info'
export type { RunPatch, RunRow, RunStatusChange } from './run-rows'
export type { PendingRun, TransitionRequest } from './runs'
export type { SkillVersionRow } from './skill-versions'
export type { QueryBuilder } from './sql'
export type { ClaimResult, NewTask, TaskKind, TaskRow } from './tasks'
export type { TrajectoryRecord, TrajectorySummary } from './trajectories'
export { localUser } from './user'
export { newId, nowIso } from './ids'
export type { DatasetsRepo } from './datasets'
export type { CorrectionsRepo } from './corrections'
export type { EvalResultsRepo } from './eval-results'
export type { InstancesRepo } from './instances'
export type { RunsRepo } from './runs'
export type { SkillVersionsRepo } from './skill-versions'
export type { TaskPricesRepo } from './task-prices'
export type { JudgeRepeatInput, JudgeRepeatRow, JudgeRepeatsRepo } from './judge-repeats'
export type { TasksRepo } from './tasks'
export type { TrajectoriesRepo } from './trajectories'
export type {
  ProbeEnd,
  ProbeKey,
  ProbeRow,
  ProbeStatus,
  ProbeVersion,
  TriggerProbesRepo,
} from './trigger-probes'
export { newTaskId } from './tasks'
export { isTriggerTaskId } from './trigger-tasks'
export type {
  NewTriggerTask,
  StoredCompetitor,
  TriggerTaskRow,
  TriggerTaskStatus,
  TriggerTasksRepo,
} from './trigger-tasks'
