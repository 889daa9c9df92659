// What the Triggers screen shows (docs/triggers.md): a trigger task's summary, and its report.
import type { DescriptionComparison, TriggerSummary } from './trigger-eval'

export type TriggerTaskStatus = 'idle' | 'running' | 'done' | 'canceled'
export type ProbeStatusName = 'pending' | 'running' | 'done' | 'failed' | 'canceled'

export interface TriggerReport {
  /** Version b's metrics, and version a's with a description A/B. */
  b: TriggerSummary
  a: TriggerSummary | null
  comparison: DescriptionComparison | null
  /** Probes per status, over the rounds the config asks for. */
  counts: Record<ProbeStatusName, number>
  /**
   * Done probes with no evidence that they were offered exactly the skill and the competing skills (probed
   * before skill-ab recorded it): left out of the metrics, like a probe without a result.
   */
  withoutEvidence: number
  /** Tokens (all kinds) and dollars (null: no price known) the probes of each version spent. */
  spend: Record<'a' | 'b', { probes: number; tokens: number; costUsd: number | null; seconds: number }>
}

export interface TriggerTaskView {
  id: string
  name: string
  status: TriggerTaskStatus
  skillName: string
  /** Labels of the versions: b (under test) and a (compared against), when there is one. */
  labels: { a: string | null; b: string }
  queries: number
  rounds: number
  competing: string[]
  /** A job of this app holds it. */
  busy: boolean
  /** The last problem its job met, else null. */
  message: string | null
  createdAt: string
}

export interface TriggerDetail {
  task: TriggerTaskView
  report: TriggerReport
}
