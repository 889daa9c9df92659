// Adaptive rounds (docs/decision.md, "Adaptive rounds") with the real opencode and the scripted model: a
// task whose cases all show a clear effect stops at its first look, every case at min rounds, and passes;
// the plan it ran is stored with the task and shown with the decision.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import type { ExportDocument } from '../src-shared/export'
import { SKILL } from './agent-support'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { DEFAULT_ANSWER_FILE, startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { writeTask } from './support/server-task'

const CLEAR = '[[only-the-skill-writes-the-answer]]'
const SAME = '[[both-sides-write-the-answer]]'
const WRITE = [
  { tool: 'write', args: { filePath: DEFAULT_ANSWER_FILE, content: 'answer\n' } },
  { text: 'Done.' },
]

const sessionsStarted = () => llm.requests.filter((r) => r.kind === 'agent' && r.stepIndex === 0).length

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: SKILL,
    // b (offered the skill) writes the answer the evaluator checks for; a does not: 100 against 0.
    cases: [
      {
        match: CLEAR,
        withSkill: WRITE,
        withoutSkill: [{ text: 'I cannot do that.' }],
      },
      // Both sides write it: no effect.
      { match: SAME, withSkill: WRITE, withoutSkill: WRITE },
    ],
  })
  world = makeWorld(llm.url)
  writeSkill(world, `skills/${SKILL}`, SKILL)
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

it('a clear effect in every case stops at min rounds (1 of at most 3) and passes', async () => {
  const cases = ['c1', 'c2', 'c3']
    .map((id, i) => `${JSON.stringify({ id, prompt: `Task ${i + 1}. ${CLEAR}` })}\n`)
    .join('')
  writeTask(
    world,
    'adaptive.json',
    'adaptive clear effect',
    SKILL,
    cases,
    {},
    {
      adaptiveRounds: { min: 1, max: 3 },
      // The skill's answer costs tokens a's refusal does not: this test is about rounds, not cost.
      policy: { costBudget: 100 },
    },
  )
  // The estimate counts the rounds adaptive rounds may reach, not repeatRounds' default of 3.
  writeTask(
    world,
    'adaptive-5.json',
    'adaptive up to 5',
    SKILL,
    cases,
    {},
    { adaptiveRounds: { min: 1, max: 5 } },
  )
  const estimate = await runCli(['run', 'adaptive-5.json', '--estimate'], world.env, world.root)
  expect(estimate.stderr + estimate.stdout).toMatch(/the whole task 30 runs/)
  const res = await runCli(
    ['run', 'adaptive.json', '--export', 'adaptive-export.json'],
    world.env,
    world.root,
  )
  expect(res.code, res.stderr).toBe(0)
  expect(res.stderr).toMatch(/decision: PASS/)
  expect(res.stderr).toMatch(
    /adaptive rounds \(min 1, max 3\): 1 look, stopped \(pass\); 3 cases at 1 round; 6 of at most 18 runs/,
  )

  const doc = JSON.parse(readFileSync(join(world.root, 'adaptive-export.json'), 'utf8')) as ExportDocument
  expect(doc.runs).toHaveLength(6)
  expect(new Set(doc.runs.map((r) => r.round))).toEqual(new Set([1]))
  expect(doc.cases.map((c) => [c.caseId, c.a.score, c.b.score])).toEqual([
    ['c1', 0, 100],
    ['c2', 0, 100],
    ['c3', 0, 100],
  ])
  // Six agent sessions, no more (fixed 3 rounds would have made 18): each starts with a step-0 request.
  expect(sessionsStarted()).toBe(6)

  // The plan is stored with the task: a resume (or a crash) continues it, here with nothing left to run.
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === 'adaptive clear effect')
    expect(store.adaptivePlans.get(task?.id ?? '')).toMatchObject({
      min: 1,
      max: 3,
      rounds: { c1: 1, c2: 1, c3: 1 },
      stop: 'pass',
    })
  } finally {
    store.close()
  }
  const again = await runCli(['run', 'adaptive.json'], world.env, world.root)
  expect(again.code, again.stderr).toBe(0)
  expect(sessionsStarted()).toBe(6)
})

it('an uncertain verdict adds a round between looks, executed in the same run, until nothing is uncertain', async () => {
  const before = sessionsStarted()
  const cases = [
    `${JSON.stringify({ id: 'x1', prompt: `Task x1. ${CLEAR}` })}\n`,
    `${JSON.stringify({ id: 'x2', prompt: `Task x2. ${SAME}` })}\n`,
  ].join('')
  writeTask(
    world,
    'mixed.json',
    'adaptive mixed',
    SKILL,
    cases,
    {},
    {
      adaptiveRounds: { min: 1, max: 3 },
      policy: { costBudget: 100 },
    },
  )
  const res = await runCli(['run', 'mixed.json'], world.env, world.root)
  expect(res.code, res.stderr).toBe(3)
  // Look 1: one case lifts 100 points, the other none; no round spread is known yet, so both get round 2.
  // Look 2: every round repeats itself exactly, so no case is uncertain any more: the plan is settled.
  expect(res.stderr).toMatch(
    /adaptive rounds \(min 1, max 3\): 2 looks, stopped \(settled\); 2 cases at 2 rounds; 8 of at most 12 runs/,
  )
  expect(sessionsStarted() - before).toBe(8)
})
