// Failures count (server driver, real opencode): a model provider failing on side b leaves b's runs missing
// (never 0) and a plain `run` executes them again once the provider is back; a skill that makes b time out
// on every case is rejected, the message naming b's failure rate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportDocument } from '../src-shared/export'
import { SKILL } from './agent-support'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import {
  DEFAULT_ANSWER_FILE,
  INTERNAL_ERROR_MESSAGE,
  startScriptedLlm,
  type CaseScript,
  type ScriptStep,
  type ScriptedLlm,
} from './support/scripted-llm'
import { runsOf, writeTask } from './support/server-task'

const WRITE_ANSWER: ScriptStep[] = [
  { tool: 'write', args: { filePath: DEFAULT_ANSWER_FILE, content: 'answer\n' } },
  { text: 'Done.' },
]
const PROVIDER_DOWN = '[[provider-down-for-b]]'
const SLOW_SKILL = '[[skill-blocks-b]]'
/** Side b's provider: every agent request of the variant with the skill gets a 500 while this is set. */
const providerFailsB: CaseScript = {
  match: PROVIDER_DOWN,
  withSkill: [{ fault: '500' }],
  withoutSkill: WRITE_ANSWER,
}
const IDLE_SEC = 15

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: SKILL,
    cases: [
      providerFailsB,
      {
        match: SLOW_SKILL,
        // The skill sends b into a command that never ends in time: the idle limit stops it (timeout).
        withSkill: [{ tool: 'bash', args: { command: 'sleep 60', description: 'wait' } }, ...WRITE_ANSWER],
        withoutSkill: WRITE_ANSWER,
      },
    ],
  })
  world = makeWorld(llm.url)
  writeSkill(world, `skills/${SKILL}`, SKILL)
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

const failuresOf = (doc: ExportDocument) => doc.decision.failures

async function exportOf(taskName: string): Promise<ExportDocument> {
  const res = await runCli(['export', taskName], world.env, world.root)
  expect(res.code, res.stderr).toBe(0)
  return JSON.parse(res.stdout) as ExportDocument
}

const cases = (marker: string, n: number): string =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: `c${i + 1}`, prompt: `Task ${i + 1}. ${marker}` }))
    .map((l) => `${l}\n`)
    .join('')

describe('failures count', () => {
  it('provider 5xx on b stays missing, not 0; a plain run executes those runs again once the provider is back', async () => {
    writeTask(world, 'down.json', 'provider down on b', SKILL, cases(PROVIDER_DOWN, 2))
    const first = await runCli(['run', 'down.json'], world.env, world.root)
    expect([0, 1, 3], first.stderr).toContain(first.code)
    expect(first.stderr).toMatch(
      /c1 · round 1 · b {2}failed \(provider error\) {2}APIError \(HTTP 500\): scripted/,
    )
    expect(first.stderr).toContain('2 runs failed through no fault of the agent (provider error: 2)')
    // Not done: a plain run still has runs to execute.
    expect(JSON.parse(first.stdout)).toMatchObject({ status: 'idle' })

    const doc = await exportOf('provider down on b')
    const bySide = (side: 'a' | 'b') => doc.runs.filter((r) => r.side === side)
    for (const run of bySide('b')) {
      expect(run).toMatchObject({ status: 'failed', failureType: 'provider_error', score: null })
      expect(run.failureMessage).toBe(`APIError (HTTP 500): ${INTERNAL_ERROR_MESSAGE}`)
    }
    for (const run of bySide('a')) expect(run).toMatchObject({ status: 'scored', score: 100 })
    // Not the agent's failure: nothing counted against b.
    expect(failuresOf(doc).failuresB).toBe(0)
    const attemptsA = runsOf(world, 'provider down on b')
      .filter((r) => r.side === 'a')
      .map((r) => r.attempt)

    // The provider is back: a plain `run` executes b's runs again and leaves a's alone.
    providerFailsB.withSkill = WRITE_ANSWER
    const second = await runCli(['run', 'down.json'], world.env, world.root)
    expect([0, 1, 3], second.stderr).toContain(second.code)
    expect(second.stderr).toMatch(/2 runs to execute/)
    expect(JSON.parse(second.stdout)).toMatchObject({ status: 'done' })
    const runs = runsOf(world, 'provider down on b')
    expect(runs.filter((r) => r.side === 'b').map((r) => [r.status, r.attempt])).toEqual([
      ['scored', 2],
      ['scored', 2],
    ])
    expect(runs.filter((r) => r.side === 'a').map((r) => r.attempt)).toEqual(attemptsA)
  })

  // Needs the decision's failures dimension and attributable failures scoring 0 (the statistics part of
  // this change): without them the timed-out runs are dropped and the task ends inconclusive (exit 3).
  it('a skill that makes b time out on every case → exit 1, reject, the message naming the failure rate', async () => {
    writeTask(world, 'slow.json', 'skill blocks b', SKILL, cases(SLOW_SKILL, 3), {
      timeoutSec: 60,
      idleTimeoutSec: IDLE_SEC,
      concurrency: 3,
    })
    const res = await runCli(['run', 'slow.json'], world.env, world.root)
    const runs = runsOf(world, 'skill blocks b')
    expect(
      runs.filter((r) => r.side === 'b').map((r) => r.failureType),
      res.stderr,
    ).toEqual(['timeout', 'timeout', 'timeout'])
    expect(
      runs.filter((r) => r.side === 'a').map((r) => r.status),
      res.stderr,
    ).toEqual(['scored', 'scored', 'scored'])
    expect(res.stderr).toMatch(/decision: REJECT/)
    // One line of the decision names failures and b's rate (all 3 of its runs).
    expect(res.stderr).toMatch(/fail[^\n]*(100\s?%|3 of 3|3\/3)/i)
    expect(res.code, res.stderr).toBe(1)
    const doc = await exportOf('skill blocks b')
    expect(failuresOf(doc)).toMatchObject({
      verdict: 'reject',
      failuresA: 0,
      runsA: 3,
      failuresB: 3,
      runsB: 3,
    })
  })
})
