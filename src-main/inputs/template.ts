// `{{variable}}` templates of LLM evaluators: the six known variables, rendering and checking.
// A pairwise evaluator's template has its own set (the case, and the two responses it compares).

/** The variables an LLM evaluator's prompt may use, in the order the docs list them. */
export const TEMPLATE_VARIABLES = [
  'prompt',
  'expected_output',
  'expectations',
  'final_output',
  'trajectory',
  'workspace_diff',
] as const

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]

/** The variables a pairwise evaluator's prompt may use: the case, and the two responses it compares. */
export const PAIRWISE_TEMPLATE_VARIABLES = [
  'prompt',
  'expected_output',
  'expectations',
  'response_1',
  'response_2',
] as const

export type PairwiseTemplateVariable = (typeof PAIRWISE_TEMPLATE_VARIABLES)[number]

/** A value for every variable (already formatted as the judge should read it). */
export type TemplateValues = Record<TemplateVariable, string>

/** `{{ name }}`: anything but braces between double braces, whitespace inside allowed. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g

export function isTemplateVariable(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name)
}

/** The variables a template uses (of `known`), each once, in order of first use. */
export function templateVariables<V extends string = TemplateVariable>(
  template: string,
  known: readonly V[] = TEMPLATE_VARIABLES as readonly string[] as readonly V[],
): V[] {
  const seen = new Set<V>()
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').trim()
    if ((known as readonly string[]).includes(name)) seen.add(name as V)
  }
  return [...seen]
}

const letters = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '')

/**
 * What is wrong with a template, one sentence per unknown placeholder (each named once); empty when it
 * is fine. A placeholder is `{{…}}`; single braces (JSON examples in the prompt) are left alone.
 */
export function templateProblems(template: string, known: readonly string[] = TEMPLATE_VARIABLES): string[] {
  const problems: string[] = []
  const reported = new Set<string>()
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').trim()
    if (known.includes(name) || reported.has(name)) continue
    reported.add(name)
    const near = known.find((v) => v.replace(/_/g, '') === letters(name))
    const hint = near ? `did you mean {{${near}}}? ` : ''
    problems.push(
      `unknown variable {{${name}}}: ${hint}use one of ${known.map((v) => `{{${v}}}`).join(', ')}`,
    )
  }
  return problems
}

/**
 * Replaces every known `{{variable}}` with its value in one pass: a value that itself contains `{{…}}`
 * (an agent's output may) is never expanded again. Unknown placeholders are left as they are.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim()
    return Object.hasOwn(values, name) ? (values[name] as string) : whole
  })
}
