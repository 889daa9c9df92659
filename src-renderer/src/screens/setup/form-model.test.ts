// The setup form's model and the pairwise judge: opt-in, kept when a task is duplicated, written back as is.
import { describe, expect, it } from 'vitest'
import { emptyForm, fromConfig, toConfig } from './form-model'

describe('setup form: pairwise evaluators', () => {
  it('the pairwise preset is offered but not ticked by default', () => {
    const form = emptyForm()
    expect(form.evaluators.map((e) => [e.id, e.enabled])).toEqual([
      ['preset-agent-task-completion', true],
      ['preset-agent-trace-quality', false],
      ['preset-pairwise-outcome', false],
    ])
    expect(toConfig(form).evaluators).toEqual([{ id: 'preset-agent-task-completion', weight: 1 }])
  })

  it('a duplicated task keeps its pairwise preset and its inline pairwise judge (no weight, no scale)', () => {
    const evaluators = [
      { id: 'preset-agent-task-completion', weight: 1 },
      { id: 'preset-pairwise-outcome', weight: 1 },
      { id: 'cmp', kind: 'pairwise', prompt: '{{response_1}} or {{response_2}}?' },
    ]
    const form = fromConfig({ name: 't', evaluators })
    expect(toConfig(form).evaluators).toEqual(evaluators)
  })
})
