// The one IPC contract: per channel a zod schema for the request (validated in
// main before any service runs) and one for the response (typed; main builds it from typed code, so it is
// not re-validated). The renderer's `Api`, the preload and main's handlers are all derived from this map.
import { z } from 'zod'
import type { Decision } from './decision'
import type { TaskSpendView } from './spend'
import type { Estimate } from './estimate'
import type { TaskNoiseFloor } from './noise-floor'
import type { ExportDocument } from './export'
import type { Channel } from './ipc-channels'
import type {
  AppInfo,
  BatchView,
  CaseAnalysisView,
  DatasetPreview,
  FolderListing,
  GitVersionList,
  JudgeAgreement,
  Patch,
  RunDetail,
  RunView,
  Settings,
  SkillPreview,
  TaskDetail,
  ValidationResult,
} from './ipc-views'
import type { TaskSummary } from './task-summary'
import type { TriggerConfigInput } from './trigger-config'
import type { TriggerDetail, TriggerTaskView } from './trigger-views'

const id = z.string().min(1).max(200)
const path = z.string().min(1).max(4096)
const none = z.strictObject({})
const taskRef = z.strictObject({ taskId: id })
const ok = z.custom<{ ok: true }>()

export const settingsSchema = z.strictObject({
  opencodeBin: path.nullable(),
  providerConfig: path.nullable(),
  defaultAgentModel: z.string().max(200).nullable(),
  defaultJudgeModel: z.string().max(200).nullable(),
  concurrency: z.int().min(1).max(64),
  judgeConcurrency: z.int().min(1).max(64),
})

export const contract = {
  'app.info': { request: none, response: z.custom<AppInfo>() },
  'settings.get': { request: none, response: z.custom<Settings>() },
  'settings.set': { request: settingsSchema, response: z.custom<Settings>() },
  'tasks.list': { request: none, response: z.custom<TaskSummary[]>() },
  /**
   * `seq`: the last change the snapshot includes (patches up to it are already in it). With `firstCases`,
   * only the runs of the task's first cases in dataset order (a first screenful, fast at any task size);
   * `complete` is false when the task has more.
   */
  'tasks.get': {
    request: z.strictObject({ taskId: id, firstCases: z.int().min(1).max(100_000).optional() }),
    response: z.custom<{ task: TaskDetail; runs: RunView[]; complete: boolean; seq: number }>(),
  },
  'tasks.decision': { request: taskRef, response: z.custom<Decision>() },
  /** What the task was paid: per side, the judge and the total (docs/decision.md "Spend"). */
  'tasks.spend': { request: taskRef, response: z.custom<TaskSpendView>() },
  /** The noise floor of the latest A/A calibration of the task's dataset, model and baseline (README "A/A calibration"). */
  'tasks.noiseFloor': { request: taskRef, response: z.custom<TaskNoiseFloor | null>() },
  /** Starts (or continues) the A/A calibration of the task's config; answers with the calibration's id. */
  'tasks.calibrate': { request: taskRef, response: z.custom<{ taskId: string }>() },
  /**
   * What changed in the task's source folders (skill, baseline, dataset) since it was made, one sentence
   * each: the task still runs what it stored; a new version is a new task.
   */
  'tasks.sourceChanges': { request: taskRef, response: z.custom<{ changes: string[] }>() },
  /** The config is checked by main (schema, paths, templates): the form shows the issues inline. */
  'tasks.validate': {
    request: z.strictObject({ config: z.unknown() }),
    response: z.custom<ValidationResult>(),
  },
  /** The estimate of the task a config describes (docs/decision.md "Estimate"); null while the config has problems. */
  'tasks.estimate': {
    request: z.strictObject({ config: z.unknown() }),
    response: z.custom<Estimate | null>(),
  },
  /** Creates (or resumes) the task and starts it; answers once its runs exist. */
  'tasks.create': {
    request: z.strictObject({ config: z.unknown() }),
    response: z.custom<{ taskId: string }>(),
  },
  /** Continues the task; answers with its id once its runs are prepared. */
  'tasks.start': { request: taskRef, response: z.custom<{ taskId: string }>() },
  'tasks.cancel': { request: taskRef, response: ok },
  'tasks.delete': { request: taskRef, response: ok },
  /** `full`: with what the judge read of every run (final output, trajectory summary, diff), for a reviewer. */
  'tasks.export': {
    request: z.strictObject({ taskId: id, full: z.boolean().optional() }),
    response: z.custom<ExportDocument>(),
  },
  /** Puts finished runs back to pending and continues the task (their trajectories are replaced). */
  'runs.rerun': {
    request: z.strictObject({ taskId: id, runIds: z.array(id).min(1).max(100_000) }),
    response: ok,
  },
  /** Judges again without re-executing: the given runs, or every evaluation failure. */
  'runs.reevaluate': {
    request: z.strictObject({
      taskId: id,
      runIds: z.array(id).min(1).max(100_000).optional(),
      failedOnly: z.boolean().optional(),
    }),
    response: ok,
  },
  /** Judges a sample of scored runs K times more (nothing executed, no run changed): the judge's noise. */
  'runs.measureJudgeNoise': {
    request: z.strictObject({
      taskId: id,
      repeat: z.int().min(2).max(10),
      sample: z.int().min(2).max(500).optional(),
    }),
    response: ok,
  },
  'runs.detail': { request: z.strictObject({ runId: id }), response: z.custom<RunDetail>() },
  'results.correct': {
    request: z.strictObject({
      runId: id,
      evaluatorId: id,
      score: z.number().min(0).max(100),
      note: z.string().trim().min(1, 'a correction needs a note').max(4000),
    }),
    response: z.custom<RunView>(),
  },
  /** Removes the correction in force for (run, evaluator): the run's score is the judge's again. */
  'results.clearCorrection': {
    request: z.strictObject({ runId: id, evaluatorId: id }),
    response: z.custom<RunView>(),
  },
  /** `center`: every batch with its source; `case-analysis`: A/B batches excluded (invariant 7). */
  'evaluations.batches': {
    request: z.strictObject({ view: z.enum(['center', 'case-analysis']) }),
    response: z.custom<BatchView[]>(),
  },
  /** One case analysis (a `case-analysis` batch's task): an A/B task is refused — it opens as a task. */
  'evaluations.analysis': {
    request: taskRef,
    response: z.custom<CaseAnalysisView>(),
  },
  /** Per evaluator, across every task: its judge against your corrections (each correction is a label). */
  'evaluations.agreement': { request: none, response: z.custom<JudgeAgreement[]>() },
  'files.list': { request: z.strictObject({ path: path.optional() }), response: z.custom<FolderListing>() },
  'inputs.skill': { request: z.strictObject({ path }), response: z.custom<SkillPreview>() },
  /** A skill folder's git versions (branches, tags, commits that touched it) for picking a and b. */
  'inputs.gitVersions': { request: z.strictObject({ path }), response: z.custom<GitVersionList>() },
  'inputs.dataset': {
    request: z.strictObject({ path, skillPath: path.optional() }),
    response: z.custom<DatasetPreview>(),
  },
  /** The bundled example: `demo` runs it now against the scripted model; otherwise it fills the setup form. */
  'examples.create': {
    request: z.strictObject({ demo: z.boolean() }),
    response: z.custom<{ taskId: string | null; config: unknown }>(),
  },
  /** The bundled example as a trigger evaluation's config (its two skill versions and trigger set). */
  'examples.triggers': { request: none, response: z.custom<{ config: TriggerConfigInput }>() },
  /** Trigger tasks, newest first (docs/triggers.md). */
  'triggers.list': { request: none, response: z.custom<TriggerTaskView[]>() },
  'triggers.get': { request: taskRef, response: z.custom<TriggerDetail>() },
  /** Creates (or resumes) the trigger task a config describes and starts probing; answers with its id. */
  'triggers.create': {
    request: z.strictObject({ config: z.unknown() }),
    response: z.custom<{ taskId: string }>(),
  },
  'triggers.cancel': { request: taskRef, response: ok },
  /** Probes what a canceled or failed trigger task has left, from its stored set and skill snapshots. */
  'triggers.resume': { request: taskRef, response: ok },
  /** Removes a trigger task and its probes; refused while it is being probed. */
  'triggers.delete': { request: taskRef, response: ok },
} satisfies Record<Channel, { request: z.ZodType; response: z.ZodType }>

// Both lists name the same channels (a channel added to one but not the other fails to compile).
type ContractChannel = keyof typeof contract
const _sameChannels: [ContractChannel, Channel] extends [Channel, ContractChannel] ? true : never = true
void _sameChannels

export type Request<C extends Channel> = z.input<(typeof contract)[C]['request']>
export type Response<C extends Channel> = z.output<(typeof contract)[C]['response']>

/** The renderer's one `api` object, whichever transport is under it. */
export type Api = { [C in Channel]: (request: Request<C>) => Promise<Response<C>> } & {
  /** Subscribes to live patches; returns the unsubscribe function. */
  onPatch(listener: (patch: Patch) => void): () => void
}

// The error types have their own zod-free module (the renderer bundle needs them, not the schemas).
export { ApiError, type ApiErrorBody, type Envelope } from './api-error'
