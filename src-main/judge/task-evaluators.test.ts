// Which of a task's evaluators score runs and which one compares them, from its stored config.
import { describe, expect, it } from 'vitest'
import { pairwiseEvaluatorOf, pointwiseEvaluatorsOf } from './task-evaluators'

const task = (config: object) => ({ configJson: JSON.stringify(config) })

describe('task evaluators', () => {
  it('the pairwise evaluator compares runs and is never among those that score them', () => {
    const t = task({
      evaluators: [
        { id: 'preset-agent-task-completion', weight: 1 },
        { id: 'preset-pairwise-outcome' },
        { id: 'tests', kind: 'command', command: 'npm test', weight: 1 },
      ],
    })
    expect(pointwiseEvaluatorsOf(t).map((e) => e.id)).toEqual(['preset-agent-task-completion', 'tests'])
    expect(pairwiseEvaluatorOf(t)?.id).toBe('preset-pairwise-outcome')
  })

  it("a config that lists no evaluators has the config's default, and no pairwise evaluator", () => {
    expect(pointwiseEvaluatorsOf(task({})).map((e) => e.id)).toEqual(['preset-agent-task-completion'])
    expect(pairwiseEvaluatorOf(task({}))).toBeNull()
  })
})
