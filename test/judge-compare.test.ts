// The pairwise judge through real opencode and the scripted LLM: the same judge conversation as a score
// (process and server), a winner read from its answer, its own system prompt (and its own warm server).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveEvaluators, type EvaluatorSpec } from '../src-main/judge/evaluators'
import { createJudge, type JudgeInput, type JudgeOptions } from '../src-main/judge/judge-runner'
import { defaultJudge, startScriptedLlm, writeProviderConfig, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let root: string
let options: Omit<JudgeOptions, 'runRoot'>
const [taskCompletion, pairwise] = resolveEvaluators([
  { id: 'preset-agent-task-completion', weight: 1 },
  { id: 'preset-pairwise-outcome', weight: 1 },
]) as [EvaluatorSpec, EvaluatorSpec]

beforeAll(async () => {
  // A comparison's winner comes from a [[winner:X]] marker in its prompt; anything else as the default judge.
  llm = await startScriptedLlm({
    judge: (text) => {
      const winner = /\[\[winner:(\w+)\]\]/.exec(text)?.[1]
      return winner ? JSON.stringify({ winner, reason: 'scripted comparison' }) : defaultJudge(text)
    },
  })
  root = mkdtempSync(join(tmpdir(), 'skill-ab-compare-'))
  const providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  options = {
    env: { ...process.env, OPENCODE_CONFIG: providerConfig },
    model: 'scripted/judge',
    timeoutSec: 60,
  }
})

afterAll(async () => {
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

function runInput(finalOutput: string): JudgeInput {
  return {
    prompt: 'Write the answer to answer.txt.',
    expectedOutput: 'answer.txt holds the answer',
    expectations: ['answer.txt exists'],
    events: [{ type: 'text', part: { text: finalOutput } }],
    finalOutput,
    diff: '',
    workDir: null,
  }
}

const judgeRequests = () => llm.requests.filter((r) => r.kind === 'judge')
const signal = new AbortController().signal

describe('pairwise judge', () => {
  it('a process judge names the winner; both responses in order; its own system prompt; no winner → retryable', async () => {
    const runRoot = join(root, 'runs')
    const judge = createJudge({ ...options, runRoot })
    const before = judgeRequests().length
    const input = { responses: [runInput('FIRST answer'), runInput('SECOND answer [[winner:2]]')] } as {
      responses: [JudgeInput, JudgeInput]
    }
    const a = await judge.compare(pairwise, input, signal)
    expect(a).toMatchObject({
      status: 'done',
      winner: '2',
      parseStrategy: 'direct_json',
      reason: 'scripted comparison',
    })
    expect(a.sessionId).toMatch(/^ses_/)
    expect(a.tokens.output).toBeGreaterThan(0)
    const second = a.condensedInput.indexOf('## Response 2')
    expect(a.condensedInput.indexOf('FIRST answer')).toBeLessThan(second)
    expect(a.condensedInput.indexOf('SECOND answer')).toBeGreaterThan(second)
    const sent = judgeRequests().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ model: 'judge', tools: [], skills: [] })
    expect(JSON.stringify(sent[0]?.body)).toContain('The order the responses are shown in means nothing')
    // An answer without a winner (here a score) is a retryable failure that keeps the raw output.
    const none = await judge.compare(pairwise, { responses: [runInput('x'), runInput('y')] }, signal)
    expect(none).toMatchObject({
      status: 'failed',
      winner: null,
      retryable: true,
      rawOutput: defaultJudge(''),
    })
    expect(none.error).toMatch(/^unparseable judge output: no winner/)
    // A scoring evaluator cannot compare, a pairwise one cannot score: refused before any judge runs.
    expect(await judge.compare(taskCompletion, input, signal)).toMatchObject({
      status: 'failed',
      retryable: false,
    })
    expect(await judge.evaluate(pairwise, runInput('x'), signal)).toMatchObject({
      status: 'failed',
      retryable: false,
    })
    expect(judgeRequests().length - before).toBe(2)
    expect(readdirSync(runRoot)).toEqual([])
  })

  it('on opencode serve, comparisons get a warm server of their own beside the scoring one', async () => {
    const servedRoot = join(root, 'served')
    const served = createJudge({ ...options, runRoot: servedRoot, driver: 'server' })
    try {
      const scored = await served.evaluate(taskCompletion, runInput('Done. [[judge-score:40]]'), signal)
      expect(scored).toMatchObject({ status: 'done', score: 40 })
      const compared = await served.compare(
        pairwise,
        { responses: [runInput('one [[winner:tie]]'), runInput('two')] },
        signal,
      )
      expect(compared).toMatchObject({ status: 'done', winner: 'tie', reason: 'scripted comparison' })
      expect(readdirSync(servedRoot)).toHaveLength(2)
    } finally {
      await served.close()
    }
    expect(readdirSync(servedRoot)).toEqual([])
  })
})
