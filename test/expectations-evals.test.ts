// A skill-creator evals folder as it comes (real opencode, scripted LLM, server driver): its case brings a
// binary xlsx fixture and expectations; the fixture arrives byte for byte in each run's work dir, and the
// expectations evaluator gives a verdict per expectation in one blind judge call per run, stored, shown in
// the export, and scored as the share passed.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src-main/db'
import { expectationVerdictsOf } from '../src-shared/expectation-verdict'
import { expectDecided } from './support/expect-decided'
import { makeWorld, runCli, stopCliChildren, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { SERVER_AGENT, runsOf } from './support/server-task'

const SKILL = 'sales-sum'
const FIXTURE = 'evals/files/sales.xlsx'
/** Not UTF-8 and holding NUL bytes: a zip header like a real xlsx, then every byte value once. */
const XLSX = Buffer.concat([
  Buffer.from('PK\u0003\u0004\u0014\u0000', 'latin1'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
])
const EXPECTATIONS = ['the answer says "TOTAL=42"', 'the answer is written to "answer.txt"']

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  const write = (content: string) => ({ tool: 'write', args: { filePath: 'answer.txt', content } })
  llm = await startScriptedLlm({
    skillName: SKILL,
    cases: [
      {
        match: 'Sum the sales',
        withSkill: [{ tool: 'skill', args: { name: SKILL } }, write('TOTAL=42\n'), { text: 'TOTAL=42' }],
        withoutSkill: [write('no total\n'), { text: 'I could not read the workbook.' }],
      },
    ],
  })
  world = makeWorld(llm.url)
  writeSkill(world, `skills/${SKILL}`, SKILL, 'Sum the sales column and print TOTAL=<sum>.')
  writeFileSync(world.write(`skills/${SKILL}/${FIXTURE}`, ''), XLSX)
  world.write(
    `skills/${SKILL}/evals/evals.json`,
    JSON.stringify({
      skill_name: SKILL,
      evals: [
        {
          id: 1,
          prompt: 'Sum the sales in evals/files/sales.xlsx and write the total to answer.txt.',
          expected_output: 'TOTAL=42',
          files: [FIXTURE],
          expectations: EXPECTATIONS,
        },
      ],
    }),
  )
  world.write(
    'task.json',
    JSON.stringify({
      name: 'expectations',
      skill: { path: `./skills/${SKILL}` },
      dataset: { path: `./skills/${SKILL}/evals/evals.json` },
      repeatRounds: 1,
      evaluators: [{ id: 'preset-expectations' }],
      judge: { model: 'scripted/judge', retries: 0 },
      agent: SERVER_AGENT,
    }),
  )
})

afterAll(async () => {
  await stopCliChildren()
  await llm?.close()
  world?.cleanup()
})

describe('a skill-creator evals folder with a binary fixture and expectations', () => {
  it('runs with the xlsx byte for byte, and judges each expectation blind, once per run', async () => {
    const res = await runCli(['run', 'task.json', '--export', 'result.json'], world.env, world.root)
    expectDecided(res)
    const runs = runsOf(world, 'expectations').sort((x, y) => (x.side < y.side ? -1 : 1))
    expect(runs.map((r) => [r.side, r.status, r.score])).toEqual([
      ['a', 'scored', 50],
      ['b', 'scored', 100],
    ])
    for (const run of runs)
      expect(readFileSync(join(run.workDir!, FIXTURE)).equals(XLSX), run.side).toBe(true)

    // Stored with each result: a verdict with evidence per expectation.
    const store = openStore(world.dataDir)
    const stored = runs.map((r) => expectationVerdictsOf(store.evalResults.listByRun(r.id)[0]?.rawAnalysis))
    store.close()
    expect(stored.map((v) => v?.map((x) => [x.expectation, x.passed, x.evidence]))).toEqual([
      [
        [EXPECTATIONS[0], false, '"TOTAL=42" is not there'],
        [EXPECTATIONS[1], true, 'found "answer.txt"'],
      ],
      [
        [EXPECTATIONS[0], true, 'found "TOTAL=42"'],
        [EXPECTATIONS[1], true, 'found "answer.txt"'],
      ],
    ])

    // The export carries them, with the share passed as the score and a reason naming what failed.
    const doc = JSON.parse(readFileSync(join(world.root, 'result.json'), 'utf8')) as {
      runs: { side: string; evaluations: { score: number; reason: string; expectations?: unknown[] }[] }[]
    }
    const a = doc.runs.find((r) => r.side === 'a')?.evaluations[0]
    expect(a).toMatchObject({
      score: 50,
      reason: `1 of 2 expectations passed; failed: 1. ${EXPECTATIONS[0]}`,
      expectations: stored[0],
    })

    // One judge call per run, and nothing in it says which side had the skill.
    const judged = llm.requests.filter((r) => r.kind === 'judge')
    expect(judged).toHaveLength(2)
    for (const r of judged) {
      const body = JSON.stringify(r.body)
      expect(body).toContain('1. the answer says \\"TOTAL=42\\"')
      expect(body).not.toContain(SKILL)
    }
  })
})
