// Pure: the setup form's state and the task config it stands for (and back, to duplicate a task or load the
// example). Numbers are kept as typed text; empty fields are left out so the defaults apply.
import { PRESET_EVALUATOR_IDS } from '../../../../src-shared/evaluator-ids'
import { CONFIG_DEFAULTS } from '../../../../src-shared/task-config'

export interface EvaluatorDraft {
  key: number
  /**
   * `pairwise`: an inline pairwise judge (compares the sides; no weight, no scale). `expectations`: a verdict
   * per expectation, scored by the share passed (no scale; an empty prompt is the preset's).
   */
  kind: 'preset' | 'llm' | 'command' | 'pairwise' | 'expectations'
  id: string
  enabled: boolean
  weight: string
  prompt: string
  scale: string
  command: string
}

export interface FormState {
  name: string
  skillPath: string
  /** The git version of the skill folder side b runs ('' = the working copy): a branch, tag or commit. */
  skillRef: string
  skillLabel: string
  baselineKind: 'none' | 'skill'
  baselinePath: string
  /** The git version of the baseline folder ('' = the working copy). */
  baselineRef: string
  baselineLabel: string
  datasetPath: string
  /** null = every case of the dataset. */
  cases: string[] | null
  repeatRounds: string
  /** Adaptive rounds' min and max per side; both empty = fixed `repeatRounds`. */
  adaptiveMin: string
  adaptiveMax: string
  agentModel: string
  judgeModel: string
  opencodeConfig: string
  driver: 'process' | 'server'
  concurrency: string
  timeoutSec: string
  idleTimeoutSec: string
  judgeConcurrency: string
  judgeRetries: string
  /** The budget (docs/decision.md "Budget"); empty = no cap. */
  maxCostUsd: string
  maxRuns: string
  evaluators: EvaluatorDraft[]
  minLift: string
  costBudget: string
  costMetric: 'tokens' | 'usd' | 'time'
  stabilityTolerance: string
  passThreshold: string
  alpha: string
  /** What a run that failed by the agent's doing (timeout, crash, agent error) scores. */
  failedRunScore: '0' | 'missing'
  failureTolerance: string
  minTriggerRate: string
  /** Which judgement decides capability. */
  primary: 'pointwise' | 'pairwise'
  /** Side a may take earlier tasks' executions of the same baseline (README "Baseline reuse"). */
  reuseBaseline: boolean
}

let nextKey = 1
export function newEvaluator(
  kind: EvaluatorDraft['kind'],
  id = '',
  enabled = true,
  weight = '1',
): EvaluatorDraft {
  return { key: nextKey++, kind, id, enabled, weight, prompt: '', scale: '100', command: '' }
}

export function emptyForm(
  defaults: { agentModel?: string | null; judgeModel?: string | null; providerConfig?: string | null } = {},
): FormState {
  const { agent, judge, policy } = CONFIG_DEFAULTS // every setting starts at the schema's default
  return {
    name: '',
    skillPath: '',
    skillRef: '',
    skillLabel: '',
    baselineKind: 'none',
    baselinePath: '',
    baselineRef: '',
    baselineLabel: '',
    datasetPath: '',
    cases: null,
    repeatRounds: String(CONFIG_DEFAULTS.repeatRounds),
    adaptiveMin: '',
    adaptiveMax: '',
    agentModel: defaults.agentModel ?? '',
    judgeModel: defaults.judgeModel ?? '',
    opencodeConfig: defaults.providerConfig ?? '',
    driver: agent.driver,
    concurrency: String(agent.concurrency),
    timeoutSec: String(agent.timeoutSec),
    idleTimeoutSec: String(agent.idleTimeoutSec),
    judgeConcurrency: String(judge.concurrency),
    judgeRetries: String(judge.retries),
    maxCostUsd: '',
    maxRuns: '',
    evaluators: PRESET_EVALUATOR_IDS.map((id, i) => newEvaluator('preset', id, i === 0)),
    minLift: String(policy.minLift),
    costBudget: String(policy.costBudget),
    costMetric: policy.costMetric,
    stabilityTolerance: String(policy.stabilityTolerance),
    passThreshold: String(policy.passThreshold),
    alpha: String(policy.alpha),
    failedRunScore: policy.failedRunScore === 0 ? '0' : 'missing',
    failureTolerance: String(policy.failureTolerance),
    minTriggerRate: String(policy.minTriggerRate),
    primary: policy.primary,
    reuseBaseline: CONFIG_DEFAULTS.reuseBaseline,
  }
}

const text = (v: string) => (v.trim() === '' ? undefined : v.trim())
/** A number field: empty → left out (default applies); anything else → its number (NaN shows as an issue). */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v))

function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** A skill folder as the config names it: the folder itself, or a git version of it (`path` "." = the folder). */
const source = (folder: string, ref: string) =>
  ref ? { git: { repo: folder.trim(), ref, path: '.' } } : { path: folder.trim() }

export function toConfig(f: FormState): Record<string, unknown> {
  return compact({
    name: f.name.trim(),
    skill: compact({ ...source(f.skillPath, f.skillRef), label: text(f.skillLabel) }),
    baseline:
      f.baselineKind === 'none'
        ? { kind: 'none' }
        : compact({ kind: 'skill', ...source(f.baselinePath, f.baselineRef), label: text(f.baselineLabel) }),
    dataset: { path: f.datasetPath.trim() },
    cases: f.cases ?? undefined,
    repeatRounds: num(f.repeatRounds),
    adaptiveRounds:
      text(f.adaptiveMin) || text(f.adaptiveMax)
        ? { min: num(f.adaptiveMin), max: num(f.adaptiveMax) }
        : undefined,
    // On by default: only turning it off is written.
    reuseBaseline: f.reuseBaseline ? undefined : false,
    agent: compact({
      model: text(f.agentModel), // empty: missing (shown once Create is pressed), not a malformed model
      opencodeConfig: text(f.opencodeConfig),
      driver: f.driver,
      timeoutSec: num(f.timeoutSec),
      idleTimeoutSec: num(f.idleTimeoutSec),
      concurrency: num(f.concurrency),
    }),
    judge: compact({
      model: text(f.judgeModel),
      concurrency: num(f.judgeConcurrency),
      retries: num(f.judgeRetries),
    }),
    budget:
      text(f.maxCostUsd) || text(f.maxRuns)
        ? compact({ maxCostUsd: num(f.maxCostUsd), maxRuns: num(f.maxRuns) })
        : undefined,
    evaluators: f.evaluators
      .filter((e) => e.enabled)
      .map((e) =>
        e.kind === 'preset'
          ? { id: e.id, weight: num(e.weight) ?? 1 }
          : e.kind === 'llm'
            ? {
                id: e.id.trim(),
                kind: 'llm',
                prompt: e.prompt,
                scale: Number(e.scale),
                weight: num(e.weight) ?? 1,
              }
            : e.kind === 'pairwise'
              ? { id: e.id.trim(), kind: 'pairwise', prompt: e.prompt }
              : e.kind === 'expectations'
                ? compact({
                    id: e.id.trim(),
                    kind: 'expectations',
                    prompt: e.prompt.trim() ? e.prompt : undefined,
                    weight: num(e.weight) ?? 1,
                  })
                : { id: e.id.trim(), kind: 'command', command: e.command, weight: num(e.weight) ?? 1 },
      ),
    policy: compact({
      minLift: num(f.minLift),
      costBudget: num(f.costBudget),
      costMetric: f.costMetric,
      stabilityTolerance: num(f.stabilityTolerance),
      passThreshold: num(f.passThreshold),
      alpha: num(f.alpha),
      failedRunScore: f.failedRunScore === 'missing' ? 'missing' : 0,
      failureTolerance: num(f.failureTolerance),
      minTriggerRate: num(f.minTriggerRate),
      primary: f.primary,
    }),
  })
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {})
const str = (v: unknown, fallback = '') => (v === undefined || v === null ? fallback : String(v))
/** One of a field's choices (a config value written as the form writes it), else the fallback. */
const oneOf = <T extends string>(v: unknown, choices: readonly T[], fallback: T): T =>
  choices.find((c) => c === str(v)) ?? fallback

/** The folder a `git` source names: its path inside the repository (a stored commit pin is not kept). */
function gitFolder(git: unknown): string {
  const repo = str(obj(git).repo).replace(/\/+$/, '')
  const path = str(obj(git).path).replace(/^\.\/?|\/+$/g, '')
  return path ? `${repo}/${path}` : repo
}

/** A config (stored task, bundled example) as form state; unknown parts fall back to the defaults. */
export function fromConfig(config: unknown, base: FormState = emptyForm()): FormState {
  const c = obj(config)
  const skill = obj(c.skill)
  const baseline = obj(c.baseline)
  const agent = obj(c.agent)
  const judge = obj(c.judge)
  const policy = obj(c.policy)
  const refs = Array.isArray(c.evaluators) ? (c.evaluators as Obj[]) : null
  const evaluators = refs
    ? [
        ...PRESET_EVALUATOR_IDS.map((id) => {
          const ref = refs.find((r) => r.id === id && !r.kind)
          return newEvaluator('preset', id, Boolean(ref), str(ref?.weight, '1'))
        }),
        ...refs
          .filter((r) => ['llm', 'command', 'pairwise', 'expectations'].includes(String(r.kind)))
          .map((r) => ({
            ...newEvaluator(
              r.kind as Exclude<EvaluatorDraft['kind'], 'preset'>,
              str(r.id),
              true,
              str(r.weight, '1'),
            ),
            prompt: str(r.prompt),
            scale: str(r.scale, '100'),
            command: str(r.command),
          })),
      ]
    : base.evaluators
  return {
    ...base,
    name: str(c.name, base.name),
    skillPath: skill.git ? gitFolder(skill.git) : str(skill.path, base.skillPath),
    skillRef: str(obj(skill.git).ref),
    skillLabel: str(skill.label),
    baselineKind: baseline.kind === 'skill' ? 'skill' : 'none',
    baselinePath: baseline.git ? gitFolder(baseline.git) : str(baseline.path),
    baselineRef: str(obj(baseline.git).ref),
    baselineLabel: str(baseline.label),
    datasetPath: str(obj(c.dataset).path, base.datasetPath),
    cases: Array.isArray(c.cases) ? (c.cases as unknown[]).map(String) : null,
    repeatRounds: str(c.repeatRounds, base.repeatRounds),
    adaptiveMin: str(obj(c.adaptiveRounds).min),
    adaptiveMax: str(obj(c.adaptiveRounds).max),
    agentModel: str(agent.model, base.agentModel),
    judgeModel: str(judge.model, base.judgeModel),
    opencodeConfig: str(agent.opencodeConfig, base.opencodeConfig),
    driver: oneOf(agent.driver, ['process', 'server'], base.driver),
    concurrency: str(agent.concurrency, base.concurrency),
    timeoutSec: str(agent.timeoutSec, base.timeoutSec),
    idleTimeoutSec: str(agent.idleTimeoutSec, base.idleTimeoutSec),
    judgeConcurrency: str(judge.concurrency, base.judgeConcurrency),
    judgeRetries: str(judge.retries, base.judgeRetries),
    maxCostUsd: str(obj(c.budget).maxCostUsd),
    maxRuns: str(obj(c.budget).maxRuns),
    evaluators,
    minLift: str(policy.minLift, base.minLift),
    costBudget: str(policy.costBudget, base.costBudget),
    costMetric: oneOf(policy.costMetric, ['tokens', 'usd', 'time'], base.costMetric),
    stabilityTolerance: str(policy.stabilityTolerance, base.stabilityTolerance),
    passThreshold: str(policy.passThreshold, base.passThreshold),
    alpha: str(policy.alpha, base.alpha),
    failedRunScore: oneOf(policy.failedRunScore, ['0', 'missing'], base.failedRunScore),
    failureTolerance: str(policy.failureTolerance, base.failureTolerance),
    minTriggerRate: str(policy.minTriggerRate, base.minTriggerRate),
    primary: oneOf(policy.primary, ['pointwise', 'pairwise'], base.primary),
    reuseBaseline: c.reuseBaseline !== false,
  }
}

/** Issues whose field is `path` or inside it (`evaluators[1]` matches `evaluators[1].prompt`). */
export function issuesAt<I extends { field: string }>(issues: readonly I[], path: string): I[] {
  return issues.filter(
    (i) => i.field === path || i.field.startsWith(`${path}.`) || i.field.startsWith(`${path}[`),
  )
}

/** The evaluators list index of a draft within the enabled ones (the config's `evaluators[i]`). */
export function configIndex(drafts: readonly EvaluatorDraft[], key: number): number {
  return drafts.filter((d) => d.enabled).findIndex((d) => d.key === key)
}
