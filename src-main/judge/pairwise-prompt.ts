// What a pairwise judge is sent: the evaluator's template over the case and two runs shown as "Response 1"
// and "Response 2". Each response is built from the same condensed copy of a run the pointwise judge sees.
import { DEFAULT_BUDGET_CHARS } from './condense'
import type { EvaluatorSpec } from './evaluators'
import { templateValues } from './judge-prompt'
import type { PairwiseJudgeInput } from './judge-types'
import { renderTemplate, type PairwiseTemplateVariable, type TemplateValues } from '../inputs/template'

/** One response as the judge reads it: final answer, workspace changes, then what was done. */
function responseText(v: TemplateValues): string {
  return [
    'Final answer:',
    v.final_output,
    '',
    'Changes made to the workspace (git diff):',
    v.workspace_diff,
    '',
    'What was done (messages and tool calls, condensed):',
    v.trajectory,
  ].join('\n')
}

/** The template values of one comparison; each response gets half the pointwise judge's budget. */
export function pairwiseTemplateValues(
  input: PairwiseJudgeInput,
  budgetChars = DEFAULT_BUDGET_CHARS,
): Record<PairwiseTemplateVariable, string> {
  const half = Math.floor(budgetChars / 2)
  const [first, second] = input.responses.map((r) => templateValues(r, half)) as [
    TemplateValues,
    TemplateValues,
  ]
  return {
    prompt: first.prompt,
    expected_output: first.expected_output,
    expectations: first.expectations,
    response_1: responseText(first),
    response_2: responseText(second),
  }
}

/** The user message of one pairwise judgement. */
export function renderPairwisePrompt(evaluator: EvaluatorSpec, input: PairwiseJudgeInput): string {
  if (evaluator.kind !== 'pairwise' || !evaluator.prompt)
    throw new Error(`evaluator "${evaluator.id}" is not a pairwise evaluator with a prompt template`)
  return renderTemplate(evaluator.prompt, pairwiseTemplateValues(input))
}
