// Baseline reuse (README "Baseline reuse"): before a task executes, its never-started a-runs are linked to
// earlier tasks' executions with the same reuse key and case hash, round for round; their judge results are
// copied into this task's batch when the judging would be the same, else the runs are judged here.
import type { EvalResultRow, RunRow, Store, TaskRow } from '../../db'
import { newId } from '../../db'
import { announceRun } from '../../engine/announce'
import { inPlan, type ExecutionPlan } from '../../engine/execute-runs'
import { currentResults, sameEvaluator, scoreOf } from '../../engine/trace-results'
import type { EvaluatorSpec } from '../../judge/evaluators'
import { pointwiseEvaluatorsOf } from '../../judge/task-evaluators'
import { NO_SAVINGS, type ReuseSavings } from '../../../src-shared/reuse'
import { needsExecution } from '../../../src-shared/run-rules'
import type { AppContext } from '../app-context'
import { baselineKeyOf } from './baseline-key'
import { blindSpecOf, judgeSettingsOf } from './evaluation-setup'
import { readStoredConfig } from '../../../src-shared/stored-config'

/**
 * Links what it can and returns what the task's linked runs saved (this start's and earlier ones'). Off for
 * case analyses (an A/A calibration links like an A/B task); with `reuseBaseline: false` nothing is linked, but the task's own a-runs get their reuse
 * key (later tasks may link them). A run the user re-ran, or one that ever started here, is never linked.
 */
export async function reuseBaseline(
  ctx: AppContext,
  task: TaskRow,
  plan: ExecutionPlan,
  driver: 'process' | 'server',
): Promise<ReuseSavings> {
  const runsBaseline = task.kind !== 'case' // an A/B task or an A/A calibration
  const key = runsBaseline ? await baselineKeyOf(plan.sides.a, driver, ctx.env) : null
  if (!key) return runsBaseline ? ctx.store.baselineLinks.savings(task.id) : NO_SAVINGS
  const { store } = ctx
  const linked = store.transaction(() => {
    const toExecute = store.runs
      .listByTask(task.id)
      .filter((r) => r.side === 'a' && needsExecution(r) && inPlan(plan, r))
    store.baselineLinks.setReuseKey(
      toExecute.map((r) => r.id),
      key,
    )
    if (!readStoredConfig(task.configJson).reuseBaseline) return []
    const used = new Set(store.runs.listByTask(task.id).map((r) => r.sessionId))
    const judging = judgingSame(store, task)
    const out: RunRow[] = []
    for (const run of store.baselineLinks.linkable(task.id)) {
      if (!inPlan(plan, run)) continue
      const donor = store.baselineLinks
        .donors(key, run.caseHash, task.id)
        .find((d) => !used.has(d.sessionId) && (plan.sides.a.skill !== null || d.skillVisible !== true))
      if (!donor) continue
      const row = store.baselineLinks.link(run.id, donor)
      if (!row) continue
      used.add(donor.sessionId)
      const copied = judging(donor)
      out.push(copied ? scoreFromCopies(store, task, row, copied) : row)
    }
    return out
  })
  for (const run of linked) announceRun(ctx.events, run)
  return store.baselineLinks.savings(task.id)
}

/**
 * Given a donor run, the judge results this task would get from judging it again, or null when it must be
 * judged here: the same judge model, the same evaluators (id, version, prompt fingerprint), the same skill
 * names hidden from the judge, and a `done` current result from each.
 */
function judgingSame(store: Store, task: TaskRow): (donor: RunRow) => EvalResultRow[] | null {
  const signature = (t: TaskRow): string =>
    JSON.stringify({
      judge: judgeSettingsOf(t).model,
      evaluators: pointwiseEvaluatorsOf(t)
        .map((e) => [e.id, e.kind, e.version, e.fingerprint])
        .sort(),
      hidden: (blindSpecOf(store, t)?.skills ?? []).map((s) => s.name).sort(),
    })
  const mine = signature(task)
  const evaluators = pointwiseEvaluatorsOf(task)
  const same = new Map<string, boolean>()
  return (donor) => {
    if (!same.has(donor.taskId)) {
      const donorTask = store.tasks.get(donor.taskId)
      same.set(donor.taskId, donorTask !== null && signature(donorTask) === mine)
    }
    if (!same.get(donor.taskId)) return null
    const rows = currentResults(store, donor, evaluators)
    const usable = rows.every(
      (r, i) => r?.status === 'done' && sameEvaluator(r, evaluators[i] as EvaluatorSpec),
    )
    return usable ? (rows as EvalResultRow[]) : null
  }
}

/** Copies the donor's results into this task's batch (`reusedFrom`) and scores the linked run from them. */
function scoreFromCopies(store: Store, task: TaskRow, run: RunRow, sources: EvalResultRow[]): RunRow {
  const evaluators = pointwiseEvaluatorsOf(task)
  const score = scoreOf(sources, evaluators)
  if (score === null) return run // judged here like any executed run
  const batchId = store.tasks.ensureBatchId(task.id, newId('batch'))
  const binding = { taskId: task.id, caseId: run.caseKey, side: run.side, round: run.round, runId: run.id }
  const rows = sources.map((src) =>
    store.evalResults.append({
      ...src,
      evaluatorRunId: batchId,
      runId: run.id,
      grayscaleTaskId: task.id,
      rawAnalysis: { ...(src.rawAnalysis as object), grayscaleBinding: binding },
      reusedFromResultId: src.reusedFromResultId ?? src.id,
    }),
  )
  store.runs.transition(run.id, { from: ['executed'], to: 'evaluating', patch: { evaluatorRunId: batchId } })
  const scored = store.runs.transition(run.id, {
    from: ['evaluating'],
    to: 'scored',
    patch: { score, evaluationResultId: rows[0]?.id ?? null, evaluatorRunId: batchId },
  })
  if (!scored) throw new Error(`run ${run.id}: a linked run could not be scored from its copied results`)
  return scored
}
