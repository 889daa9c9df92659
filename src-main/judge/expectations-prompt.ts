// What an expectations judge is sent: the evaluator's template over the judge's (blinded) copy of the run, with
// the case's expectations numbered so that the judge answers each by its number (README "Evaluators").
import type { EvaluatorSpec } from './evaluators'
import { templateValues } from './judge-prompt'
import type { JudgeInput } from './judge-types'
import { renderTemplate } from '../inputs/template'

/** The expectations a verdict is asked for: the case's, blank ones left out, in the dataset's order. */
export function checkedExpectations(input: Pick<JudgeInput, 'expectations'>): string[] {
  return input.expectations.filter((e) => e.trim() !== '')
}

/** `1. …` per expectation (the number is the `id` the judge answers with). */
function numberedExpectations(expectations: readonly string[]): string {
  return expectations.map((e, i) => `${i + 1}. ${e.trim().replace(/\s*\n\s*/g, ' ')}`).join('\n')
}

/** The user message of one expectations judgement. */
export function renderExpectationsPrompt(evaluator: EvaluatorSpec, input: JudgeInput): string {
  if (evaluator.kind !== 'expectations' || !evaluator.prompt)
    throw new Error(`evaluator "${evaluator.id}" is not an expectations evaluator with a prompt template`)
  const values = templateValues(input)
  return renderTemplate(evaluator.prompt, {
    ...values,
    expectations: numberedExpectations(checkedExpectations(input)),
  })
}
