// The setup form's first part: the skill under test (folder, label) and what side a runs with.
import type { SkillPreview } from '../../../../src-shared/ipc-views'
import { orPreview, PathField, TextField, type Issue } from './fields'
import { GitVersionPicker } from './GitVersionPicker'
import type { FormState } from './form-model'

/** Issues on the object itself (e.g. neither "path" nor "git"), not on one of its fields. */
const only = (issues: Issue[]) => issues.filter((i) => !i.field.includes('.'))

export function CompareFieldset(props: {
  form: FormState
  set: (patch: Partial<FormState>) => void
  at: (path: string) => Issue[]
  skill: { value: SkillPreview | null; error: string | null }
  start: string | undefined
}) {
  const { form, set, at, skill, start } = props
  return (
    <fieldset>
      <legend>What to compare</legend>
      <div className="stack">
        <TextField
          label="Task name"
          value={form.name}
          onChange={(v) => set({ name: v })}
          issues={at('name')}
          placeholder="e.g. pirate v2 vs none"
          testId="task-name"
          hint="With the skill's name and label it identifies the task: the same three resume it."
        />
        <div className="grid-2">
          <PathField
            label="Skill folder"
            kind="folder"
            value={form.skillPath}
            onChange={(v) => set({ skillPath: v, skillRef: '' })}
            issues={[
              ...orPreview(at('skill.path'), 'skill.path', skill.error),
              ...at('skill.git.repo'),
              ...at('skill.git.path'),
              ...only(at('skill')),
            ]}
            start={start}
            testId="skill-path"
            hint={skill.value ? `${skill.value.name}: ${skill.value.description}` : 'A folder with SKILL.md'}
          />
          <TextField
            label="Version label (side b)"
            value={form.skillLabel}
            onChange={(v) => set({ skillLabel: v })}
            issues={at('skill.label')}
            placeholder={skill.value && !form.skillRef ? skill.value.contentHash.slice(7, 15) : 'v2'}
            hint={
              form.skillRef
                ? "Empty: the commit's short sha."
                : 'Empty: the first 8 hex digits of the content hash.'
            }
          />
        </div>
        <GitVersionPicker
          label="Version (side b)"
          folder={form.skillPath}
          value={form.skillRef}
          onChange={(ref) => set({ skillRef: ref })}
          issues={[...at('skill.git.ref'), ...at('skill.git.commit')]}
          testId="skill-version"
        />
        <div className="field">
          <span className="label">Baseline (side a)</span>
          <div className="row">
            <label className="row">
              <input
                type="radio"
                name="baseline"
                checked={form.baselineKind === 'none'}
                onChange={() => set({ baselineKind: 'none' })}
              />{' '}
              No skill
            </label>
            <label className="row">
              <input
                type="radio"
                name="baseline"
                checked={form.baselineKind === 'skill'}
                onChange={() => set({ baselineKind: 'skill' })}
              />{' '}
              Another version of the skill
            </label>
          </div>
        </div>
        {form.baselineKind === 'skill' && (
          <div className="grid-2">
            <PathField
              label="Baseline skill folder"
              kind="folder"
              value={form.baselinePath}
              onChange={(v) => set({ baselinePath: v, baselineRef: '' })}
              issues={[...at('baseline.path'), ...at('baseline.git.repo'), ...at('baseline.git.path')]}
              start={start}
              testId="baseline-path"
            />
            <TextField
              label="Baseline label"
              value={form.baselineLabel}
              onChange={(v) => set({ baselineLabel: v })}
              issues={at('baseline.label')}
              placeholder="v1"
            />
          </div>
        )}
        {form.baselineKind === 'skill' && (
          <GitVersionPicker
            label="Version (side a)"
            folder={form.baselinePath}
            value={form.baselineRef}
            onChange={(ref) => set({ baselineRef: ref })}
            issues={[...at('baseline.git.ref'), ...at('baseline.git.commit')]}
            testId="baseline-version"
          />
        )}
        <label className="row">
          <input
            type="checkbox"
            checked={form.reuseBaseline}
            onChange={(e) => set({ reuseBaseline: e.target.checked })}
          />{' '}
          <span>
            Reuse baseline runs of earlier tasks{' '}
            <span className="muted small">
              (same baseline, cases, agent model, opencode, provider config, driver and timeouts: side a runs
              only what is missing)
            </span>
          </span>
        </label>
      </div>
    </fieldset>
  )
}
