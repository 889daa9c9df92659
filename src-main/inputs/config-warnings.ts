// What the config check says that does not stop a task (e.g. the judge shares the agent's model): one list
// of {code, message} for the config check's output and for the decision's warnings.
import type { DecisionWarning } from '../../src-shared/decision'
import { templateVariables, TEMPLATE_VARIABLES } from './template'
import { judgeModelOf } from '../../src-shared/task-config'

export const JUDGE_SAME_MODEL = 'judge-same-model'
export const TEMPLATE_WITHOUT_VARIABLES = 'template-without-variables'
/** Every code `configWarnings` gives (the decision's warnings that come from the config). */
export const CONFIG_WARNING_CODES: ReadonlySet<string> = new Set([
  JUDGE_SAME_MODEL,
  TEMPLATE_WITHOUT_VARIABLES,
])

/** The parts of a task config the warnings read; a parsed TaskConfig fits, and so does a stored one read loosely. */
export interface WarnedConfig {
  agent: { model: string }
  judge?: { model?: string | undefined } | undefined
  evaluators?: readonly { kind?: string | undefined; prompt?: string | undefined }[] | undefined
}

/** The config's warnings, in a fixed order: evaluator templates first (by index), then the judge's model. */
export function configWarnings(config: WarnedConfig): DecisionWarning[] {
  const warnings: DecisionWarning[] = []
  ;(config.evaluators ?? []).forEach((ref, i) => {
    if (ref.kind !== 'llm' || typeof ref.prompt !== 'string') return
    if (templateVariables(ref.prompt).length === 0)
      warnings.push({
        code: TEMPLATE_WITHOUT_VARIABLES,
        message: `evaluators[${i}].prompt: the template uses no variable, so the judge sees nothing of the run: add some of ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`,
      })
  })
  const judgeModel = judgeModelOf(config)
  if (judgeModel === config.agent.model)
    warnings.push({
      code: JUDGE_SAME_MODEL,
      message: `judge.model: the judge uses the agent's own model (${judgeModel}): set judge.model to another model family, which is less likely to favour the agent's style`,
    })
  return warnings
}
