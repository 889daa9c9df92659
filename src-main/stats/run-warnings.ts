// The decision's warnings about runs (docs/decision.md "Warnings"): runs without evidence of their skills,
// runs outside the OS sandbox, what the sandbox blocked, and runs the tamper screen failed. Each names how many
// runs of each side, and what to do.
import type { DecisionWarning } from '../../src-shared/decision'
import type { ExperimentRun } from './types'
import { plural } from '../../src-shared/plural'

/** Every run warning of the decision, for the runs of its first `rounds` rounds. */
export function runWarnings(runs: readonly ExperimentRun[], rounds: number): DecisionWarning[] {
  const counted = runs.filter((r) => r.round <= rounds)
  return [
    ...evidenceWarnings(counted),
    ...sandboxWarnings(counted),
    ...denialWarnings(counted),
    ...tamperingWarnings(counted),
  ]
}

/** `no-sandbox`: runs whose agent ran with the user's rights, per side, and why (the first reason said). */
function sandboxWarnings(runs: readonly ExperimentRun[]): DecisionWarning[] {
  const off = runs.filter((r) => r.unsandboxed !== undefined)
  if (!off.length) return []
  const why = [...new Set(off.map((r) => r.unsandboxed))].join('; ')
  return [
    {
      code: NO_SANDBOX,
      message: `${plural(off.length, 'run')} (${perSide(off)}) ran without the OS sandbox (${why}): their agents had your rights — they could read the answer key and your files and reach any host, so a skill could reach its score by other means than helping`,
    },
  ]
}

/** `sandbox-denials`: how much each side's agents tried to reach what the sandbox hides (a skill that keeps trying). */
function denialWarnings(runs: readonly ExperimentRun[]): DecisionWarning[] {
  const blocked = runs.filter((r) => (r.sandboxDenials ?? 0) > 0)
  if (!blocked.length) return []
  const sides = (['a', 'b'] as const)
    .map((side) => {
      const of = blocked.filter((r) => r.side === side)
      const n = of.reduce((sum, r) => sum + (r.sandboxDenials ?? 0), 0)
      return n ? `side ${side}: ${plural(n, 'denial')} in ${plural(of.length, 'run')}` : null
    })
    .filter(Boolean)
    .join('; ')
  return [
    {
      code: SANDBOX_DENIALS,
      message: `the sandbox blocked agents reaching for what it hides (${sides}): each run's sandboxDenials say what and where; a skill whose agent keeps trying to leave its work dir deserves a look`,
    },
  ]
}

const SANDBOX_DENIALS = 'sandbox-denials'

/** `3 on side a, 1 on side b`: how many of `runs` each side has. */
function perSide(runs: readonly ExperimentRun[]): string {
  return (['a', 'b'] as const)
    .map((side) => [side, runs.filter((r) => r.side === side).length] as const)
    .filter(([, n]) => n > 0)
    .map(([side, n]) => `${n} on side ${side}`)
    .join(', ')
}

const NO_SANDBOX = 'no-sandbox'

/**
 * Runs whose session ran without evidence that it was offered exactly its side's skills: never counted (they
 * are missing), and said here so a reader knows why (docs/decision.md "Runs without evidence").
 */
function evidenceWarnings(runs: readonly ExperimentRun[]): DecisionWarning[] {
  const missing = runs.filter((r) => r.withoutEvidence)
  if (!missing.length) return []
  const bySide = perSide(missing)
  return [
    {
      code: 'runs-without-evidence',
      message: `${plural(missing.length, 'run')} (${bySide}) ran with no evidence that each was offered exactly its side's skill (run before skill-ab recorded it): not counted; re-run them (--rerun all, or Re-run) to count them`,
    },
  ]
}

/**
 * `judge-tampering`: runs whose material for the judge addresses the grader or asks for a score (the tamper
 * screen, docs/decision.md "Judge tampering"): failed, scored 0 and counted as their side's failures.
 */
function tamperingWarnings(runs: readonly ExperimentRun[]): DecisionWarning[] {
  const flagged = runs.filter((r) => r.failureType === 'judge_tampering')
  if (!flagged.length) return []
  return [
    {
      code: 'judge-tampering',
      message: `${plural(flagged.length, 'run')} (${perSide(flagged)}) left text for the grader in what the judge reads (a note to the judge, a request for a score): failed as their side's defect, never shown to the judge; each run's failure message quotes it — a person can clear a false flag (a correction of "judge-tampering"), and the run is judged again`,
    },
  ]
}
