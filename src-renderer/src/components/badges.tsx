// Status and verdict badges. A failed run says which part failed: the execution (re-run it) or the
// evaluation (re-evaluate it; the execution is kept) — docs/run-states.md.
import type { Verdict } from '../../../src-shared/decision'
import { FAILURE_MEANING, failureLabel } from '../../../src-shared/failure-label'
import type { RunView } from '../../../src-shared/ipc-views'
import { isTerminal, RUN_STATUSES, type RunStatus } from '../../../src-shared/run-state'
import { executesOnResume } from '../../../src-shared/run-mode'

export type RunKind =
  | 'pending'
  | 'running'
  | 'executed'
  | 'evaluating'
  | 'scored'
  | 'exec-failed'
  | 'eval-failed'
  | 'tampered'
  | 'canceled'

export function runKind(run: Pick<RunView, 'status' | 'failureType'>): RunKind {
  if (run.status === 'failed')
    return run.failureType === null
      ? 'eval-failed'
      : run.failureType === 'judge_tampering'
        ? 'tampered'
        : 'exec-failed'
  if (run.status === 'canceled') return 'canceled'
  return run.status
}

export const KIND_LABEL: Record<RunKind, string> = {
  pending: 'pending',
  running: 'running',
  executed: 'executed',
  evaluating: 'evaluating',
  scored: 'scored',
  'exec-failed': 'run failed',
  'eval-failed': 'eval failed',
  tampered: 'judge tampering',
  canceled: 'canceled',
}

export function runTitle(run: Pick<RunView, 'status' | 'failureType' | 'failureMessage'>): string {
  const kind = runKind(run)
  if (kind === 'exec-failed' && run.failureType) {
    // A failure Continue executes again says so in its meaning; the others are re-run by hand.
    const rerun = executesOnResume(run) ? '' : '; re-run it'
    return `Execution failed (${failureLabel(run.failureType)}): ${run.failureMessage ?? 'no message'} — ${FAILURE_MEANING[run.failureType]}${rerun}`
  }
  if (kind === 'tampered')
    return `Judge tampering: ${run.failureMessage ?? 'no message'} — ${FAILURE_MEANING.judge_tampering}`
  if (kind === 'eval-failed')
    return `Evaluation failed${run.failureMessage ? `: ${run.failureMessage}` : ''} — the execution is kept; re-evaluate it`
  return KIND_LABEL[kind]
}

/** `compact` (a table cell): a failed execution is named by its failure alone; the title says the rest. */
export function RunBadge(props: {
  run: Pick<RunView, 'status' | 'failureType' | 'failureMessage'>
  compact?: boolean
}) {
  const { run } = props
  const kind = runKind(run)
  const label =
    kind === 'exec-failed' && run.failureType
      ? `${props.compact ? '' : 'run failed: '}${failureLabel(run.failureType)}`
      : kind === 'tampered' && props.compact
        ? 'tampering'
        : KIND_LABEL[kind]
  return (
    <span className={`badge ${kind}`} title={runTitle(run)} data-status={run.status}>
      {label}
    </span>
  )
}

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return <span className={`badge ${verdict}`}>{verdict}</span>
}

/** A task's verdict once a run has finished; before, no verdict (not "inconclusive" from the first second). */
export function TaskVerdictBadge({ verdict, runs }: { verdict: Verdict; runs: Record<RunStatus, number> }) {
  const finished = RUN_STATUSES.some((s) => isTerminal(s) && runs[s] > 0)
  if (!finished)
    return (
      <span className="badge" title="No run has finished yet" data-verdict-pending>
        no verdict yet
      </span>
    )
  return <VerdictBadge verdict={verdict} />
}

export function DemoBadge() {
  return (
    <span className="badge demo" title="The bundled demo: answers come from a scripted model, not a real LLM">
      demo
    </span>
  )
}
