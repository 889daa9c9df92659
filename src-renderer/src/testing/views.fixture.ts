// Test-only: task summaries, details and runs as main would send them.
import type { RunView, TaskDetail } from '../../../src-shared/ipc-views'
import { NO_SAVINGS } from '../../../src-shared/reuse'
import type { RunStatus } from '../../../src-shared/run-state'
import { taskConfigSchema } from '../../../src-shared/task-config'
import type { TaskSummary } from '../../../src-shared/task-summary'

const ZERO: Record<RunStatus, number> = {
  pending: 0,
  running: 0,
  executed: 0,
  evaluating: 0,
  scored: 0,
  failed: 0,
  canceled: 0,
}

export function summary(id: string, name = id, extra: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id,
    name,
    skillName: 'pirate-speak',
    skillVersion: 'v2',
    status: 'idle',
    verdict: 'inconclusive',
    runs: { ...ZERO, pending: 4 },
    failedEvaluations: 0,
    tampered: 0,
    reused: NO_SAVINGS,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...extra,
  }
}

export function run(
  taskId: string,
  caseId: string,
  side: 'a' | 'b',
  round: number,
  extra: Partial<RunView> = {},
): RunView {
  return {
    id: `${taskId}-${caseId}-${side}${round}`,
    taskId,
    caseId,
    round,
    side,
    status: 'pending',
    failureType: null,
    failureMessage: null,
    durationMs: null,
    totalTokens: null,
    score: null,
    skillLoaded: null,
    withoutEvidence: false,
    ...extra,
  }
}

export function detail(s: TaskSummary, caseOrder = ['c1', 'c2']): TaskDetail {
  return {
    summary: s,
    config: taskConfigSchema.parse({
      name: s.name,
      skill: { path: '/skills/pirate-speak', label: 'v2' },
      dataset: { path: '/data/cases.jsonl' },
      repeatRounds: 1,
      agent: { model: 'scripted/agent' },
    }),
    demo: false,
    caseOrder,
    evaluationBatchId: null,
    startup: null,
    busy: false,
    message: null,
  }
}
