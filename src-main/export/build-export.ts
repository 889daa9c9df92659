// Builds the export document of one A/B task from the store: runs, results, per-case summary, decision.
import { StoreError, type RunRow, type SkillVersionRow, type Store, type TaskRow } from '../db'
import { configWarnings } from '../inputs/config-warnings'
import { pointwiseEvaluatorsOf } from '../judge/task-evaluators'
import { decide } from '../stats/decide'
import { judgeAgreement } from '../stats/judge-agreement'
import type { PairwiseOutcome } from '../stats/types'
import type { Decision, DecisionWarning } from '../../src-shared/decision'
import { EXPORT_SCHEMA_ID, type ExportDecision, type ExportDocument } from '../../src-shared/export'
import { policySchema, type Policy } from '../../src-shared/task-config'
import { summarizeCases } from './cases'
import { pairwiseEntries, pairwiseOutcomesOf } from './pairwise'
import { redactSecretFields, scrubSecrets, taskSecrets } from './redact'
import { evaluationsByRun, toExperimentRun, toRunEntry } from './run-entries'

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
}

/** What the export reads from the stored config; tolerant of a partial config (older rows, tests). */
export interface ConfigView {
  config: Record<string, unknown>
  /** config.repeatRounds when it is a whole number ≥ 1. */
  rounds: number | null
  policy: Policy
  agentModel: string | null
  judgeModel: string | null
  /** The config check's warnings on the stored config (they join the decision's warnings). */
  warnings: DecisionWarning[]
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)

export function readConfig(configJson: string): ConfigView {
  let parsed: unknown
  try {
    parsed = JSON.parse(configJson)
  } catch {
    parsed = {}
  }
  const config = record(parsed)
  const rounds = config.repeatRounds
  const policy = policySchema.safeParse(record(config.policy))
  const agentModel = text(record(config.agent).model)
  const explicitJudge = text(record(config.judge).model)
  const evaluators = Array.isArray(config.evaluators) ? config.evaluators.map(record) : []
  return {
    config,
    rounds: typeof rounds === 'number' && Number.isInteger(rounds) && rounds >= 1 ? rounds : null,
    policy: policy.success ? policy.data : policySchema.parse({}),
    agentModel,
    judgeModel: explicitJudge ?? agentModel,
    warnings: agentModel
      ? configWarnings({
          agent: { model: agentModel },
          judge: { model: explicitJudge ?? undefined },
          evaluators: evaluators.map((e) => ({
            kind: text(e.kind) ?? undefined,
            prompt: text(e.prompt) ?? undefined,
          })),
        })
      : [],
  }
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
  return {
    ...d,
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
  }
}

const skillVersion = (row: SkillVersionRow | null) =>
  row && { name: row.skillName, label: row.label, contentHash: row.contentHash, hashRecipe: row.hashRecipe }

/**
 * The runs the task is made of now: cases of its dataset selection and rounds up to repeatRounds (runs of
 * cases or rounds dropped on resume stay in the store but are not part of the experiment). Also the case order.
 */
export function scopeRuns(
  store: Store,
  task: TaskRow,
  rounds: number | null,
): { runs: RunRow[]; caseOrder: string[] } {
  const caseOrder = store.datasets.getCases(task.datasetId).map((c) => c.caseKey)
  const selected = caseOrder.length ? new Set(caseOrder) : null
  const runs = store.runs
    .listByTask(task.id)
    .filter((r) => (selected === null || selected.has(r.caseKey)) && (rounds === null || r.round <= rounds))
  return { runs, caseOrder }
}

/** The decision over the task's runs: its policy and rounds, whether side a has a skill, the config's warnings. */
export function decideRuns(
  runs: readonly RunRow[],
  view: ConfigView,
  task: Pick<TaskRow, 'skillVersionAId'>,
  pairwise?: readonly PairwiseOutcome[],
): Decision {
  return decide(runs.map(toExperimentRun), view.policy, {
    ...(view.rounds ? { rounds: view.rounds } : {}),
    baselineHasSkill: task.skillVersionAId !== null,
    warnings: view.warnings,
    ...(pairwise ? { pairwise } : {}),
  })
}

const decisions = new WeakMap<Store, Map<string, { key: string; decision: Decision }>>()

/**
 * The task's current decision (what `list`, the task list and live patches show), computed like the
 * export's. Kept per task until its config or runs change: at 5,000 runs a decision costs 100–200 ms.
 */
export function taskDecision(store: Store, task: TaskRow): Decision {
  const cache = decisions.get(store) ?? new Map<string, { key: string; decision: Decision }>()
  decisions.set(store, cache)
  const key = `${task.configJson}\n${store.runs.decisionFingerprint(task.id)}\n${store.pairwiseResults.fingerprint(task.id)}`
  const cached = cache.get(task.id)
  if (cached?.key === key) return cached.decision
  const view = readConfig(task.configJson)
  const { runs } = scopeRuns(store, task, view.rounds)
  const decision = decideRuns(runs, view, task, pairwiseOutcomesOf(store, task, runs))
  cache.set(task.id, { key, decision })
  return decision
}

export function buildExport(store: Store, taskId: string, env: ExportEnv): ExportDocument {
  const task = store.tasks.get(taskId)
  if (!task) throw new StoreError('not_found', `no A/B task with id ${taskId}`)
  const view = readConfig(task.configJson)
  const { runs, caseOrder } = scopeRuns(store, task, view.rounds)
  const evaluations = evaluationsByRun(
    runs,
    store.evalResults.latestByTask(task.id),
    store.corrections.activeByTask(task.id),
  )
  const decision = decideRuns(runs, view, task, pairwiseOutcomesOf(store, task, runs))
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
      config: redactSecretFields(view.config),
      skillName: task.skillName,
      skillVersion: task.skillVersion,
      createdAt: task.createdAt,
      updatedAt: task.updatedAt,
    },
    skillVersions: { a: skillVersion(a), b: skillVersion(b) },
    environment: {
      opencodeVersion: env.opencodeVersion,
      agentModel: view.agentModel,
      judgeModel: view.judgeModel,
      app: env.app,
    },
    runs: runs.map((r) => toRunEntry(r, evaluations.get(r.id) ?? [])),
    cases: summarizeCases(
      caseOrder,
      runs.map((r) => ({
        caseId: r.caseKey,
        side: r.side,
        status: r.status,
        failureType: r.failureType,
        score: r.score,
      })),
      view.policy.failedRunScore,
    ),
    decision: toExportDecision(decision),
    judgeAgreement: judgeAgreement(store.corrections.labels({ taskId: task.id }), scoringEvaluatorIds(task)),
    pairwise: pairwiseEntries(store, task, runs),
  }
  return scrubSecrets(doc, env.secrets ?? taskSecrets(opencodeConfigOf(view.config), process.env))
}

/** The task's own opencode config (stored as an absolute path), when it named one. */
export function opencodeConfigOf(config: Record<string, unknown>): string | undefined {
  return text(record(config.agent).opencodeConfig) ?? undefined
}
