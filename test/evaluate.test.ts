// Execute → judge → decide → export through the CLI, with the real opencode binary as agent and judge.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { exportSchema } from '../src-shared/export'
import { totalTokens } from '../src-shared/run-rules'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type CaseScript, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World
let judgeText: string | null = null

/** b scores `b` and a scores `a` (the scripted judge reads the marker in each run's final answer). */
function scenario(match: string, a: number, b: number): CaseScript {
  return {
    match,
    withSkill: [
      { tool: 'skill', args: { name: 'pirate-speak' } },
      { text: `Arr, done. [[judge-score:${b}]]` },
    ],
    withoutSkill: [{ text: `Done. [[judge-score:${a}]]` }],
  }
}

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: 'pirate-speak',
    cases: [scenario('helps:', 40, 90)],
    judge: (text) =>
      judgeText ?? `{"score": ${/\[\[judge-score:(\d+)\]\]/.exec(text)?.[1] ?? 50}, "reason": "scripted"}`,
  })
  world = makeWorld(llm.url)
  writeSkill(world, 'skill', 'pirate-speak')
})
afterAll(async () => {
  await llm.close()
  world.cleanup()
})

function task(name: string, prefix: string, cases: number, extra: Record<string, unknown> = {}): string {
  const lines = Array.from({ length: cases }, (_, i) =>
    JSON.stringify({ id: `${prefix}${i + 1}`, prompt: `${prefix}: task ${i + 1}` }),
  )
  world.write(`${name}.jsonl`, `${lines.join('\n')}\n`)
  return world.write(
    `${name}.json`,
    JSON.stringify({
      name,
      skill: { path: './skill', label: 'v1' },
      dataset: { path: `./${name}.jsonl` },
      repeatRounds: 1,
      agent: { model: 'scripted/agent', timeoutSec: 90, concurrency: 2, driver: 'server' },
      judge: { model: 'scripted/judge', retries: 2 },
      // Loading the skill costs a step and its text: the gate is about capability here.
      policy: { costBudget: 4 },
      ...extra,
    }),
  )
}

function taskState(name: string) {
  const store = openStore(world.dataDir)
  try {
    const t = store.tasks.list().find((x) => x.taskName === name)
    if (!t) throw new Error(`no task ${name}`)
    const runs = store.runs.listByTask(t.id)
    return {
      task: t,
      runs,
      results: runs.flatMap((r) => store.evalResults.listByRun(r.id)),
      history: runs.map((r) => store.runs.history(r.id).map((h) => h.to)),
    }
  } finally {
    store.close()
  }
}

describe('skill-ab run: judge and decide', () => {
  it('a skill that clearly helps passes (exit 0) and the export validates against the shipped schema', async () => {
    const res = await runCli(
      ['run', task('helps', 'helps', 2), '--export', 'helps-export.json', '--markdown', 'helps.md'],
      world.env,
      world.root,
    )
    expect(res.stderr).toContain('decision: PASS')
    expect(res.code, res.stderr).toBe(0)
    const doc = exportSchema.parse(JSON.parse(readFileSync(`${world.root}/helps-export.json`, 'utf8')))
    expect(doc.decision.verdict).toBe('pass')
    expect(doc.decision.capability.estimate).toBe(50)
    expect(doc.runs).toHaveLength(4)
    expect(doc.runs.every((r) => r.status === 'scored' && r.evaluations.length === 1)).toBe(true)
    expect(doc.cases.map((c) => [c.a.score, c.b.score])).toEqual([
      [40, 90],
      [40, 90],
    ])
    expect(new Set(doc.runs.flatMap((r) => r.evaluations.map((e) => e.evaluatorRunId)))).toEqual(
      new Set([doc.task.evaluationBatchId]),
    )
    expect(readFileSync(`${world.root}/helps.md`, 'utf8')).toMatch(/pass/i)
    // Spend: each side's runs and their tokens, the judge's 4 judgements, in the export, the CLI and markdown.
    const sideTokens = (side: 'a' | 'b') =>
      doc.runs.filter((r) => r.side === side).reduce((n, r) => n + (r.tokens ? totalTokens(r.tokens) : 0), 0)
    expect(doc.spend?.a).toMatchObject({ runs: 2, tokens: { total: sideTokens('a') } })
    expect(doc.spend?.b).toMatchObject({ runs: 2, tokens: { total: sideTokens('b') } })
    expect(doc.spend?.a.tokens.total).toBeGreaterThan(0)
    expect(doc.spend?.judge.judgements).toBe(4)
    expect(res.stderr).toMatch(/^ {2}spend total .* tokens \(in /m)
    expect(readFileSync(`${world.root}/helps.md`, 'utf8')).toContain('### Spend')
    // The judge saw no tools and each run's own answer.
    expect(llm.requests.filter((r) => r.kind === 'judge').every((r) => r.tools.length === 0)).toBe(true)
  })

  it('invariants 1, 6: judge 500s and garbage are retried, then terminal failed with the raw output kept; re-evaluate fixes it without a new agent session; one batch id throughout', async () => {
    llm.setFault('500', { only: 'judge' })
    // Its a-run would take an earlier test's execution of the same case, with that run's judge result.
    const file = task('flaky', 'helps', 1, { reuseBaseline: false })
    const first = await runCli(['run', file], world.env, world.root)
    expect(first.code, first.stderr).toBe(3) // nothing scored: inconclusive
    let s = taskState('flaky')
    const batch = s.task.evaluationBatchId
    expect(batch).toMatch(/^batch_/)
    const sessions = s.runs.map((r) => r.sessionId)
    for (const run of s.runs) {
      expect([run.status, run.failureType]).toEqual(['failed', null])
      expect(run.failureMessage).toMatch(
        /evaluation failed: preset-agent-task-completion: .*scripted internal error/,
      )
    }
    // Retries happen while the run stays `evaluating`: no failed → evaluating → failed flicker.
    expect(s.history).toEqual(s.runs.map(() => ['pending', 'running', 'executed', 'evaluating', 'failed']))
    expect(s.results.map((r) => r.status)).toEqual(['failed', 'failed'])

    llm.setFault(null)
    judgeText = 'I think this is rather good work overall.'
    const agentCalls = llm.requests.filter((r) => r.kind === 'agent').length
    const garbage = await runCli(['reevaluate', 'flaky', '--failed'], world.env, world.root)
    expect(garbage.code, garbage.stderr).toBe(0)
    s = taskState('flaky')
    expect(s.runs.map((r) => r.status)).toEqual(['failed', 'failed'])
    expect(s.results.at(-1)?.rawOutput).toContain('I think this is rather good work overall.')

    judgeText = null
    const fixed = await runCli(['reevaluate', 'flaky', '--failed'], world.env, world.root)
    expect(fixed.code, fixed.stderr).toBe(0)
    s = taskState('flaky')
    expect(s.runs.map((r) => [r.side, r.status, r.score])).toEqual([
      ['a', 'scored', 40],
      ['b', 'scored', 90],
    ])
    expect(s.runs.map((r) => r.sessionId)).toEqual(sessions)
    expect(llm.requests.filter((r) => r.kind === 'agent').length).toBe(agentCalls)
    expect(s.task.evaluationBatchId).toBe(batch)
    expect(new Set(s.results.map((r) => r.evaluatorRunId))).toEqual(new Set([batch]))
    // Results are appended (per run: the 500, the garbage, the fix); display takes the latest.
    expect(s.results.map((r) => r.status)).toEqual(['failed', 'failed', 'done', 'failed', 'failed', 'done'])
  })
})
