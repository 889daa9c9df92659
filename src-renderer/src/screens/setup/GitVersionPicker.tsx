// Picks which version of a skill folder a side runs (README "Skill versions from git"): the working copy,
// or a branch, tag or commit of the git repository holding the folder. Shown only for a folder in git.
import { useCallback } from 'react'
import type { GitVersionChoice, GitVersionList } from '../../../../src-shared/ipc-views'
import { call } from '../../api/api'
import { Field, type Issue } from './fields'
import { usePreview } from './use-preview'

const short = (sha: string) => sha.slice(0, 7)

/** The text of one version's option: `branch main — abc1234 Subject`, `abc1234 Subject (2026-01-31)`. */
function versionText(v: GitVersionChoice): string {
  if (v.kind === 'commit') return `${short(v.sha)} ${v.subject} (${v.date.slice(0, 10)})`
  return `${v.kind} ${v.ref} — ${short(v.sha)} ${v.subject}`
}

const GROUPS = [
  ['branch', 'Branches'],
  ['tag', 'Tags'],
  ['commit', 'Commits that changed the folder'],
] as const

export function GitVersionPicker(props: {
  label: string
  /** The skill folder as typed in the form. */
  folder: string
  /** '' = the working copy; else the ref `git.ref` gets. */
  value: string
  onChange(ref: string): void
  issues?: Issue[]
  testId?: string
}) {
  const load = useCallback((path: string) => call('inputs.gitVersions', { path }), [])
  const { value: list } = usePreview<GitVersionList>(props.folder, load)
  if (!list?.repo) return null
  const listed = list.versions.some((v) => v.ref === props.value)
  return (
    <Field
      label={props.label}
      issues={props.issues}
      hint={`In the git repository ${list.repo}: a commit is read from git, never from the working copy.`}
    >
      {(id, invalid) => (
        <select
          id={id}
          aria-invalid={invalid}
          data-testid={props.testId}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="">working copy{list.workingCopyChanged ? ' (with uncommitted changes)' : ''}</option>
          {props.value && !listed && <option value={props.value}>{props.value}</option>}
          {GROUPS.map(([kind, title]) => {
            const versions = list.versions.filter((v) => v.kind === kind)
            return versions.length ? (
              <optgroup key={kind} label={title}>
                {versions.map((v) => (
                  <option key={`${kind}:${v.ref}`} value={v.ref}>
                    {versionText(v)}
                  </option>
                ))}
              </optgroup>
            ) : null
          })}
        </select>
      )}
    </Field>
  )
}
