// Task setup: every task config field as a form control — no JSON typed by hand. Each change is checked
// by main (schema, paths, templates) and the problems show under their fields.
import { useEffect, useMemo, useState } from 'react'
import type { AppInfo, DatasetPreview, SkillPreview } from '../../../../src-shared/ipc-views'
import { call, errorText } from '../../api/api'
import { attempt } from '../../stores/notices-store'
import { useRoute } from '../../stores/route-store'
import { useSetupDraft } from '../../stores/setup-draft-store'
import { CasePicker } from './CasePicker'
import { CompareFieldset } from './CompareFieldset'
import { EvaluatorsField } from './EvaluatorsField'
import { LIMIT_FIELDS, NumberFields } from './NumberFields'
import { PolicyFieldset } from './PolicyFieldset'
import { PathField, TextField, type Issue } from './fields'
import { usePreview, VALIDATE_DELAY_MS } from './use-preview'
import { EstimateNote } from './EstimateNote'
import { emptyForm, fromConfig, issuesAt, toConfig, type FormState } from './form-model'
import { plural } from '../../../../src-shared/plural'

const loadSkill = (path: string) => call('inputs.skill', { path })

export function TaskSetupScreen() {
  const navigate = useRoute((s) => s.navigate)
  const [info, setInfo] = useState<AppInfo | null>(null)
  const [form, setForm] = useState<FormState>(() => {
    const prefill = useSetupDraft.getState().prefill
    useSetupDraft.getState().setPrefill(null)
    return prefill ? fromConfig(prefill) : emptyForm()
  })
  const [issues, setIssues] = useState<Issue[]>([])
  const [warnings, setWarnings] = useState<string[]>([])
  const [checking, setChecking] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  /** Missing required fields are only pointed out once the user tries to create the task. */
  const [showMissing, setShowMissing] = useState(false)
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }))
  const config = useMemo(() => toConfig(form), [form])

  useEffect(() => {
    void call('app.info', {}).then(setInfo)
    void call('settings.get', {}).then((s) =>
      setForm((f) =>
        f.agentModel || f.skillPath
          ? f
          : {
              ...f,
              agentModel: s.defaultAgentModel ?? '',
              judgeModel: s.defaultJudgeModel ?? '',
              opencodeConfig: s.providerConfig ?? '',
              concurrency: String(s.concurrency),
              judgeConcurrency: String(s.judgeConcurrency),
            },
      ),
    )
  }, [])
  useEffect(() => {
    setChecking(true)
    // Only the latest config's answer counts: asking opencode about a model takes a second or two, and an
    // earlier config's answer may come after a later one's.
    let live = true
    const t = setTimeout(() => {
      call('tasks.validate', { config })
        .then((r) => {
          if (!live) return
          setIssues(r.issues)
          setWarnings(r.warnings)
        })
        .catch((err: unknown) => live && setIssues([{ field: '', code: 'invalid', message: errorText(err) }]))
        .finally(() => live && setChecking(false))
    }, VALIDATE_DELAY_MS)
    return () => {
      live = false
      clearTimeout(t)
    }
  }, [config])

  const skill = usePreview<SkillPreview>(form.skillPath, loadSkill)
  const loadDataset = useMemo(
    () => (path: string) =>
      call('inputs.dataset', {
        path,
        ...(form.skillPath.trim() ? { skillPath: form.skillPath.trim() } : {}),
      }),
    [form.skillPath],
  )
  const dataset = usePreview<DatasetPreview>(form.datasetPath, loadDataset)
  // A missing value is shown once the user tries to create the task, not while the form is being filled in.
  const missing = (i: Issue) => i.code === 'required'
  const at = (path: string) => issuesAt(issues, path).filter((i) => showMissing || !missing(i))
  const start = info?.homeDir

  const submit = async () => {
    setSubmitting(true)
    const res = await attempt('Create the task', () => call('tasks.create', { config }))
    setSubmitting(false)
    if (res) navigate({ taskId: res.taskId })
  }
  const loadExample = async () => {
    const res = await attempt('Load the example', () => call('examples.create', { demo: false }))
    if (res)
      setForm((f) =>
        fromConfig(res.config, {
          ...emptyForm(),
          agentModel: f.agentModel,
          judgeModel: f.judgeModel,
          opencodeConfig: f.opencodeConfig,
        }),
      )
  }
  const unknownIssues = issues.filter((i) => !i.field)

  return (
    <div className="page stack">
      <div className="row">
        <h1 className="grow">New A/B task</h1>
        <button type="button" onClick={() => void loadExample()}>
          Fill in the bundled example
        </button>
      </div>
      <p className="muted" style={{ marginTop: 4 }}>
        Side <b className="side-a">a</b> runs without the skill (or with the baseline version), side{' '}
        <b className="side-b">b</b> with it; every case runs on both sides for each round, and a judge scores
        every run.
      </p>
      <form
        className="stack"
        aria-label="Task setup"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          setShowMissing(true)
          if (!issues.length && !checking) void submit()
          else
            requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        }}
      >
        <CompareFieldset form={form} set={set} at={at} skill={skill} start={start} />

        <fieldset>
          <legend>Cases</legend>
          <div className="stack">
            <div className="grid-2">
              <PathField
                label="Dataset file"
                kind="file"
                value={form.datasetPath}
                onChange={(v) => set({ datasetPath: v, cases: null })}
                issues={at('dataset.path')}
                start={start}
                testId="dataset-path"
                hint={dataset.error ?? 'JSON Lines, a JSON array of cases, or a skill-creator evals.json'}
              />
              <TextField
                label="Rounds per case and side"
                type="number"
                value={form.repeatRounds}
                onChange={(v) => set({ repeatRounds: v })}
                issues={at('repeatRounds')}
                hint="1–20; rounds are averaged within a case."
              />
              <TextField
                label="Adaptive rounds: min"
                type="number"
                value={form.adaptiveMin}
                onChange={(v) => set({ adaptiveMin: v })}
                issues={at('adaptiveRounds.min')}
                hint="Empty: fixed rounds. Every case starts here."
              />
              <TextField
                label="Adaptive rounds: max"
                type="number"
                value={form.adaptiveMax}
                onChange={(v) => set({ adaptiveMax: v })}
                issues={at('adaptiveRounds.max')}
                hint="More rounds only for cases still uncertain, up to this (in place of the fixed rounds)."
              />
            </div>
            {at('cases').map((i) => (
              <span key={i.message} className="issue">
                {i.message}
              </span>
            ))}
            {dataset.value && (
              <CasePicker preview={dataset.value} cases={form.cases} onChange={(cases) => set({ cases })} />
            )}
          </div>
        </fieldset>

        <fieldset>
          <legend>Models</legend>
          <div className="grid-3">
            <TextField
              label="Agent model"
              value={form.agentModel}
              onChange={(v) => set({ agentModel: v })}
              issues={at('agent.model')}
              placeholder="provider/model"
              testId="agent-model"
            />
            <TextField
              label="Judge model"
              value={form.judgeModel}
              onChange={(v) => set({ judgeModel: v })}
              issues={at('judge.model')}
              placeholder="empty: the agent's model"
              testId="judge-model"
              hint="Another model family judges more fairly."
            />
            <PathField
              label="Provider config (opencode.json)"
              kind="file"
              value={form.opencodeConfig}
              onChange={(v) => set({ opencodeConfig: v })}
              issues={[...at('agent.opencodeConfig'), ...at('OPENCODE_CONFIG')]}
              start={start}
              hint={
                info?.providerConfig
                  ? `empty: ${info.providerConfig}`
                  : 'empty: your opencode setup and environment credentials'
              }
            />
          </div>
        </fieldset>

        <fieldset>
          <legend>Evaluators</legend>
          <EvaluatorsField
            form={form}
            issues={issues.filter((i) => showMissing || !missing(i))}
            set={(evaluators) => set({ evaluators })}
          />
        </fieldset>

        <PolicyFieldset form={form} set={set} at={at} />

        <details>
          <summary>Limits: concurrency and timeouts</summary>
          <div className="grid-3" style={{ marginTop: 10 }}>
            <label className="field">
              <span className="label">How opencode runs</span>
              <select
                value={form.driver}
                data-testid="driver"
                onChange={(e) => set({ driver: e.target.value as FormState['driver'] })}
              >
                <option value="process">a process per run</option>
                <option value="server">a warm server per side (faster)</option>
              </select>
              <span className="hint">
                Same isolation either way; a server skips opencode's start-up per run.
              </span>
            </label>
            <NumberFields fields={LIMIT_FIELDS} form={form} set={set} at={at} />
          </div>
        </details>

        {unknownIssues.map((i) => (
          <div key={i.message} className="banner error">
            {i.message}
          </div>
        ))}
        {warnings.map((w) => (
          <div key={w} className="banner warn">
            {w}
          </div>
        ))}
        <EstimateNote config={config} ready={!checking && issues.length === 0} />
        <div className="row">
          <button
            className="primary"
            type="submit"
            disabled={checking || submitting}
            data-testid="create-task"
          >
            {submitting ? 'Starting…' : 'Create and start'}
          </button>
          <span className="muted small">
            {checking
              ? 'Checking…'
              : issues.length
                ? `${plural(issues.length, 'problem')} to fix above`
                : 'Ready.'}
          </span>
        </div>
      </form>
    </div>
  )
}
