// Stored rows → the shapes the UI is given (src-shared/ipc-views.ts).
import type { EvalResultRow, RunRow, Store, TaskRow } from '../db'
import { toRunChange } from '../engine/announce'
import { pointwiseEvaluators, resolveEvaluators } from '../judge/evaluators'
import { taskConfigOf } from '../services/evaluation-setup'
import { DEMO_TASK_PREFIX } from '../../src-shared/demo'
import type { EvaluationView, RunDetail, RunView, TaskDetail } from '../../src-shared/ipc-views'
import type { TaskSummary } from '../../src-shared/task-summary'
import { toRunView } from './live-patches'
import { toTimeline } from './timeline'

export function runView(run: RunRow): RunView {
  return toRunView(toRunChange(run))
}

export function isDemoTask(task: Pick<TaskRow, 'taskName'>): boolean {
  return task.taskName.startsWith(DEMO_TASK_PREFIX)
}

export function taskDetail(
  store: Store,
  task: TaskRow,
  summary: TaskSummary,
  job: { busy: boolean; message: string | null },
): TaskDetail {
  return {
    summary,
    config: taskConfigOf(task),
    demo: isDemoTask(task),
    caseOrder: store.datasets.getCases(task.datasetId).map((c) => c.caseKey),
    evaluationBatchId: task.evaluationBatchId,
    ...job,
  }
}

function evaluationViews(rows: EvalResultRow[]): EvaluationView[] {
  const newest = new Map<string, number>()
  for (const r of rows) newest.set(r.evaluatorId, Math.max(newest.get(r.evaluatorId) ?? -1, r.seq))
  return [...rows]
    .sort((x, y) => y.seq - x.seq)
    .map((r) => ({
      id: r.id,
      evaluatorId: r.evaluatorId,
      evaluatorRunId: r.evaluatorRunId,
      status: r.status,
      score: r.score,
      reason: r.reason,
      error: r.error,
      parseStrategy: r.parseStrategy,
      correction: r.correction,
      createdAt: r.createdAt,
      latest: newest.get(r.evaluatorId) === r.seq,
    }))
}

export function runDetail(store: Store, run: RunRow): RunDetail {
  const task = store.tasks.get(run.taskId)
  const trajectory = store.trajectories.get(run.id)
  const kase = task ? store.datasets.getCase(task.datasetId, run.caseKey) : null
  return {
    run: {
      ...runView(run),
      attempt: run.attempt,
      sessionId: run.sessionId,
      startedBy: run.startedBy,
      costUsd: run.costUsd,
      tokens: run.tokens,
      skillVisible: run.skillVisible,
      skillLoaded: run.skillLoaded,
      workDir: run.workDir,
      startedAt: run.startedAt,
      executedAt: run.executedAt,
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
    evaluations: evaluationViews(store.evalResults.listByRun(run.id)),
    evaluatorIds: task
      ? pointwiseEvaluators(resolveEvaluators(taskConfigOf(task).evaluators)).map((e) => e.id)
      : [],
  }
}
