// The judge through real opencode and the scripted LLM: a score, a scale, faults, cancel; command evaluators.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RUN_MARKER_VAR } from '../src-main/agent/isolation/run-env'
import { prepareWorkDir } from '../src-main/agent/drivers/workdir'
import { resolveEvaluators, type EvaluatorSpec } from '../src-main/judge/evaluators'
import { createJudge, type Judge, type JudgeAttempt, type JudgeInput } from '../src-main/judge/judge-runner'
import { quoted } from '../src-main/judge/judge-prompt'
import {
  INTERNAL_ERROR_MESSAGE,
  JUDGE_GARBAGE_TEXT,
  startScriptedLlm,
  writeProviderConfig,
  type ScriptedLlm,
} from './support/scripted-llm'
import { allText, toChatRequest } from '../src-main/demo/scripted-llm/request'

let llm: ScriptedLlm
let root: string
let runRoot: string
let judge: Judge
const [taskCompletion] = resolveEvaluators([{ id: 'preset-agent-task-completion', weight: 1 }]) as [
  EvaluatorSpec,
]

beforeAll(async () => {
  llm = await startScriptedLlm()
  root = mkdtempSync(join(tmpdir(), 'skill-ab-judge-'))
  const providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  runRoot = join(root, 'runs')
  judge = createJudge({
    env: { ...process.env, OPENCODE_CONFIG: providerConfig },
    model: 'scripted/judge',
    runRoot,
    timeoutSec: 60,
  })
})

afterAll(async () => {
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

function runInput(finalOutput: string, extra: Partial<JudgeInput> = {}): JudgeInput {
  return {
    prompt: 'Write the answer to answer.txt.',
    expectedOutput: 'answer.txt holds the answer',
    expectations: ['answer.txt exists'],
    events: [
      {
        type: 'tool_use',
        part: {
          tool: 'write',
          state: {
            status: 'completed',
            input: { filePath: 'answer.txt' },
            output: 'Wrote file successfully.',
          },
        },
      },
      { type: 'text', part: { text: finalOutput } },
    ],
    finalOutput,
    diff: 'diff --git a/answer.txt b/answer.txt\n+42\n',
    workDir: null,
    ...extra,
  }
}

const judgeRequests = () => llm.requests.filter((r) => r.kind === 'judge')

async function timed(p: Promise<JudgeAttempt>): Promise<JudgeAttempt> {
  const attempt = await p
  console.log(`judge attempt: ${attempt.status} in ${attempt.durationMs} ms`)
  return attempt
}

describe('LLM judge (opencode run --agent judge)', () => {
  it('returns the scripted score of a preset, with tokens, session and the prompt it sent; no tools offered', async () => {
    const before = judgeRequests().length
    const final = 'Done: wrote answer.txt. [[judge-score:85]]'
    const a = await timed(judge.evaluate(taskCompletion, runInput(final), new AbortController().signal))
    expect(a).toMatchObject({
      status: 'done',
      score: 85,
      parseStrategy: 'direct_json',
      retryable: false,
      error: null,
    })
    expect(a.reason).toBe('scripted judge')
    expect(a.tokens.input).toBeGreaterThan(0)
    expect(a.tokens.output).toBeGreaterThan(0)
    expect(a.costUsd).toBeGreaterThan(0)
    expect(a.sessionId).toMatch(/^ses_/)
    expect(a.condensedInput).toContain(final)
    expect(a.condensedInput).toContain('tool(write) completed')
    expect(a.condensedInput).toContain('- answer.txt exists')
    const sent = judgeRequests().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ model: 'judge', tools: [], skills: [] })
    const body = JSON.stringify(sent[0]?.body)
    expect(body).toContain('You are a strict evaluator')
    expect(body).not.toContain('available_skills')
    // Every private dir of the attempt is gone.
    expect(readdirSync(runRoot)).toEqual([])
  })

  it('blind judging: a run that loaded a skill reaches the judge without the skill call, name, text or snapshot path', async () => {
    const before = judgeRequests().length
    const dir = join(root, 'data', 'skills', 'tidy-notes', 'abc', 'tidy-notes')
    const body = 'Group every action item under a heading called Next Steps and name its owner.'
    const input = runInput('Done: grouped every action item under a heading called Next Steps.', {
      blind: { skills: [{ name: 'tidy-notes', text: body }], snapshotDirs: [dir] },
    })
    input.events.unshift(
      {
        type: 'tool_use',
        part: {
          tool: 'skill',
          state: {
            status: 'completed',
            input: { name: 'tidy-notes' },
            output: `<skill_content name="tidy-notes"># Skill: tidy-notes\n${body}\nBase directory for this skill: file://${dir}</skill_content>`,
          },
        },
      },
      {
        type: 'tool_use',
        part: {
          tool: 'read',
          state: { status: 'completed', input: { filePath: `${dir}/SKILL.md` }, output: body },
        },
      },
    )
    const a = await timed(judge.evaluate(taskCompletion, input, new AbortController().signal))
    expect(a, a.error ?? '').toMatchObject({ status: 'done' })
    const sent = judgeRequests().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ tools: [], skills: [] })
    const text = allText(toChatRequest(sent[0]?.body))
    for (const hidden of [
      'tidy-notes',
      'skill_content',
      'Base directory',
      'tool(skill)',
      'action item under',
      dir,
      'available_skills',
    ])
      expect(text).not.toContain(hidden)
    expect(text).toContain('tool(write) completed')
    expect(a.condensedInput).toContain('Done: grouped […].')
  })

  it('reads a bare number on an inline evaluator’s scale (10)', async () => {
    const [tone] = resolveEvaluators([
      { id: 'tone', kind: 'llm', prompt: 'Rate the tone 0-10.\n{{ final_output }}', scale: 10, weight: 1 },
    ]) as [EvaluatorSpec]
    const a = await timed(
      judge.evaluate(tone, runInput('Arr, done. [[judge-score:7]]'), new AbortController().signal),
    )
    expect(a).toMatchObject({ status: 'done', score: 70, parseStrategy: 'direct_json' })
    // The agent's answer is quoted as data between the markers (docs/decision.md "Judge tampering").
    expect(a.condensedInput).toBe(`Rate the tone 0-10.\n${quoted('Arr, done. [[judge-score:7]]')}`)
  })

  it('a provider 500 (after opencode’s own retries) is a retryable failure naming the provider’s message', async () => {
    const a = await timed(
      judge.evaluate(taskCompletion, runInput('[[judge-fault:500]]'), new AbortController().signal),
    )
    expect(a).toMatchObject({ status: 'failed', score: null, retryable: true, parseStrategy: null })
    expect(a.error).toContain(INTERNAL_ERROR_MESSAGE)
    expect(a.error).toContain('500')
  })

  it('an answer without a score is a retryable failure that keeps the raw output', async () => {
    const a = await timed(
      judge.evaluate(taskCompletion, runInput('[[judge-fault:garbage]]'), new AbortController().signal),
    )
    expect(a).toMatchObject({ status: 'failed', score: null, retryable: true, parseStrategy: null })
    expect(a.rawOutput).toBe(JUDGE_GARBAGE_TEXT)
    expect(a.error).toMatch(/^unparseable judge output: no score within 0–100/)
    expect(a.tokens.output).toBeGreaterThan(0)
  })

  it('a 404 (unknown model at the provider) is not retryable', async () => {
    llm.setFault('404', { times: 1 })
    const a = await timed(judge.evaluate(taskCompletion, runInput('fine'), new AbortController().signal))
    expect(a).toMatchObject({ status: 'failed', retryable: false })
    expect(a.error).toContain('404')
  })

  it('cancel stops the judge at once: failed, not retryable, "canceled"', async () => {
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 2500)
    const started = Date.now()
    const a = await timed(judge.evaluate(taskCompletion, runInput('[[judge-delay:30000]]'), ac.signal))
    expect(a).toMatchObject({ status: 'failed', retryable: false, error: 'canceled', score: null })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(readdirSync(runRoot)).toEqual([])
  })
})

/** Processes whose private dirs (RUN_MARKER_VAR) lie under `dir`. */
function processesUnder(dir: string): number[] {
  const needle = Buffer.from(`\0${RUN_MARKER_VAR}=${dir}/`)
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n) && Number(n) !== process.pid)
    .filter((n) => {
      try {
        return readFileSync(`/proc/${n}/environ`).includes(needle)
      } catch {
        return false
      }
    })
    .map(Number)
}

describe('LLM judge over opencode serve (a task with agent.driver "server")', () => {
  let served: Judge
  let servedRoot: string
  beforeAll(() => {
    servedRoot = join(root, 'served')
    served = createJudge({
      env: {
        ...process.env,
        OPENCODE_CONFIG: writeProviderConfig(join(root, 'p2.json'), { baseURL: llm.url }),
      },
      model: 'scripted/judge',
      runRoot: servedRoot,
      timeoutSec: 60,
      driver: 'server',
    })
  })
  afterAll(() => served?.close())

  it('judges in sessions of one warm server per scale: the score, tokens and prompt of a process judge, no tools', async () => {
    const before = judgeRequests().length
    const signal = new AbortController().signal
    const final = 'Done: wrote answer.txt. [[judge-score:85]]'
    const a = await timed(served.evaluate(taskCompletion, runInput(final), signal))
    const b = await timed(served.evaluate(taskCompletion, runInput('Done. [[judge-score:40]]'), signal))
    expect(a).toMatchObject({
      status: 'done',
      score: 85,
      parseStrategy: 'direct_json',
      reason: 'scripted judge',
    })
    expect(b).toMatchObject({ status: 'done', score: 40 })
    expect(a.tokens.input).toBeGreaterThan(0)
    expect(a.costUsd).toBeGreaterThan(0)
    expect(a.sessionId).toMatch(/^ses_/)
    expect(b.sessionId).not.toBe(a.sessionId)
    expect(a.condensedInput).toContain('- answer.txt exists')
    const sent = judgeRequests().slice(before)
    expect(sent).toHaveLength(2)
    expect(sent[0]).toMatchObject({ model: 'judge', tools: [], skills: [] })
    expect(JSON.stringify(sent[0]?.body)).toContain('You are a strict evaluator')
    // One server so far (scale 100); a scale-10 evaluator gets its own, with its own system prompt.
    expect(readdirSync(servedRoot)).toHaveLength(1)
    const [tone] = resolveEvaluators([
      { id: 'tone', kind: 'llm', prompt: 'Rate the tone 0-10.\n{{ final_output }}', scale: 10, weight: 1 },
    ]) as [EvaluatorSpec]
    expect(await served.evaluate(tone, runInput('Arr. [[judge-score:7]]'), signal)).toMatchObject({
      score: 70,
    })
    expect(readdirSync(servedRoot)).toHaveLength(2)
  })

  it('a provider 500 is a retryable failure with its message; cancel stops at once; close leaves nothing', async () => {
    const fault = await timed(
      served.evaluate(taskCompletion, runInput('[[judge-fault:500]]'), new AbortController().signal),
    )
    expect(fault).toMatchObject({ status: 'failed', score: null, retryable: true })
    expect(fault.error).toContain(INTERNAL_ERROR_MESSAGE)
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 1500)
    const started = Date.now()
    const canceled = await served.evaluate(taskCompletion, runInput('[[judge-delay:30000]]'), ac.signal)
    expect(canceled).toMatchObject({ status: 'failed', retryable: false, error: 'canceled', score: null })
    expect(Date.now() - started).toBeLessThan(8000)
    expect(processesUnder(servedRoot).length).toBeGreaterThan(0)
    await served.close()
    expect(processesUnder(servedRoot)).toEqual([])
    expect(readdirSync(servedRoot)).toEqual([])
  })
})

describe('command evaluator', () => {
  const command = (cmd: string): EvaluatorSpec =>
    resolveEvaluators([{ id: 'check', kind: 'command', command: cmd, weight: 1 }])[0] as EvaluatorSpec

  it('runs in the finished work dir: exit 0 → 100, exit 1 → 0, output kept, no app secrets in its env', async () => {
    const workDir = join(root, 'work-cmd')
    await prepareWorkDir(workDir, { 'answer.txt': '42\n' })
    const input = runInput('done', { workDir })
    const signal = new AbortController().signal
    const ok = await judge.evaluate(command('pwd; cat answer.txt; env | sort'), input, signal)
    expect(ok).toMatchObject({
      status: 'done',
      score: 100,
      retryable: false,
      parseStrategy: null,
      error: null,
    })
    expect(ok.rawOutput).toContain(`${workDir}\n42\n`)
    expect(ok.rawOutput).not.toContain('OPENCODE_CONFIG')
    // The app's markers are there (so a dead app's evaluator is reaped); no other app variable is.
    expect(ok.rawOutput).not.toMatch(/^SKILL_AB_(?!OWNER=|RUN=)|_API_KEY=/m)
    const bad = await judge.evaluate(command('echo "1 test failed" >&2; exit 1'), input, signal)
    expect(bad).toMatchObject({
      status: 'done',
      score: 0,
      retryable: false,
      reason: 'the command exited with code 1',
    })
    expect(bad.rawOutput).toBe('1 test failed\n')
  })

  it('is refused without a work dir', async () => {
    const signal = new AbortController().signal
    const none = await judge.evaluate(command('true'), runInput('x'), signal)
    expect(none).toMatchObject({ status: 'failed', retryable: false, score: null })
    expect(none.error).toMatch(/has no work dir/)
    const gone = await judge.evaluate(command('true'), runInput('x', { workDir: join(root, 'nope') }), signal)
    expect(gone.error).toMatch(/no longer exists/)
  })
})
