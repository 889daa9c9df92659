// `{{variable}}` templates of LLM evaluators (DESIGN §7): the six known variables, rendering and checking.

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

/** A value for every variable (already formatted as the judge should read it). */
export type TemplateValues = Record<TemplateVariable, string>

/** `{{ name }}`: anything but braces between double braces, whitespace inside allowed. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g

export function isTemplateVariable(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name)
}

/** The variables a template uses, each once, in order of first use. */
export function templateVariables(template: string): TemplateVariable[] {
  const seen = new Set<TemplateVariable>()
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').trim()
    if (isTemplateVariable(name)) seen.add(name)
  }
  return [...seen]
}

const letters = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '')

/**
 * What is wrong with a template, one sentence per unknown placeholder (each named once); empty when it
 * is fine. A placeholder is `{{…}}`; single braces (JSON examples in the prompt) are left alone.
 */
export function templateProblems(template: string): string[] {
  const problems: string[] = []
  const reported = new Set<string>()
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').trim()
    if (isTemplateVariable(name) || reported.has(name)) continue
    reported.add(name)
    const near = TEMPLATE_VARIABLES.find((v) => v.replace(/_/g, '') === letters(name))
    const hint = near ? `did you mean {{${near}}}? ` : ''
    problems.push(
      `unknown variable {{${name}}}: ${hint}use one of ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`,
    )
  }
  return problems
}

/**
 * Replaces every known `{{variable}}` with its value in one pass: a value that itself contains `{{…}}`
 * (an agent's output may) is never expanded again. Unknown placeholders are left as they are.
 */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim()
    return isTemplateVariable(name) ? values[name] : whole
  })
}
