// The demo's scripted model: the project's test LLM with a script for the bundled pirate example and a judge
// that rewards pirate voice. Deterministic, offline, no key — clearly a demo, not a measurement.
import type { ScriptedLlmOptions } from './scripted-llm'
import { plural } from '../../src-shared/plural'

const PIRATE = /\b(arr|ahoy|matey|aye|ye)\b/gi

/** Score 0–100 from how much pirate voice the judged answer has, with a small per-answer spread. */
export function pirateJudge(requestText: string): string {
  const answer = requestText.slice(requestText.lastIndexOf('Final answer of the agent'))
  const words = answer.match(PIRATE)?.length ?? 0
  const spread = [...answer].reduce((n, ch) => (n + ch.charCodeAt(0)) % 9, 0)
  const score = Math.min(97, 30 + words * 11 + spread)
  return JSON.stringify({
    score,
    reason: `${plural(words, 'pirate word')} in the final answer`,
  })
}

export const demoModel: ScriptedLlmOptions = {
  skillName: 'pirate-speak',
  defaultScript: {
    withSkill: [
      { tool: 'skill', args: { name: 'pirate-speak' } },
      {
        tool: 'write',
        args: { filePath: 'reply.txt', content: 'Ahoy, matey! Aye, here be the answer ye asked for.\n' },
      },
      { text: 'Ahoy, matey! Aye, here be the answer ye asked for — written to reply.txt. Arr!' },
    ],
    withoutSkill: [
      {
        tool: 'write',
        args: { filePath: 'reply.txt', content: 'Hello! Here is the answer you asked for.\n' },
      },
      { text: 'Hello! Here is the answer you asked for, also written to reply.txt.' },
    ],
  },
  judge: pirateJudge,
}
