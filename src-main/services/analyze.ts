// Case analysis: one skill version judged on a dataset without a comparison, or
// existing opencode sessions judged as they are. Same runs, judge and batch as an A/B task, `kind` 'case':
// its evaluations dedupe by trace (invariant 3) and it is listed apart from the A/B tasks (invariant 7).
import { join } from 'node:path'
import { readOpencodeSessions, locateOpencodeDb } from '../agent/opencode/opencode-sessions'
import type { Store, TaskRow } from '../db'
import { needsEvaluation } from '../engine/evaluate-runs'
import { InputError } from '../inputs/errors'
import type { LoadedTaskConfig } from '../inputs/load-config'
import { opencodeConfigPathOf } from '../inputs/opencode-config'
import type { RunStatus } from '../../src-shared/run-state'
import { caseMeans, mean } from '../../src-shared/run-rules'
import type { ImportAnalysisConfig } from '../../src-shared/case-analysis'
import { UserError } from '../../src-shared/user-error'
import type { AppContext } from './app-context'
import { openEvaluation } from './parts/evaluation-setup'
import { recordImportedTraces } from './parts/import-traces'
import type { PreparedTask } from './prepare-task'
import { reconcileTask } from './reconcile'
import { withTaskClaim } from './parts/task-claim'
import { runTask } from './run-task'
import { taskProgress } from './task-decision'

export interface CaseScore {
  caseId: string
  runs: number
  scored: number
  /** Mean of the case's scored runs; null when none is scored. */
  score: number | null
}

export interface AnalysisSummary {
  task: TaskRow
  batchId: string | null
  cases: CaseScore[]
  /** Mean over the cases that have a score (each case weighs the same, whatever its rounds). */
  mean: number | null
  counts: Record<RunStatus, number>
}

/** Rounded to 2 decimals, as the table prints it. */
const rounded = (x: number | null): number | null => (x === null ? null : Math.round(x * 100) / 100)

/** Per-case scores and the mean of a case analysis, from its runs (never stored twice). */
export function summarizeAnalysis(store: Store, taskId: string): AnalysisSummary {
  const task = store.tasks.get(taskId)
  if (!task) throw new Error(`no task ${taskId}`)
  // The runs the task is made of now (not those of cases or rounds a resume dropped).
  const { runs, counts } = taskProgress(store, task)
  const counted = new Map<string, number>()
  for (const run of runs) counted.set(run.caseKey, (counted.get(run.caseKey) ?? 0) + 1)
  // No comparison, no policy: a case's score is the mean of its scored runs (failures are missing).
  const means = caseMeans(
    runs.map((r) => ({ ...r, caseId: r.caseKey })),
    'missing',
  )
  const cases = [...means.values()].map(({ caseId, scores }): CaseScore => {
    const all = [...scores.a, ...scores.b]
    return { caseId, runs: counted.get(caseId) ?? 0, scored: all.length, score: rounded(mean(all)) }
  })
  return {
    task,
    batchId: task.evaluationBatchId,
    cases,
    mean: rounded(mean(cases.flatMap((c) => (c.score === null ? [] : [c.score])))),
    counts,
  }
}

/** Runs the config's skill on its dataset (side b only) and judges every run. */
export async function analyzeDataset(
  ctx: AppContext,
  loaded: LoadedTaskConfig,
  opts: { signal: AbortSignal; onPrepared?: (p: PreparedTask) => void },
): Promise<AnalysisSummary & { executed: number; executionFailed: number }> {
  const r = await runTask(ctx, loaded, { ...opts, kind: 'case' })
  return {
    ...summarizeAnalysis(ctx.store, r.task.id),
    executed: r.summary.executed,
    executionFailed: r.summary.failed,
  }
}

/** Imports the sessions of an opencode data dir (copied, never written) and judges those not judged yet. */
export async function analyzeImported(
  ctx: AppContext,
  config: ImportAnalysisConfig,
  opts: {
    signal: AbortSignal
    onImported?: (info: { task: TaskRow; created: boolean; added: number; toJudge: number }) => void
  },
): Promise<AnalysisSummary> {
  const db = locateOpencodeDb(config.traces.dataDir, '--import')
  const traces = await readOpencodeSessions({
    dataDir: db,
    sessions: config.traces.sessions,
    env: ctx.env,
    runRoot: join(ctx.dataDir, 'tmp'),
    field: '--import',
  })
  if (traces.length === 0)
    throw new InputError({
      field: '--import',
      message: `--import: ${db} holds no session`,
      fix: 'point it at the data dir of the opencode whose sessions you want judged',
    })
  const imported = recordImportedTraces(ctx.store, config, db, traces, ctx.instance.id)
  const { task } = imported
  return withTaskClaim(ctx, task, async () => {
    reconcileTask(ctx, task.id)
    const todo = ctx.store.runs.listByTask(task.id).filter(needsEvaluation)
    opts.onImported?.({ ...imported, toJudge: todo.length })
    setStatus(ctx, task.id, 'running')
    const queue = openEvaluation(ctx, task, opts.signal, opencodeConfigPathOf(undefined, ctx.env))
    for (const run of todo) queue.add(run)
    await queue.drain()
    const { finished } = taskProgress(ctx.store, task)
    setStatus(ctx, task.id, opts.signal.aborted ? 'canceled' : finished ? 'done' : 'idle')
    return summarizeAnalysis(ctx.store, task.id)
  }).catch((err: unknown) => {
    // Not when another process holds it (the services' one `busy` error): its status is that process's to set.
    if (!(err instanceof UserError && err.kind === 'busy')) setStatus(ctx, task.id, 'idle')
    throw err
  })
}

function setStatus(ctx: AppContext, taskId: string, status: TaskRow['status']): void {
  ctx.store.tasks.setStatus(taskId, status)
  ctx.events.emit('task.changed', { taskId, status })
}
