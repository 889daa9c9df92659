// Stored rows → the shapes the UI is given (src-shared/ipc-views.ts).
import type { CorrectionRow, EvalResultRow, RunRow, Store, TaskRow } from '../db'
import { toRunView } from '../engine/announce'
import { pointwiseEvaluatorsOf } from '../judge/task-evaluators'
import { readStoredConfig } from '../../src-shared/stored-config'
import { DEMO_TASK_PREFIX } from '../../src-shared/demo'
import { expectationVerdictsOf } from '../../src-shared/expectation-verdict'
import { judgesCurrentExecution } from '../../src-shared/run-rules'
import type {
  CorrectionView,
  EvaluationView,
  RunDetail,
  RunView,
  TaskDetail,
} from '../../src-shared/ipc-views'
import type { OpenedTaskSummary } from '../../src-shared/task-summary'
import { toTimeline } from './timeline'

export function runView(run: RunRow): RunView {
  return toRunView(run)
}

export function isDemoTask(task: Pick<TaskRow, 'taskName'>): boolean {
  return task.taskName.startsWith(DEMO_TASK_PREFIX)
}

export function taskDetail(
  task: TaskRow,
  summary: OpenedTaskSummary,
  caseOrder: string[],
  job: Pick<TaskDetail, 'busy' | 'message' | 'startup'>,
): TaskDetail {
  return {
    summary,
    config: readStoredConfig(task.configJson),
    demo: isDemoTask(task),
    caseOrder,
    evaluationBatchId: task.evaluationBatchId,
    ...job,
  }
}

function evaluationViews(
  rows: EvalResultRow[],
  run: RunRow,
  corrections: readonly CorrectionRow[],
): EvaluationView[] {
  const newest = new Map<string, number>()
  for (const r of rows) newest.set(r.evaluatorId, Math.max(newest.get(r.evaluatorId) ?? -1, r.seq))
  const correction = new Map(corrections.map((c) => [c.evaluatorId, c]))
  return [...rows]
    .sort((x, y) => y.seq - x.seq)
    .map((r) => {
      const latest = newest.get(r.evaluatorId) === r.seq
      const current = latest && judgesCurrentExecution(r, run)
      const c = current ? correction.get(r.evaluatorId) : undefined
      return {
        id: r.id,
        evaluatorId: r.evaluatorId,
        evaluatorRunId: r.evaluatorRunId,
        status: r.status,
        score: r.score,
        reason: r.reason,
        error: r.error,
        parseStrategy: r.parseStrategy,
        correction: c ? { score: c.score, note: c.note, by: c.by, at: c.at } : null,
        createdAt: r.createdAt,
        latest,
        expectations: expectationVerdictsOf(r.rawAnalysis),
      }
    })
}

/** A correction as the run view shows it, with the judge's latest score of the same execution beside it. */
function correctionView(c: CorrectionRow, rows: readonly EvalResultRow[]): CorrectionView {
  const judged = rows
    .filter((r) => r.evaluatorId === c.evaluatorId && r.sessionId === c.sessionId && r.status === 'done')
    .at(-1)
  return {
    evaluatorId: c.evaluatorId,
    score: c.score,
    note: c.note,
    by: c.by,
    at: c.at,
    judgeScore: judged?.score ?? null,
  }
}

export function runDetail(store: Store, run: RunRow): RunDetail {
  const task = store.tasks.get(run.taskId)
  const trajectory = store.trajectories.get(run.id)
  const kase = task ? store.datasets.getCase(task.datasetId, run.caseKey) : null
  const results = store.evalResults.listByRun(run.id)
  const corrections = store.corrections.activeFor(run.id, run.sessionId)
  return {
    run: {
      ...runView(run),
      attempt: run.attempt,
      sessionId: run.sessionId,
      startedBy: run.startedBy,
      costUsd: run.costUsd,
      tokens: run.tokens,
      offeredSkills: run.offeredSkills,
      sandbox: run.sandbox && { on: run.sandbox.on, detail: run.sandbox.detail },
      sandboxDenials: run.sandbox?.denials ?? null,
      skillVisible: run.skillVisible,
      skillLoaded: run.skillLoaded,
      workDir: run.workDir,
      startedAt: run.startedAt,
      executedAt: run.executedAt,
      reusedFrom: run.reusedFrom && {
        ...run.reusedFrom,
        taskName: store.tasks.get(run.reusedFrom.taskId)?.taskName ?? null,
      },
    },
    case: kase && {
      prompt: kase.prompt,
      expectedOutput: kase.expectedOutput,
      expectations: kase.expectations,
    },
    history: store.runs.history(run.id).map((h) => ({
      from: h.from,
      to: h.to,
      failureType: h.failureType,
      at: h.at,
    })),
    timeline: toTimeline(trajectory?.events ?? []),
    finalOutput: trajectory?.finalOutput ?? run.finalOutput,
    diff: trajectory?.diff ?? null,
    stderrTail: trajectory?.stderrTail ?? null,
    evaluations: evaluationViews(results, run, corrections),
    evaluatorIds: task ? pointwiseEvaluatorsOf(task).map((e) => e.id) : [],
    corrections: corrections.map((c) => correctionView(c, results)),
    droppedCorrections: store.corrections
      .droppedFor(run.id, run.sessionId)
      .map((c) => correctionView(c, results)),
  }
}
