// `{{variable}}` templates: rendering in one pass, and a sentence for every unknown variable.
import { describe, expect, it } from 'vitest'
import { renderTemplate, templateProblems, templateVariables, type TemplateValues } from './template'

const VALUES: TemplateValues = {
  prompt: 'P',
  expected_output: 'E',
  expectations: '- x',
  final_output: 'F',
  trajectory: 'T',
  workspace_diff: 'D',
}

describe('renderTemplate', () => {
  it('replaces every known variable, whitespace inside the braces allowed, as often as it appears', () => {
    const t =
      '{{prompt}}|{{ expected_output }}|{{expectations}}|{{\tfinal_output\n}}|{{trajectory}}|{{workspace_diff}}|{{prompt}}'
    expect(renderTemplate(t, VALUES)).toBe('P|E|- x|F|T|D|P')
  })

  it('never expands a value again, and leaves single braces and unknown placeholders alone', () => {
    const values = { ...VALUES, final_output: 'I wrote {{prompt}} and $& and $1' }
    expect(renderTemplate('{"score": n} {{final_output}} {{other}}', values)).toBe(
      '{"score": n} I wrote {{prompt}} and $& and $1 {{other}}',
    )
  })
})

describe('templateProblems', () => {
  it('is empty for a template using known variables (or none)', () => {
    expect(
      templateProblems('Rate {{ final_output }} against {{expected_output}}. Reply {"score": 1}'),
    ).toEqual([])
    expect(templateProblems('no variables at all')).toEqual([])
  })

  it('names each unknown variable once, with the list to use and a near match when there is one', () => {
    expect(templateProblems('{{foo}} {{ foo }} {{finalOutput}} {{}}')).toEqual([
      'unknown variable {{foo}}: use one of {{prompt}}, {{expected_output}}, {{expectations}}, {{final_output}}, {{trajectory}}, {{workspace_diff}}',
      'unknown variable {{finalOutput}}: did you mean {{final_output}}? use one of {{prompt}}, {{expected_output}}, {{expectations}}, {{final_output}}, {{trajectory}}, {{workspace_diff}}',
      'unknown variable {{}}: use one of {{prompt}}, {{expected_output}}, {{expectations}}, {{final_output}}, {{trajectory}}, {{workspace_diff}}',
    ])
  })

  it('lists the variables a template uses, once each, in order', () => {
    expect(templateVariables('{{trajectory}} {{prompt}} {{ trajectory }} {{nope}}')).toEqual([
      'trajectory',
      'prompt',
    ])
  })
})
