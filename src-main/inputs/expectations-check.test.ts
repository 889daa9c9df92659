// A task judging expectations is refused when a selected case has none, naming the cases.
import { describe, expect, it } from 'vitest'
import { checkExpectationsCases } from './expectations-check'
import { inputError } from './temp-files.fixture'

const cases = [
  { id: '1', expectations: ['says "42"'] },
  { id: '2', expectations: [' '] },
  { id: '3', expectations: [] },
]

describe('checkExpectationsCases', () => {
  it('refuses cases without expectations when preset-expectations is listed, naming them', () => {
    const config = {
      evaluators: [
        { id: 'preset-agent-task-completion', weight: 1 },
        { id: 'preset-expectations', weight: 1 },
      ],
    } as const
    expect(inputError(() => checkExpectationsCases(config as never, cases)).message).toMatch(
      /evaluators\[1\]: evaluator "preset-expectations" checks each case's expectations, and cases "2", "3" have none/,
    )
    expect(() => checkExpectationsCases(config as never, cases.slice(0, 1))).not.toThrow()
    const inline = { evaluators: [{ id: 'checks', kind: 'expectations', weight: 1 }] }
    expect(inputError(() => checkExpectationsCases(inline as never, cases)).message).toMatch(
      /evaluators\[0\]: evaluator "checks" checks each case's expectations, and cases "2", "3" have none/,
    )
  })

  it('lets any case through when no evaluator checks expectations', () => {
    const config = { evaluators: [{ id: 'preset-agent-task-completion', weight: 1 }] }
    expect(() => checkExpectationsCases(config as never, cases)).not.toThrow()
  })
})
