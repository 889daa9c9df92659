// Form building blocks: a labelled field showing its issues inline, and a path field with a picker.
import { useId, useState, type ReactNode } from 'react'
import { FilePicker } from '../../components/FilePicker'
import type { FieldIssue } from '../../../../src-shared/user-error'

/** A config problem as main reports it: its field, its code (what the form switches on) and its text. */
export type Issue = FieldIssue

/** An issue under its own field needs no field name in front (`agent.model: …` → `…`). */
export function shownMessage(i: Issue): string {
  const text =
    i.field && i.message.startsWith(`${i.field}: `) ? i.message.slice(i.field.length + 2) : i.message
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${i.fix ? ` — ${i.fix}` : ''}`
}

export function Field(props: {
  label: string
  issues?: Issue[]
  hint?: ReactNode
  children: (id: string, invalid: boolean) => ReactNode
}) {
  const id = useId()
  const issues = props.issues ?? []
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children(id, issues.length > 0)}
      {issues.map((i) => (
        <span key={i.message} className="issue" role="alert">
          {shownMessage(i)}
        </span>
      ))}
      {props.hint && <span className="hint">{props.hint}</span>}
    </div>
  )
}

export function TextField(props: {
  label: string
  value: string
  onChange(v: string): void
  issues?: Issue[]
  hint?: ReactNode
  placeholder?: string
  type?: 'text' | 'number'
  step?: string
  testId?: string
}) {
  return (
    <Field label={props.label} issues={props.issues} hint={props.hint}>
      {(id, invalid) => (
        <input
          id={id}
          type={props.type ?? 'text'}
          step={props.step}
          value={props.value}
          placeholder={props.placeholder}
          aria-invalid={invalid}
          data-testid={props.testId}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  )
}

export function PathField(props: {
  label: string
  kind: 'folder' | 'file'
  value: string
  onChange(v: string): void
  issues?: Issue[]
  hint?: ReactNode
  placeholder?: string
  start?: string
  testId?: string
}) {
  const [picking, setPicking] = useState(false)
  return (
    <Field label={props.label} issues={props.issues} hint={props.hint}>
      {(id, invalid) => (
        <div className="row">
          <input
            id={id}
            className="grow mono"
            value={props.value}
            placeholder={props.placeholder}
            aria-invalid={invalid}
            data-testid={props.testId}
            onChange={(e) => props.onChange(e.target.value)}
          />
          <button type="button" onClick={() => setPicking(true)}>
            Browse…
          </button>
          {picking && (
            <FilePicker
              kind={props.kind}
              title={`Choose the ${props.label.toLowerCase()}`}
              start={props.value ? undefined : props.start}
              onClose={() => setPicking(false)}
              onPick={(p) => {
                props.onChange(p)
                setPicking(false)
              }}
            />
          )}
        </div>
      )}
    </Field>
  )
}
