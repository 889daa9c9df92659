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

/**
 * A field's issues, or else its preview's refusal (e.g. "holds 2 skills (docx, pdf), not one — pick one: …")
 * as one: an error reads as an error beside its field, not as a grey hint.
 */
export function orPreview(issues: Issue[], field: string, error: string | null): Issue[] {
  return issues.length || !error ? issues : [{ field, code: 'invalid', message: error }]
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
              start={startOf(props.value, props.kind) ?? props.start}
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

/** Where a picker opens for a field's path: the folder itself, or a file's folder; none for a relative path. */
export function startOf(value: string, kind: 'folder' | 'file'): string | undefined {
  const path = value.trim()
  if (!/^([/\\]|[A-Za-z]:[/\\])/.test(path)) return undefined
  if (kind === 'folder') return path
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'))
  return cut > 0 ? path.slice(0, cut) : path.slice(0, cut + 1)
}
