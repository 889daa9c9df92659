// The evidence of a run (docs/opencode.md "Evidence per run"): the skills its opencode offered, read just before
// its session from the very instance (or env) that ran it, and the one rule the decision, the export and every
// view apply to it.
import { hasExecuted } from './run-rules'
import { isAttributableFailure, type FailureType, type RunStatus, type Side } from './run-state'

/** One skill opencode offered (built-ins such as `customize-opencode` are left out). */
export interface OfferedSkill {
  name: string
  /** Its SKILL.md. */
  location: string
}

/** exact: its side's skill and nothing else (or nothing, on a side without one); wrong; none: no evidence. */
export type Evidence = 'exact' | 'wrong' | 'none'

export interface EvidenceFacts {
  side: Side
  status: RunStatus
  failureType: FailureType | null
  /** null: no evidence. Absent (an export written before it was recorded): no evidence. */
  offeredSkills?: readonly OfferedSkill[] | null
  /** The side's own skill was among them (the driver's reading of the same evidence). */
  skillVisible: boolean | null
}

/**
 * What a run's evidence says: side b (and side a with a baseline skill) was offered its own skill
 * (`skillVisible`), side a without a skill not the skill under test. The driver checked the rest before the
 * session (the snapshot's location, nothing else but skills the case ships in its own work dir).
 */
export function evidenceOf(run: EvidenceFacts, baselineHasSkill: boolean): Evidence {
  if (run.offeredSkills === null || run.offeredSkills === undefined) return 'none'
  const hasSkill = run.side === 'b' || baselineHasSkill
  return run.skillVisible === hasSkill ? 'exact' : 'wrong'
}

/** The run's session ran (it has a trajectory to judge, or it failed in a way its side answers for). */
export function ranASession(run: Pick<EvidenceFacts, 'status' | 'failureType'>): boolean {
  return hasExecuted(run) || (run.status === 'failed' && isAttributableFailure(run.failureType))
}

/**
 * A run the decision may not count: its session ran, but nothing shows it was offered exactly its side's
 * skills (no evidence, or evidence of something else). Runs that never ran a session need none.
 */
export function lacksEvidence(run: EvidenceFacts, baselineHasSkill: boolean): boolean {
  return ranASession(run) && evidenceOf(run, baselineHasSkill) !== 'exact'
}

/**
 * Whether an export's runs carry evidence at all: one written before skill-ab recorded it has the key on no
 * run (its decision counted them all, and a view of it shows what that decision counted).
 */
export function recordsEvidence(runs: readonly { offeredSkills?: unknown }[]): boolean {
  return runs.some((r) => r.offeredSkills !== undefined)
}
