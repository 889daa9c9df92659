// Resume rules (binding): what may change when a config resumes an existing task, and what not. Execution
// settings (driver, timeouts, concurrency, the budget: docs/decision.md "Budget") are not in the fingerprint:
// they may change on every resume.
import type { TaskConfig } from '../../../src-shared/task-config'
import { judgeModelOf } from '../../../src-shared/task-config'

/** What identifies the work already paid for: contents, models and evaluators. */
export interface TaskFingerprint {
  skillHash: string
  baselineHash: string | null
  agentModel: string
  judgeModel: string
  evaluators: TaskConfig['evaluators']
  /** caseId → content hash, for cases that already have runs. */
  caseHashes: Record<string, string>
  /** The adaptive-rounds design (null: fixed rounds): its looks spend α under these bounds. */
  adaptiveRounds: TaskConfig['adaptiveRounds'] | null
}

export function fingerprintOf(
  config: TaskConfig,
  skillHash: string,
  baselineHash: string | null,
  caseHashes: Record<string, string>,
): TaskFingerprint {
  return {
    skillHash,
    baselineHash,
    agentModel: config.agent.model,
    judgeModel: judgeModelOf(config),
    evaluators: config.evaluators,
    caseHashes,
    adaptiveRounds: config.adaptiveRounds ?? null,
  }
}

/**
 * Differences that forbid resuming, one human sentence each (empty = resumable). Cases only present on
 * one side are fine: added cases are appended, removed ones are simply not run.
 */
export function resumeConflicts(stored: TaskFingerprint, next: TaskFingerprint): string[] {
  const out: string[] = []
  if (stored.skillHash !== next.skillHash)
    out.push(
      `skill.path: the skill's contents changed (${short(stored.skillHash)} → ${short(next.skillHash)})`,
    )
  if (stored.baselineHash !== next.baselineHash)
    out.push(`baseline: the baseline changed (${short(stored.baselineHash)} → ${short(next.baselineHash)})`)
  if (stored.agentModel !== next.agentModel)
    out.push(`agent.model: "${stored.agentModel}" → "${next.agentModel}"`)
  if (stored.judgeModel !== next.judgeModel)
    out.push(`judge.model: "${stored.judgeModel}" → "${next.judgeModel}"`)
  if (canonical(stored.evaluators) !== canonical(next.evaluators))
    out.push('evaluators: the list or a weight changed')
  if (canonical(stored.adaptiveRounds) !== canonical(next.adaptiveRounds))
    out.push(
      `adaptiveRounds: ${rounds(stored.adaptiveRounds)} → ${rounds(next.adaptiveRounds)} (the plan's looks were ` +
        'taken under the first: a new design needs a new task)',
    )
  const edited = Object.keys(next.caseHashes).filter(
    (id) => stored.caseHashes[id] !== undefined && stored.caseHashes[id] !== next.caseHashes[id],
  )
  if (edited.length)
    out.push(`dataset: case ${edited.map((id) => `"${id}"`).join(', ')} was edited under the same id`)
  return out
}

function rounds(r: TaskFingerprint['adaptiveRounds']): string {
  return r ? `min ${r.min}, max ${r.max}` : 'fixed repeatRounds'
}

function short(hash: string | null): string {
  return hash === null ? 'none' : hash.replace(/^sha256:/, '').slice(0, 8)
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  )
}
