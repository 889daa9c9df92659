// Builds the export document of one A/B task from the store: runs, results, per-case summary, decision.
import type { CorrectionRow, RunRow, SkillVersionRow, Store, TaskRow } from '../db'
import type { BlindSpec } from '../judge/blind'
import { pointwiseEvaluatorsOf } from '../judge/task-evaluators'
import { TAMPER_SCREEN_ID } from '../judge/tamper-screen'
import { judgeAgreement } from '../stats/judge-agreement'
import type { Decision } from '../../src-shared/decision'
import type { Spend } from '../../src-shared/spend'
import {
  EXPORT_SCHEMA_ID,
  REVIEW_CAPS,
  type ExportDecision,
  type ExportDocument,
} from '../../src-shared/export'
import { lacksEvidence } from '../../src-shared/offered-skills'
import { summarizeCases } from './cases'
import { pairwiseEntries } from './pairwise'
import { redactSecretFields, scrubSecrets, taskSecrets } from './redact'
import { evaluationsByRun, toRunEntry } from './run-entries'
import { runReview } from './run-review'
import { storedConfigRecord, type StoredConfig } from '../../src-shared/stored-config'
import { judgeModelOf } from '../../src-shared/task-config'

export interface ExportEnv {
  /** `opencode --version` of the binary in use; null when none was found. */
  opencodeVersion: string | null
  /** The app's version. */
  app: string
  now?: () => Date
  /** Marks the document as the bundled demo's (`"demo": true`). */
  demo?: boolean
  /** Values scrubbed from the whole document; default: credential-named variables of process.env. */
  secrets?: readonly string[]
  /**
   * A full export (`export --full`): every run carries what the judge read of it (run-review.ts), blinded
   * by `blind` (null: as stored, a case analysis).
   */
  full?: { blind: BlindSpec | null }
}

/**
 * The evaluators whose judge a correction can disagree with: those that score each run (the pairwise one
 * scores none). None when the stored config cannot be read (the rest is still exported).
 */
function scoringEvaluatorIds(task: TaskRow): string[] {
  try {
    return pointwiseEvaluatorsOf(task).map((e) => e.id)
  } catch {
    return []
  }
}

/** The decision as the document's loose type (same fields; its interfaces copied into plain objects). */
export function toExportDecision(d: Decision): ExportDecision {
  const m = d.cost.metrics
  const { judgeNoise, ...rest } = d
  return {
    ...rest,
    capability: { ...d.capability },
    cost: { ...d.cost, metrics: { tokens: { ...m.tokens }, usd: { ...m.usd }, time: { ...m.time } } },
    stability: { ...d.stability },
    failures: { ...d.failures },
    trigger: {
      ...d.trigger,
      a: d.trigger.a && { ...d.trigger.a },
      b: { ...d.trigger.b },
      liftInvoked: { ...d.trigger.liftInvoked },
      liftNotInvoked: { ...d.trigger.liftNotInvoked },
    },
    pairwise: d.pairwise && { ...d.pairwise, perCase: d.pairwise.perCase.map((c) => ({ ...c })) },
    warnings: d.warnings.map((w) => ({ ...w })),
    casesNeeded: d.casesNeeded && { ...d.casesNeeded },
    ...(judgeNoise ? { judgeNoise: { ...judgeNoise } } : {}),
  }
}

const skillVersion = (row: SkillVersionRow | null) =>
  row && { name: row.skillName, label: row.label, contentHash: row.contentHash, hashRecipe: row.hashRecipe }

/** A task with the runs its decision counts (dataset case order) and that decision. */
export interface DecidedTask {
  task: TaskRow
  /** Its stored config (`readStoredConfig`). */
  config: StoredConfig
  runs: RunRow[]
  caseOrder: string[]
  decision: Decision
  /** What the task was paid (services/parts/task-spend). */
  spend: Spend
}

/** The export document of a decided task (services/task-decision computes the decision). */
export function buildExport(store: Store, decided: DecidedTask, env: ExportEnv): ExportDocument {
  const { task, config, runs, caseOrder, decision, spend } = decided
  const corrections = store.corrections.activeByTask(task.id)
  const evaluations = evaluationsByRun(runs, store.evalResults.latestByTask(task.id), corrections)
  const cleared = (r: RunRow): CorrectionRow | null =>
    corrections.find(
      (c) => c.runId === r.id && c.sessionId === r.sessionId && c.evaluatorId === TAMPER_SCREEN_ID,
    ) ?? null
  const a = task.skillVersionAId ? store.skillVersions.get(task.skillVersionAId) : null
  const b = store.skillVersions.get(task.skillVersionBId)

  const doc: ExportDocument = {
    schema: EXPORT_SCHEMA_ID,
    exportedAt: (env.now?.() ?? new Date()).toISOString(),
    ...(env.demo ? { demo: true as const } : {}),
    task: {
      id: task.id,
      name: task.taskName,
      status: task.status,
      evaluationBatchId: task.evaluationBatchId,
      // The config exactly as stored (secret-looking fields redacted), not as read back.
      config: redactSecretFields(storedConfigRecord(task.configJson)),
      skillName: task.skillName,
      skillVersion: task.skillVersion,
      createdAt: task.createdAt,
      updatedAt: task.updatedAt,
    },
    skillVersions: { a: skillVersion(a), b: skillVersion(b) },
    environment: {
      opencodeVersion: env.opencodeVersion,
      agentModel: config.agent?.model ?? null,
      judgeModel: judgeModelOf(config) ?? null,
      app: env.app,
    },
    runs: runs.map((r) => {
      const entry = toRunEntry(r, evaluations.get(r.id) ?? [], store.dataDir, cleared(r))
      if (!env.full) return entry
      return { ...entry, review: runReview(r, store.trajectories.get(r.id), env.full.blind) }
    }),
    cases: summarizeCases(
      caseOrder,
      runs.map((r) => ({
        caseId: r.caseKey,
        side: r.side,
        status: r.status,
        withoutEvidence: lacksEvidence(r, task.skillVersionAId !== null),
        failureType: r.failureType,
        score: r.score,
      })),
      config.policy.failedRunScore,
      // Every run of a case was planned from one version of it (a changed case cannot resume the task);
      // runs imported from traces may have no hash.
      new Map(runs.filter((r) => r.caseHash !== '').map((r) => [r.caseKey, r.caseHash])),
    ),
    decision: toExportDecision(decision),
    spend,
    reused: { ...store.baselineLinks.savings(task.id) },
    judgeAgreement: judgeAgreement(store.corrections.labels({ taskId: task.id }), scoringEvaluatorIds(task)),
    pairwise: pairwiseEntries(store, task, runs),
    ...(env.full ? { full: { caps: { ...REVIEW_CAPS }, blinded: env.full.blind !== null } } : {}),
  }
  return scrubSecrets(doc, env.secrets ?? taskSecrets(config.agent?.opencodeConfig, process.env))
}
