import { describe, expect, it } from 'vitest'
import { parseJudgeOutput } from '../judge/parse-output'
import { pirateJudge } from './demo-model'

describe('the demo judge', () => {
  it('scores the final answer by its pirate voice, in a shape the real parser reads', () => {
    const pirate = parseJudgeOutput(
      pirateJudge('Final answer of the agent:\nAhoy, matey! Aye, ye asked. Arr!'),
      100,
    )
    const plain = parseJudgeOutput(pirateJudge('Final answer of the agent:\nHello! Here is the answer.'), 100)
    expect(pirate.ok && plain.ok).toBe(true)
    if (!pirate.ok || !plain.ok) return
    expect(pirate.score).toBeGreaterThan(plain.score + 40)
    expect(pirate.strategy).toBe('direct_json')
  })

  it('ignores pirate words outside the final answer (the skill text in the trajectory)', () => {
    const text = 'Trajectory: skill says Ahoy matey arr\nFinal answer of the agent:\nHello.'
    expect(JSON.parse(pirateJudge(text)).reason).toBe('0 pirate words in the final answer')
  })
})
