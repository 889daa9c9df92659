// The setup form's decision policy: the gates' thresholds, how a failed run scores, how often b must use its
// skill before the decision warns, and which judgement decides capability.
import { Field, type Issue } from './fields'
import type { FormState } from './form-model'
import { NumberFields, POLICY_FAILURE_FIELDS, POLICY_FIELDS, POLICY_MORE_FIELDS } from './NumberFields'

function Choice<K extends 'costMetric' | 'failedRunScore' | 'primary'>(props: {
  field: K
  label: string
  form: FormState
  set(patch: Partial<FormState>): void
  at(path: string): Issue[]
  options: [FormState[K], string][]
  hint?: string
}) {
  return (
    <Field label={props.label} issues={props.at(`policy.${props.field}`)} hint={props.hint}>
      {(id, invalid) => (
        <select
          id={id}
          value={props.form[props.field]}
          aria-invalid={invalid}
          data-testid={`policy-${props.field}`}
          onChange={(e) => props.set({ [props.field]: e.target.value } as Partial<FormState>)}
        >
          {props.options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

export function PolicyFieldset(props: {
  form: FormState
  set(patch: Partial<FormState>): void
  at(path: string): Issue[]
}) {
  return (
    <fieldset>
      <legend>Decision policy</legend>
      <div className="grid-3">
        <NumberFields fields={POLICY_FIELDS} {...props} />
        <Choice
          field="costMetric"
          label="Cost measured in"
          {...props}
          options={[
            ['tokens', 'tokens'],
            ['usd', 'dollars'],
            ['time', 'execution time'],
          ]}
        />
        <NumberFields fields={POLICY_MORE_FIELDS} {...props} />
        <Choice
          field="failedRunScore"
          label="A run the agent failed scores"
          {...props}
          options={[
            ['0', '0 (counts against its side)'],
            ['missing', 'nothing (left out as missing)'],
          ]}
          hint="Timeouts, crashes and agent errors. Provider errors and cancels never count against a side."
        />
        <NumberFields fields={POLICY_FAILURE_FIELDS} {...props} />
        <Choice
          field="primary"
          label="Capability decided by"
          {...props}
          options={[
            ['pointwise', 'each run’s judge scores (pointwise)'],
            ['pairwise', 'the pairwise judge (a and b side by side)'],
          ]}
          hint="Pairwise needs the pairwise evaluator; the other judgement is shown beside it."
        />
      </div>
    </fieldset>
  )
}
