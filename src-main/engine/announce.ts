// Turns a stored run row into the view every front door shows, announced as `run.changed` (only after the
// row was written).
import type { RunRow } from '../db'
import type { EngineEvents, RunChange } from './events'
import { ranASession } from '../../src-shared/offered-skills'
import { totalTokens } from '../../src-shared/run-rules'

export function toRunView(run: RunRow): RunChange {
  return {
    id: run.id,
    taskId: run.taskId,
    caseId: run.caseKey,
    round: run.round,
    side: run.side,
    status: run.status,
    failureType: run.failureType,
    failureMessage: run.failureMessage,
    durationMs:
      run.startedAt && run.executedAt ? Date.parse(run.executedAt) - Date.parse(run.startedAt) : null,
    totalTokens: run.executedAt ? totalTokens(run.tokens) : null,
    score: run.score,
    skillLoaded: run.skillLoaded,
    // A stored run's evidence is exact whenever it is there: a run offered anything else never ran a session.
    withoutEvidence: ranASession(run) && run.offeredSkills === null,
  }
}

export function announceRun(events: EngineEvents, run: RunRow): void {
  events.emit('run.changed', toRunView(run))
}
