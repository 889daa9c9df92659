// The evaluator registry: presets bundled from resources/evaluators/*.md, inline llm/command/pairwise refs
// resolved. A pairwise evaluator compares a case's two sides; it never scores a run. An expectations evaluator
// gives a verdict per expectation of the case; its score is the share passed.
import { createHash } from 'node:crypto'
import taskCompletionText from '../../resources/evaluators/preset-agent-task-completion.md?raw'
import traceQualityText from '../../resources/evaluators/preset-agent-trace-quality.md?raw'
import pairwiseOutcomeText from '../../resources/evaluators/preset-pairwise-outcome.md?raw'
import expectationsText from '../../resources/evaluators/preset-expectations.md?raw'
import { PRESET_EVALUATOR_IDS, type TaskConfig } from '../../src-shared/task-config'
import { parseFrontMatter } from '../inputs/front-matter'
import { isJudgeScale, type JudgeScale } from './score-value'
import { PAIRWISE_TEMPLATE_VARIABLES, TEMPLATE_VARIABLES, templateProblems } from '../inputs/template'

/** One evaluator as the judge runs it: what to do, on which scale, with which weight, at which version. */
export interface EvaluatorSpec {
  id: string
  /**
   * `pairwise`: compares the two sides of a case and round (see pairwise-runs); never in a row score.
   * `expectations`: a pass/fail verdict per expectation of the case; the score is the share passed.
   */
  kind: 'llm' | 'command' | 'pairwise' | 'expectations'
  /** Preset: `preset@<front-matter version>`; inline: `inline:` + first 12 hex of sha256(prompt|command). */
  version: string
  /**
   * `sha256:` + hex of what decides the evaluator's behaviour (kind, scale, prompt or command): two specs
   * with the same fingerprint judge alike. Weight is not part of it (it only weighs the row score).
   */
  fingerprint: string
  /** The scale a bare number in the judge's answer is read on (command and pairwise evaluators: 100). */
  scale: JudgeScale
  /** Its weight in the row score (pairwise evaluators: 0, they take no part). */
  weight: number
  /** The `{{variable}}` template (llm, pairwise). */
  prompt?: string
  /** The shell command run in the finished work dir (command). */
  command?: string
  /** One line saying what the evaluator judges (presets). */
  description?: string
}

export interface PresetEvaluator {
  id: (typeof PRESET_EVALUATOR_IDS)[number]
  /** The front matter's `kind`: `llm` (a score per run, the default), `pairwise` or `expectations`. */
  kind: 'llm' | 'pairwise' | 'expectations'
  /** The front matter's `version` (a whole number). */
  version: number
  /** The front matter's `scale` (pairwise presets have none: 100). */
  scale: JudgeScale
  description: string
  prompt: string
}

const PRESET_SOURCES: Record<PresetEvaluator['id'], string> = {
  'preset-agent-task-completion': taskCompletionText,
  'preset-agent-trace-quality': traceQualityText,
  'preset-pairwise-outcome': pairwiseOutcomeText,
  'preset-expectations': expectationsText,
}

/** Parses one bundled preset file; a broken one is a packaging bug, reported with the file's name. */
export function parsePreset(id: PresetEvaluator['id'], source: string): PresetEvaluator {
  const where = `resources/evaluators/${id}.md`
  const fm = parseFrontMatter(source)
  if (!fm.ok) throw new Error(`${where}: front matter ${fm.reason}`)
  const field = (name: string): string => {
    const v = fm.fields.get(name)
    if (v?.kind !== 'scalar' || v.value.trim() === '')
      throw new Error(`${where}: front matter needs "${name}"`)
    return v.value.trim()
  }
  if (field('id') !== id) throw new Error(`${where}: front matter id is "${field('id')}", expected "${id}"`)
  const version = Number(field('version'))
  if (!Number.isInteger(version) || version < 1)
    throw new Error(`${where}: version must be a whole number ≥ 1 (got "${field('version')}")`)
  const kindField = fm.fields.get('kind')
  const kind = kindField?.kind === 'scalar' ? kindField.value.trim() : 'llm'
  if (kind !== 'llm' && kind !== 'pairwise' && kind !== 'expectations')
    throw new Error(`${where}: kind must be "llm", "pairwise" or "expectations" (got "${kind}")`)
  // Neither a winner nor a share of expectations passed is read on a scale of the judge's.
  const scale = kind === 'llm' ? Number(field('scale')) : 100
  if (!isJudgeScale(scale))
    throw new Error(`${where}: scale must be 100, 10, 5 or 1 (got "${field('scale')}")`)
  const prompt = fm.body.trim()
  const problems = templateProblems(
    prompt,
    kind === 'pairwise' ? PAIRWISE_TEMPLATE_VARIABLES : TEMPLATE_VARIABLES,
  )
  if (prompt === '' || problems.length > 0)
    throw new Error(`${where}: ${problems.join('; ') || 'the prompt template is empty'}`)
  return { id, kind, version, scale, description: field('description'), prompt }
}

let presets: Map<string, PresetEvaluator> | null = null

/** Every bundled preset, parsed once. */
export function presetEvaluators(): PresetEvaluator[] {
  presets ??= new Map(PRESET_EVALUATOR_IDS.map((id) => [id, parsePreset(id, PRESET_SOURCES[id])]))
  return [...presets.values()]
}

export function presetEvaluator(id: string): PresetEvaluator | null {
  return presetEvaluators().find((p) => p.id === id) ?? null
}

/** `inline:` + the first 12 hex digits of the sha256 of an inline evaluator's prompt or command. */
export function inlineVersion(text: string): string {
  return `inline:${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12)}`
}

/** See `EvaluatorSpec.fingerprint`. */
export function evaluatorFingerprint(
  spec: Pick<EvaluatorSpec, 'kind' | 'scale' | 'prompt' | 'command'>,
): string {
  const canonical = JSON.stringify([spec.kind, spec.scale, spec.prompt ?? null, spec.command ?? null])
  return `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`
}

/** The evaluators that score runs (llm, command): the ones a row score is made of. */
export function pointwiseEvaluators(specs: readonly EvaluatorSpec[]): EvaluatorSpec[] {
  return specs.filter((s) => s.kind !== 'pairwise')
}

/** The evaluators that compare a case's two sides (at most one: the config refuses more). */
export function pairwiseEvaluators(specs: readonly EvaluatorSpec[]): EvaluatorSpec[] {
  return specs.filter((s) => s.kind === 'pairwise')
}

/** The config's evaluator refs (validated by the config schema) as runnable specs, in order. */
export function resolveEvaluators(refs: TaskConfig['evaluators']): EvaluatorSpec[] {
  return refs.map((ref) => {
    const spec = resolveOne(ref)
    return { ...spec, fingerprint: evaluatorFingerprint(spec) }
  })
}

function resolveOne(ref: TaskConfig['evaluators'][number]): Omit<EvaluatorSpec, 'fingerprint'> {
  if (ref.kind === 'llm')
    return {
      id: ref.id,
      kind: 'llm',
      version: inlineVersion(ref.prompt),
      scale: ref.scale,
      weight: ref.weight,
      prompt: ref.prompt,
    }
  if (ref.kind === 'pairwise')
    return {
      id: ref.id,
      kind: 'pairwise',
      version: inlineVersion(ref.prompt),
      scale: 100,
      weight: 0,
      prompt: ref.prompt,
    }
  if (ref.kind === 'expectations') {
    const prompt = ref.prompt ?? presetEvaluator('preset-expectations')?.prompt ?? ''
    return {
      id: ref.id,
      kind: 'expectations',
      version: inlineVersion(prompt),
      scale: 100,
      weight: ref.weight,
      prompt,
    }
  }
  if (ref.kind === 'command')
    return {
      id: ref.id,
      kind: 'command',
      version: inlineVersion(ref.command),
      scale: 100,
      weight: ref.weight,
      command: ref.command,
    }
  const preset = presetEvaluator(ref.id)
  if (!preset) throw new Error(`unknown preset evaluator "${ref.id}"`)
  return {
    id: preset.id,
    kind: preset.kind,
    version: `preset@${preset.version}`,
    scale: preset.scale,
    // A pairwise preset's weight (the config may give one) has no row score to weigh.
    weight: preset.kind === 'pairwise' ? 0 : ref.weight,
    prompt: preset.prompt,
    description: preset.description,
  }
}
