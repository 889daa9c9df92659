// The agent driver seam (docs/opencode.md). The engine talks only to `AgentDriver`; `process` (one `opencode run`
// per run) is the first implementation, `server` (one `opencode serve` per side) can be added behind the
// same interface without touching the engine.
import type { AgentEvent, TokenCounts } from '../../src-shared/agent-event'
import type { CaseFiles } from '../../src-shared/case-file'
import type { Side } from '../../src-shared/run-state'
import type { SealedPaths } from '../inputs/sealed-paths'
import type { SideSandbox } from './isolation/sandbox-policy'
import type { RunSandbox } from '../../src-shared/run-sandbox'

export type { AgentEvent, SealedPaths, TokenCounts }

/** What one side of a task runs with. `skill` null = no skill (baseline kind "none"). */
export interface SideSpec {
  side: Side
  /**
   * The skill snapshot this side sees. opencode is given `offeredDir` (default: the offered copy beside the
   * snapshot, made when the side opens: offered-copy.ts), and the folder holding it is its `skills.paths`.
   */
  skill: { name: string; snapshotDir: string; contentHash: string; offeredDir?: string } | null
  /** Name of the skill under test; side a must NOT see it when `skill` is null. */
  skillUnderTest: string
  model: string
  /** Path of the user's opencode config (providers/models only); undefined = OPENCODE_CONFIG from env. */
  opencodeConfigPath?: string
  /** Where per-run private dirs go (under the data dir). */
  runRoot: string
  /**
   * The folder of this side's runs' work dirs (the task's): a server side proves itself in its first
   * work-dir slot there, so the first run finds its instance loaded. Absent (doctor): a throwaway dir.
   */
  workRoot?: string
  timeoutSec: number
  idleTimeoutSec: number
  /**
   * The answer key: opencode's read and external_directory permissions deny it to every run, and the
   * isolation proof fails when the side's snapshot holds any of it (or an `evals/` folder).
   */
  sealed?: SealedPaths
  /** `agent.sandbox` and the skills' own folders; absent: the side's agents run unsandboxed (a judge, doctor's throwaway side). */
  sandbox?: SideSandbox
}

/**
 * The skill whose completed call counts as "loaded" (and whose listing as "visible") on this side: the
 * side's own skill, which for a baseline skill may have another name than the skill under test; for a side
 * without a skill, the skill under test (a call to it fails, so it is never loaded there).
 */
export function sideSkillName(spec: SideSpec): string {
  return spec.skill?.name ?? spec.skillUnderTest
}

/** Whether `offered` (a run's evidence) holds this side's skill; null without evidence. */
export function skillVisibleIn(offered: readonly { name: string }[] | null, spec: SideSpec): boolean | null {
  return offered === null ? null : offered.some((s) => s.name === sideSkillName(spec))
}

/** What `proveIsolation` found for one side, before any run of that side starts. */
export interface IsolationProof {
  side: Side
  ok: boolean
  /** Skills the side's opencode lists (built-ins excluded), with their SKILL.md locations. */
  visible: { name: string; location: string }[]
  message: string
}

export interface CaseInput {
  caseId: string
  prompt: string
  /** Relative POSIX path → text or bytes, committed in the work dir's first commit. */
  files: CaseFiles
}

export interface RunSpec {
  runId: string
  title: string
  caseInput: CaseInput
  /** Created by the driver: a fresh git repo with the case files committed. Kept after the run. */
  workDir: string
}

export interface RunHooks {
  /** Called as soon as the process is spawned: pid and its start time (for the reaper). */
  onSpawn?(pid: number, startTime: string): void
  /** Called once, on the first event carrying a session id. */
  onSessionId?(sessionId: string): void
  /** Called for every event as it arrives (the engine persists them as they stream). */
  onEvent?(event: AgentEvent): void
}

/**
 * `not_isolated`: the run's session never started, because what its opencode offered was not exactly its side's
 * skills (read just before it, and again after a rebuild): no result for either side; its side stops.
 */
export type OutcomeKind =
  | 'ok'
  | 'agent_error'
  | 'provider_error'
  | 'timeout'
  | 'canceled'
  | 'crashed'
  | 'spawn_failed'
  | 'not_isolated'

export interface RunOutcome {
  kind: OutcomeKind
  /** For failures: what happened, e.g. the provider's message. */
  message: string | null
  sessionId: string | null
  exitCode: number | null
  signal: string | null
  tokens: TokenCounts
  /** Summed from step_finish; 0 from opencode means "unknown price" and is reported as null. */
  costUsd: number | null
  finalOutput: string
  /**
   * The evidence of this run: the skills (built-ins left out) its opencode offered, read just before its
   * session from the instance or env that ran it; null when there is none (it failed before that).
   */
  offeredSkills: { name: string; location: string }[] | null
  /** `offeredSkills` held this side's skill (`sideSkillName`); null without evidence. */
  skillVisible: boolean | null
  /** The OS sandbox its agent was started in; null when it never started one. */
  sandbox: RunSandbox | null
  /** A `skill` tool call for this side's skill (`sideSkillName`) completed. */
  skillLoaded: boolean
  events: AgentEvent[]
  /** `git diff` of the work dir after the run against its first commit (`.opencode/` left out). */
  diff: string
  stderrTail: string
  startedAt: string
  finishedAt: string
}

export interface SideSession {
  readonly proof: IsolationProof
  run(spec: RunSpec, hooks: RunHooks, signal: AbortSignal): Promise<RunOutcome>
  close(): Promise<void>
}

/** What opening a side reports as it goes (the task's start-up line shows it). */
export interface SideHooks {
  /** opencode is ready on this side and its isolation proof begins. */
  onProving?(): void
}

export interface AgentDriver {
  readonly name: 'process' | 'server'
  /** Prepares one side (seeded dirs, config) and proves what it sees. Throws nothing: check `proof.ok`. */
  openSide(spec: SideSpec, hooks?: SideHooks): Promise<SideSession>
}
