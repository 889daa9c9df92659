// Evaluators and weights: the presets with a checkbox each, plus your own LLM judges, commands and a
// pairwise judge (which compares the sides and takes no part in a run's score, so it has no weight).
import { PAIRWISE_PRESET_IDS } from '../../../../src-shared/evaluator-ids'
import type { EvaluatorDraft, FormState } from './form-model'
import type { Issue } from './fields'
import { configIndex, issuesAt, newEvaluator } from './form-model'
import { TextField } from './fields'

const PRESET_TEXT: Record<string, string> = {
  'preset-agent-task-completion': 'Did the agent complete the task? (0–100)',
  'preset-agent-trace-quality': 'How good was the way it got there? (0–100)',
  'preset-pairwise-outcome': 'Which side did better, case by case? (compares a and b; not in the score)',
  'preset-expectations': "Does the work meet each of the case's expectations? (share passed, 0–100)",
}

const CARD_TITLE: Record<Exclude<EvaluatorDraft['kind'], 'preset'>, string> = {
  llm: 'LLM judge',
  command: 'Command (exit 0 = 100, else 0)',
  pairwise: 'Pairwise judge (compares the two sides; not in the score)',
  expectations: 'Expectations judge (a verdict per case expectation; the score is the share passed)',
}

const RUN_VARIABLES =
  '{{prompt}} {{expected_output}} {{expectations}} {{final_output}} {{trajectory}} {{workspace_diff}}'
const VARIABLES: Record<'llm' | 'pairwise' | 'expectations', string> = {
  llm: RUN_VARIABLES,
  pairwise: '{{prompt}} {{expected_output}} {{expectations}} {{response_1}} {{response_2}}',
  expectations: RUN_VARIABLES,
}

const PLACEHOLDER: Record<'llm' | 'pairwise' | 'expectations', string> = {
  llm: 'Rate the answer from 0 to 100 for … Answer: {{final_output}}',
  pairwise: 'Which response answers {{prompt}} better? 1: {{response_1}} 2: {{response_2}}',
  expectations: "Leave empty for preset-expectations' prompt; else it must show {{expectations}}",
}

export function EvaluatorsField(props: {
  form: FormState
  issues: Issue[]
  set(evaluators: EvaluatorDraft[]): void
}) {
  const { evaluators } = props.form
  const update = (key: number, patch: Partial<EvaluatorDraft>) =>
    props.set(evaluators.map((e) => (e.key === key ? { ...e, ...patch } : e)))
  const at = (e: EvaluatorDraft, field: string) => {
    const i = configIndex(evaluators, e.key)
    return i < 0 ? [] : issuesAt(props.issues, `evaluators[${i}]${field}`)
  }
  return (
    <div className="stack">
      {issuesAt(props.issues, 'evaluators')
        .filter((i) => i.field === 'evaluators')
        .map((i) => (
          <div key={i.message} className="issue">
            {i.message}
          </div>
        ))}
      {evaluators.map((e) =>
        e.kind === 'preset' ? (
          <div key={e.key} className="row">
            <label className="row grow">
              <input
                type="checkbox"
                checked={e.enabled}
                onChange={(ev) => update(e.key, { enabled: ev.target.checked })}
              />
              <span>
                <span className="mono">{e.id}</span> <span className="muted small">{PRESET_TEXT[e.id]}</span>
              </span>
            </label>
            <label className="row small">
              weight
              <input
                type="number"
                step="0.1"
                style={{ width: 72 }}
                value={PAIRWISE_PRESET_IDS.includes(e.id) ? '' : e.weight}
                disabled={!e.enabled || PAIRWISE_PRESET_IDS.includes(e.id)}
                aria-invalid={at(e, '.weight').length > 0}
                onChange={(ev) => update(e.key, { weight: ev.target.value })}
              />
            </label>
          </div>
        ) : (
          <div key={e.key} className="card" style={{ boxShadow: 'none' }}>
            <div className="row" style={{ marginBottom: 8 }}>
              <b className="grow">{CARD_TITLE[e.kind]}</b>
              <button
                type="button"
                className="small danger"
                onClick={() => props.set(evaluators.filter((x) => x.key !== e.key))}
              >
                Remove
              </button>
            </div>
            <div className="grid-3">
              <TextField
                label="Id"
                value={e.id}
                onChange={(v) => update(e.key, { id: v })}
                issues={at(e, '.id')}
              />
              {e.kind !== 'pairwise' && (
                <TextField
                  label="Weight"
                  type="number"
                  step="0.1"
                  value={e.weight}
                  onChange={(v) => update(e.key, { weight: v })}
                  issues={at(e, '.weight')}
                />
              )}
              {e.kind === 'llm' && (
                <label className="field">
                  <span className="label">Scale of the answer</span>
                  <select value={e.scale} onChange={(ev) => update(e.key, { scale: ev.target.value })}>
                    {['100', '10', '5', '1'].map((s) => (
                      <option key={s} value={s}>
                        0–{s}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
            {e.kind === 'llm' || e.kind === 'pairwise' || e.kind === 'expectations' ? (
              <div className="field" style={{ marginTop: 8 }}>
                <span className="label">Prompt template</span>
                <textarea
                  value={e.prompt}
                  aria-invalid={at(e, '.prompt').length > 0}
                  aria-label="Prompt template"
                  placeholder={PLACEHOLDER[e.kind]}
                  onChange={(ev) => update(e.key, { prompt: ev.target.value })}
                />
                <span className="hint">Variables: {VARIABLES[e.kind]}</span>
                {at(e, '.prompt').map((i) => (
                  <span key={i.message} className="issue">
                    {i.message}
                  </span>
                ))}
              </div>
            ) : (
              <div style={{ marginTop: 8 }}>
                <TextField
                  label="Command (run in the finished work dir)"
                  value={e.command}
                  onChange={(v) => update(e.key, { command: v })}
                  issues={at(e, '.command')}
                  placeholder="npm test"
                />
              </div>
            )}
          </div>
        ),
      )}
      <div className="row">
        <button
          type="button"
          className="small"
          onClick={() => props.set([...evaluators, newEvaluator('llm', `judge-${evaluators.length}`)])}
        >
          + LLM judge
        </button>
        <button
          type="button"
          className="small"
          onClick={() => props.set([...evaluators, newEvaluator('command', `command-${evaluators.length}`)])}
        >
          + Command
        </button>
        <button
          type="button"
          className="small"
          onClick={() =>
            props.set([...evaluators, newEvaluator('pairwise', `pairwise-${evaluators.length}`)])
          }
        >
          + Pairwise judge
        </button>
        <button
          type="button"
          className="small"
          onClick={() =>
            props.set([...evaluators, newEvaluator('expectations', `expectations-${evaluators.length}`)])
          }
        >
          + Expectations judge
        </button>
      </div>
    </div>
  )
}
