// The setup form's plain number inputs (policy, limits): one row of data each instead of one block of JSX.
import type { ReactNode } from 'react'
import { TextField, type Issue } from './fields'
import type { FormState } from './form-model'

type NumberKey = {
  [K in keyof FormState]: FormState[K] extends string ? K : never
}[keyof FormState]

export interface NumberFieldSpec {
  key: NumberKey
  label: string
  /** The config path main reports problems under, e.g. `policy.minLift`. */
  path: string
  step?: string
  hint?: ReactNode
}

export const POLICY_FIELDS: NumberFieldSpec[] = [
  {
    key: 'minLift',
    label: 'Minimum lift (points)',
    path: 'policy.minLift',
    hint: 'Capability passes when b beats a by at least this much, with confidence.',
  },
  {
    key: 'costBudget',
    label: 'Cost budget',
    path: 'policy.costBudget',
    step: '0.05',
    hint: '0.2 = b may cost up to 20% more.',
  },
]

export const POLICY_MORE_FIELDS: NumberFieldSpec[] = [
  { key: 'stabilityTolerance', label: 'Stability tolerance (sd points)', path: 'policy.stabilityTolerance' },
  { key: 'passThreshold', label: 'Pass threshold (score)', path: 'policy.passThreshold' },
  { key: 'alpha', label: 'α (1 − confidence)', path: 'policy.alpha', step: '0.01' },
]

export const POLICY_FAILURE_FIELDS: NumberFieldSpec[] = [
  {
    key: 'failureTolerance',
    label: 'Failure tolerance (share of runs)',
    path: 'policy.failureTolerance',
    step: '0.05',
    hint: '0.1 = b may fail up to 10 percentage points more often than a (timeouts, crashes, agent errors).',
  },
  {
    key: 'minTriggerRate',
    label: 'Minimum skill use (share of b runs)',
    path: 'policy.minTriggerRate',
    step: '0.05',
    hint: '0.5 = warn when b’s agent uses the skill in fewer than half of its runs.',
  },
]

export const LIMIT_FIELDS: NumberFieldSpec[] = [
  { key: 'concurrency', label: 'Agents at once', path: 'agent.concurrency' },
  { key: 'timeoutSec', label: 'Run timeout (s)', path: 'agent.timeoutSec' },
  { key: 'idleTimeoutSec', label: 'No-progress timeout (s)', path: 'agent.idleTimeoutSec' },
  { key: 'judgeConcurrency', label: 'Judges at once', path: 'judge.concurrency' },
  { key: 'judgeRetries', label: 'Judge retries', path: 'judge.retries' },
  {
    key: 'maxCostUsd',
    label: 'Max cost (USD)',
    path: 'budget.maxCostUsd',
    step: '0.5',
    hint: 'Empty: no cap. No run starts once it could pass this (judge included).',
  },
  { key: 'maxRuns', label: 'Max agent runs', path: 'budget.maxRuns', hint: 'Empty: no cap.' },
]

export function NumberFields(props: {
  fields: NumberFieldSpec[]
  form: FormState
  set(patch: Partial<FormState>): void
  at(path: string): Issue[]
}) {
  return (
    <>
      {props.fields.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          type="number"
          step={f.step}
          value={props.form[f.key]}
          onChange={(v) => props.set({ [f.key]: v })}
          issues={props.at(f.path)}
          hint={f.hint}
        />
      ))}
    </>
  )
}
