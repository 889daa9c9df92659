// The Triggers screen (docs/triggers.md): start a trigger evaluation from a form (set, skill, optional
// second version and competing skills), the trigger tasks, and the open one's live report.
import { useEffect, useState } from 'react'
import { ApiError } from '../../../../src-shared/api-error'
import { call, errorText } from '../../api/api'
import { attempt } from '../../stores/notices-store'
import { useRoute } from '../../stores/route-store'
import { useTriggers } from '../../stores/triggers-store'
import { PathField, TextField, type Issue } from '../setup/fields'
import { TriggerReport } from './TriggerReport'

interface TriggerForm {
  name: string
  skillPath: string
  setPath: string
  comparePath: string
  competingPath: string
  model: string
  rounds: string
  maxSteps: string
}

const EMPTY: TriggerForm = {
  name: '',
  skillPath: '',
  setPath: '',
  comparePath: '',
  competingPath: '',
  model: '',
  rounds: '3',
  maxSteps: '4',
}

function toConfig(f: TriggerForm): Record<string, unknown> {
  const num = (s: string) => (s.trim() === '' ? undefined : Number(s))
  return {
    name: f.name.trim(),
    skill: { path: f.skillPath.trim() },
    triggerSet: { path: f.setPath.trim() },
    ...(f.comparePath.trim() ? { compareWith: { path: f.comparePath.trim() } } : {}),
    ...(f.competingPath.trim() ? { competingSkills: { path: f.competingPath.trim() } } : {}),
    rounds: num(f.rounds),
    maxSteps: num(f.maxSteps),
    agent: { model: f.model.trim() },
  }
}

/** The config fields the form shows issues beside. */
const FIELDS = [
  'name',
  'agent.model',
  'skill',
  'triggerSet',
  'compareWith',
  'competingSkills',
  'rounds',
  'maxSteps',
]

function NewTrigger({ onStarted }: { onStarted(taskId: string): void }) {
  const [form, setForm] = useState<TriggerForm>(EMPTY)
  const [issues, setIssues] = useState<Issue[]>([])
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<TriggerForm>) => setForm((f) => ({ ...f, ...patch }))
  const at = (field: string) => issues.filter((i) => i.field === field || i.field.startsWith(`${field}.`))
  useEffect(() => {
    void call('settings.get', {}).then((s) =>
      setForm((f) => (f.model ? f : { ...f, model: s.defaultAgentModel ?? '' })),
    )
  }, [])
  const submit = async () => {
    setBusy(true)
    try {
      const { taskId } = await call('triggers.create', { config: toConfig(form) })
      setIssues([])
      onStarted(taskId)
    } catch (err) {
      const fieldIssues = err instanceof ApiError ? (err.body.issues ?? []) : []
      const placed = fieldIssues.filter((i) =>
        FIELDS.some((f) => i.field === f || i.field.startsWith(`${f}.`)),
      )
      // An issue no field shows (e.g. a line of the trigger set without "shouldTrigger") is said in full,
      // with its file and line: never a refusal the page keeps to itself.
      const whole = placed.length < fieldIssues.length || !fieldIssues.length
      setIssues([
        ...placed,
        ...(whole ? [{ field: '', code: 'invalid' as const, message: errorText(err) }] : []),
      ])
    } finally {
      setBusy(false)
    }
  }
  const general = issues.filter((i) => !i.field)
  // The bundled pirate-speak example: its two descriptions and a trigger set of queries for and against it.
  const fillExample = async () => {
    const res = await attempt('Load the example', () => call('examples.triggers', {}))
    if (!res) return
    const { config } = res
    setForm((f) => ({
      ...f,
      name: config.name,
      skillPath: config.skill.path,
      setPath: config.triggerSet.path,
      comparePath: config.compareWith?.path ?? '',
      competingPath: '',
      model: f.model || (config.agent.model ?? ''),
    }))
    setIssues([])
  }
  return (
    <form
      className="stack"
      aria-label="New trigger evaluation"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <fieldset>
        <legend>New trigger evaluation</legend>
        <div className="stack">
          <div className="grid-2">
            <TextField
              label="Name"
              value={form.name}
              onChange={(v) => set({ name: v })}
              issues={at('name')}
              testId="trigger-name"
            />
            <TextField
              label="Agent model"
              value={form.model}
              onChange={(v) => set({ model: v })}
              issues={at('agent.model')}
              placeholder="provider/model"
              testId="trigger-model"
            />
            <PathField
              label="Skill folder"
              kind="folder"
              value={form.skillPath}
              onChange={(v) => set({ skillPath: v })}
              issues={at('skill')}
              testId="trigger-skill"
              hint="The description under test (version b)."
            />
            <PathField
              label="Trigger set"
              kind="file"
              value={form.setPath}
              onChange={(v) => set({ setPath: v })}
              issues={at('triggerSet')}
              testId="trigger-set"
              hint="Queries with shouldTrigger, one per line or in an array; skill-creator’s {query, should_trigger} files work as they are."
            />
            <PathField
              label="Compare with (optional)"
              kind="folder"
              value={form.comparePath}
              onChange={(v) => set({ comparePath: v })}
              issues={at('compareWith')}
              testId="trigger-compare"
              hint="Another version of the same skill (version a): the two descriptions are compared per query."
            />
            <PathField
              label="Competing skills (optional)"
              kind="folder"
              value={form.competingPath}
              onChange={(v) => set({ competingPath: v })}
              issues={at('competingSkills')}
              testId="trigger-competing"
              hint="A folder of skill folders the agent also sees, as a real agent chooses among many."
            />
            <TextField
              label="Rounds per query"
              type="number"
              value={form.rounds}
              onChange={(v) => set({ rounds: v })}
              issues={at('rounds')}
              hint="1–20; a query is right when most of its rounds are."
            />
            <TextField
              label="Model turns before “no skill”"
              type="number"
              value={form.maxSteps}
              onChange={(v) => set({ maxSteps: v })}
              issues={at('maxSteps')}
              hint="Reading or listing files first does not end a probe."
            />
          </div>
          {general.map((i) => (
            <div key={i.message} className="banner error" role="alert">
              {i.message}
            </div>
          ))}
          <div className="row">
            <button type="button" onClick={() => void fillExample()}>
              Fill in the bundled example
            </button>
            <span className="grow" />
            <button className="primary" type="submit" disabled={busy} data-testid="start-triggers">
              Start probing
            </button>
          </div>
        </div>
      </fieldset>
    </form>
  )
}

async function deleteTrigger(taskId: string, name: string, done: () => void): Promise<void> {
  if (!confirm(`Delete trigger task "${name}" with all its probes?`)) return
  if (await attempt('Delete', () => call('triggers.delete', { taskId }))) done()
}

export function TriggersScreen() {
  const { route, navigate } = useRoute()
  const { list, detail, error, load, open, watch } = useTriggers()
  useEffect(() => {
    watch(true)
    void load()
    return () => watch(false)
  }, [load, watch])
  useEffect(() => void open(route.taskId), [open, route.taskId])
  return (
    <div className="page wide stack">
      <h1>Trigger evaluation</h1>
      <p className="muted" style={{ marginTop: 4 }}>
        Does the skill’s description make the agent reach for it? Each query is probed in an isolated session
        that stops at the agent’s first skill call, its answer, or its last allowed turn.
      </p>
      {error && <div className="banner error">{error}</div>}
      {detail && detail.task.id === route.taskId && (
        <TriggerReport
          detail={detail}
          actions={{
            onCancel: () => void attempt('Cancel', () => call('triggers.cancel', { taskId: detail.task.id })),
            onResume: () => void attempt('Resume', () => call('triggers.resume', { taskId: detail.task.id })),
            onDelete: () =>
              void deleteTrigger(detail.task.id, detail.task.name, () => navigate({ screen: 'triggers' })),
          }}
        />
      )}
      {list.length > 0 && (
        <table className="plain" aria-label="Trigger tasks">
          <thead>
            <tr>
              <th>name</th>
              <th>skill</th>
              <th>queries × rounds</th>
              <th>status</th>
              <th>created</th>
            </tr>
          </thead>
          <tbody>
            {list.map((t) => (
              <tr key={t.id} aria-current={t.id === route.taskId ? 'true' : undefined}>
                <td>
                  <button className="link" onClick={() => navigate({ screen: 'triggers', taskId: t.id })}>
                    {t.name}
                  </button>
                </td>
                <td>
                  {t.skillName} {t.labels.b}
                  {t.labels.a ? ` vs ${t.labels.a}` : ''}
                </td>
                <td>
                  {t.queries} × {t.rounds}
                </td>
                <td>
                  <span className={`badge ${t.status}`}>{t.busy ? 'probing' : t.status}</span>
                </td>
                <td className="small muted">{new Date(t.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <NewTrigger onStarted={(taskId) => navigate({ screen: 'triggers', taskId })} />
    </div>
  )
}
