// A human correction lasts: through `skill-ab reevaluate` of every run it stays in the run's score and in
// the export (with the judge's new score beside it); only executing the run again drops it, and `run`
// says so. Real opencode (server driver) as agent and judge, the scripted LLM as both models.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openStore, type RunRow } from '../src-main/db'
import { openAppContext } from '../src-main/services/app-context'
import { correctResult } from '../src-main/services/correct-result'
import { exportSchema } from '../src-shared/export'
import { expectDecided } from './support/expect-decided'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { runsOf, SERVER_AGENT } from './support/server-task'

const TASK = 'corrections last'
const EVALUATOR = 'preset-agent-task-completion'

let llm: ScriptedLlm
let world: World
/** What the scripted judge answers now. */
let judgeScore = 40

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: 'pirate-speak',
    judge: () => `{"score": ${judgeScore}, "reason": "scripted judge"}`,
  })
  world = makeWorld(llm.url)
  writeSkill(world, 'skill', 'pirate-speak')
  world.write('cases.jsonl', '{"id": "c1", "prompt": "say hello"}\n')
  world.write(
    'task.json',
    JSON.stringify({
      name: TASK,
      skill: { path: './skill', label: 'v1' },
      dataset: { path: './cases.jsonl' },
      repeatRounds: 1,
      agent: SERVER_AGENT,
      judge: { model: 'scripted/judge', retries: 0 },
    }),
  )
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

const cli = (...args: string[]) => runCli(args, world.env, world.root)

async function exported() {
  const res = await cli('export', TASK)
  expect(res.code, res.stderr).toBe(0)
  return exportSchema.parse(JSON.parse(res.stdout))
}

it('a correction survives `reevaluate` of all runs in the score and the export; re-executing the run drops it and says so', async () => {
  expectDecided(await cli('run', 'task.json'))
  const b = runsOf(world, TASK).find((r) => r.side === 'b') as RunRow
  expect([b.status, b.score]).toEqual(['scored', 40])

  // The correction the run view and the API make.
  const ctx = openAppContext({ env: world.env, kind: 'cli' })
  try {
    correctResult(ctx, {
      runId: b.id,
      evaluatorId: EVALUATOR,
      score: 90,
      note: 'the judge missed the greeting',
    })
  } finally {
    ctx.close()
  }

  judgeScore = 55
  const re = await cli('reevaluate', TASK)
  expect(re.code, re.stderr).toBe(0)
  expect(runsOf(world, TASK).map((r) => [r.side, r.score])).toEqual([
    ['a', 55],
    ['b', 90],
  ])
  expect(re.stderr).toContain('re-judged 2 runs, 1 of them corrected: its correction stays in force')
  expect(JSON.parse(re.stdout)).toMatchObject({ runs: 2, scored: 2, corrected: 1 })

  const doc = await exported()
  const entry = doc.runs.find((r) => r.id === b.id)
  expect(entry?.score).toBe(90)
  expect(entry?.evaluations).toHaveLength(1)
  expect(entry?.evaluations[0]).toMatchObject({
    evaluatorId: EVALUATOR,
    score: 55,
    correction: { score: 90, note: 'the judge missed the greeting' },
  })
  expect(doc.judgeAgreement).toEqual([
    { evaluatorId: EVALUATOR, n: 1, meanAbsDiff: 35, meanDiff: -35, within10: 0, spearman: null },
  ])

  // Executing the run again: its correction applied to the old execution only.
  const rerun = await cli('run', 'task.json', '--runs', b.id)
  expectDecided(rerun)
  expect(rerun.stderr).toContain('1 correction no longer applies')
  const after = runsOf(world, TASK).find((r) => r.id === b.id) as RunRow
  expect(after.sessionId).not.toBe(b.sessionId)
  expect([after.status, after.score]).toEqual(['scored', 55])
  expect((await exported()).runs.find((r) => r.id === b.id)?.evaluations[0]?.correction).toBeNull()
  const store = openStore(world.dataDir)
  try {
    expect(store.corrections.droppedFor(b.id, after.sessionId).map((c) => c.score)).toEqual([90])
  } finally {
    store.close()
  }
  // Three agent runs and five judge calls: ≈30 s on an idle machine, minutes on a loaded one.
}, 900_000)
