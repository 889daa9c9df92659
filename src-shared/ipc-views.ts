// What the UI is given: the shapes main returns and pushes. Plain data, no behaviour.
import type { SandboxDenial } from './run-sandbox'
import type { OfferedSkill } from './offered-skills'
import type { FieldIssue } from './user-error'
import type { Decision, Verdict } from './decision'
import type { JudgeAgreement } from './export'
import type { FailureType, RunStatus, Side, TaskStatus } from './run-state'
import type { StoredConfig } from './stored-config'
import type { OpenedTaskSummary } from './task-summary'
import type { ReuseSavings } from './reuse'
import type { ExpectationVerdict } from './expectation-verdict'
import type { StartupPhase } from './startup'

/** One run as a table row shows it; also the body of a live patch. */
export interface RunView {
  id: string
  taskId: string
  caseId: string
  round: number
  side: Side
  status: RunStatus
  failureType: FailureType | null
  failureMessage: string | null
  /** Execution start to executed, ms. */
  durationMs: number | null
  totalTokens: number | null
  /** Row score on 0–100 once scored. */
  score: number | null
  /** This side's agent invoked its skill (called the skill tool with the skill's name; it completed); null = unknown. */
  skillLoaded: boolean | null
  /** Its session ran with no record of the skills it was offered (run before skill-ab recorded it): not counted. */
  withoutEvidence: boolean
}

export interface TaskDetail {
  summary: OpenedTaskSummary
  /** The task config as stored (defaults filled in, paths absolute), as `readStoredConfig` reads it. */
  config: StoredConfig
  /** The bundled demo's task (labelled as such on every screen). */
  demo: boolean
  /** Case ids in dataset order (the run table's row order). */
  caseOrder: string[]
  evaluationBatchId: string | null
  /** A job of this process (run, re-evaluate) is working on the task. */
  busy: boolean
  /** The last problem a job of this process met (cleared when a job starts). */
  message: string | null
  /** Its execution is starting up (opencode starting, isolation proofs): null once the runs start. */
  startup: StartupPhase | null
}

export interface StatusStep {
  from: RunStatus | null
  to: RunStatus
  failureType: FailureType | null
  at: string
}

/** One judge result (all rows are kept; the latest per evaluator is what counts). */
export interface EvaluationView {
  id: string
  evaluatorId: string
  evaluatorRunId: string
  status: 'done' | 'failed'
  score: number | null
  reason: string | null
  error: string | null
  parseStrategy: string | null
  /** On the newest result per evaluator: the human correction in force for the run's current execution. */
  correction: { score: number; note: string; by: string; at: string } | null
  createdAt: string
  /** Newest per evaluator. */
  latest: boolean
  /** An expectations evaluator's verdict per expectation; null for other evaluators. */
  expectations: ExpectationVerdict[] | null
}

/** One readable step of a trajectory: a message, a tool call, a step's cost, an error. */
export interface TimelineItem {
  kind: 'text' | 'tool' | 'step' | 'error' | 'other'
  at: number | null
  title: string
  body: string
}

export interface RunDetail {
  run: RunView & {
    attempt: number
    sessionId: string | null
    startedBy: string | null
    costUsd: number | null
    tokens: { input: number; output: number; reasoning: number; cacheRead: number; cacheWrite: number }
    /** The evidence: the skills its opencode offered just before its session; null without one. */
    offeredSkills: OfferedSkill[] | null
    /** The OS sandbox its agent ran in; null when not recorded. */
    sandbox: { on: boolean; detail: string } | null
    /** What the sandbox blocked during the run; null when not recorded. */
    sandboxDenials: SandboxDenial[] | null
    skillVisible: boolean | null
    skillLoaded: boolean | null
    workDir: string | null
    startedAt: string | null
    executedAt: string | null
    /** Baseline reuse: the task whose execution this run shows (its name: null once deleted); null when it ran here. */
    reusedFrom: { runId: string; taskId: string; taskName: string | null } | null
  }
  case: { prompt: string; expectedOutput: string | null; expectations: string[] } | null
  history: StatusStep[]
  timeline: TimelineItem[]
  finalOutput: string | null
  diff: string | null
  stderrTail: string | null
  evaluations: EvaluationView[]
  /** Evaluator ids of the task (a correction names one). */
  evaluatorIds: string[]
  /** The corrections in force for this execution, one per evaluator, each with the judge's latest score. */
  corrections: CorrectionView[]
  /** Per evaluator: a correction of an earlier execution, dropped when the run was executed again. */
  droppedCorrections: CorrectionView[]
}

/** A human correction of one evaluator's score for one execution of a run. */
export interface CorrectionView {
  evaluatorId: string
  score: number
  note: string
  by: string
  at: string
  /** The judge's latest score for the same execution and evaluator (null when it has none). */
  judgeScore: number | null
}

export interface BatchView {
  batchId: string
  /** `grayscale-ab`: the one batch of an A/B task; `case-analysis`: a plain evaluation (invariant 7). */
  source: 'grayscale-ab' | 'case-analysis'
  taskId: string
  taskName: string
  skillName: string
  skillVersion: string
  runs: number
  scored: number
  failed: number
  /** Each side's mean row score over its scored runs (null: none scored; a case analysis has side b only). */
  means: { a: number | null; b: number | null }
  createdAt: string
}

/** A case analysis opened from the evaluation center: per-case scores and every run's latest judgement. */
export interface CaseAnalysisView {
  taskId: string
  name: string
  skillName: string
  skillVersion: string
  batchId: string | null
  /** Mean over the cases that have a score (each case weighs the same). */
  mean: number | null
  cases: {
    caseId: string
    /** Mean of the case's scored rounds. */
    score: number | null
    runs: {
      id: string
      round: number
      status: RunStatus
      failureType: FailureType | null
      score: number | null
      /** The latest judge reason, or why the run failed. */
      reason: string | null
    }[]
  }[]
}

export interface AppInfo {
  version: string
  dataDir: string
  transport: 'electron' | 'serve'
  opencode: { path: string; version: string | null; source: string } | null
  /** OPENCODE_CONFIG or the settings' provider config: where models come from. */
  providerConfig: string | null
  /** The folder the file pickers open first. */
  homeDir: string
}

export interface Settings {
  opencodeBin: string | null
  providerConfig: string | null
  defaultAgentModel: string | null
  defaultJudgeModel: string | null
  concurrency: number
  judgeConcurrency: number
}

export interface FolderListing {
  path: string
  parent: string | null
  entries: { name: string; path: string; kind: 'dir' | 'file' }[]
}

export interface SkillPreview {
  name: string
  description: string
  contentHash: string
}

/** One git version of a skill folder the setup screen offers (README "Skill versions from git"). */
export interface GitVersionChoice {
  kind: 'branch' | 'tag' | 'commit'
  /** What `git.ref` gets: the branch or tag name, or the commit's full sha. */
  ref: string
  sha: string
  subject: string
  /** Committer date, ISO 8601. */
  date: string
}

/** A skill folder's git versions; `repo` null when the folder is not in a git repository with a commit. */
export interface GitVersionList {
  repo: string | null
  /** The folder inside the repository, POSIX ('' = its top). */
  path: string
  /** Branches, then tags (those whose commit holds the folder), then the latest commits that touched it. */
  versions: GitVersionChoice[]
  /** The working copy's folder differs from HEAD (uncommitted changes). */
  workingCopyChanged: boolean
}

export interface DatasetPreview {
  format: string
  cases: { id: string; prompt: string; tags: string[] }[]
}

export interface ValidationResult {
  issues: FieldIssue[]
  warnings: string[]
}

/**
 * A run's change since the last patch: its newest state and every status it passed through, in order,
 * each with the sequence number of its change (compare with the `seq` of a `tasks.get` snapshot).
 */
export interface RunPatch extends RunView {
  statuses: RunStatus[]
  seqs: number[]
}

export interface TaskPatch {
  taskId: string
  status?: TaskStatus
  verdict?: Verdict
  /** With `runs`, always. */
  runs?: Record<RunStatus, number>
  failedEvaluations?: number
  tampered?: number
  reused?: ReuseSavings
  busy?: boolean
  message?: string | null
  startup?: StartupPhase | null
  removed?: boolean
}

/** What main pushes, at most every ≈75 ms. `external`: another process wrote to the data dir. */
export interface Patch {
  runs: RunPatch[]
  tasks: TaskPatch[]
  external: boolean
  /** Trigger tasks whose probes or status changed (the Triggers screen reloads the open one). */
  triggers?: string[]
}

export type { Decision, JudgeAgreement }
