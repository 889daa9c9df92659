// A sealed answer key (real opencode, scripted LLM, server driver): side b loads a skill-creator skill whose
// evals/evals.json is the task's dataset, then asks to read that file under the skill's base directory.
// The read fails, and the expected output never reaches the run's output, diff or trajectory.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProcessDriver } from '../src-main/agent/drivers/process-driver'
import { createServerDriver } from '../src-main/agent/drivers/server-driver'
import { openStore } from '../src-main/db'
import { contentHash } from '../src-main/inputs/skill'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { makeWorld, runCli, stopCliChildren, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm, type StepContext } from './support/scripted-llm'
import { SERVER_AGENT, runsOf } from './support/server-task'
import { makeSnapshot, sideSpec } from './agent-support'

const SKILL = 'pirate-speak'
const PEEK = '[[peek-evals]]'
const SECRET = 'EXPECTED-OUTPUT-7f3a91'

/** The skill's base directory, as the skill tool's result names it. */
function baseDirectory(ctx: StepContext): string {
  for (const text of ctx.toolResults) {
    const m = /Base directory for this skill: (.+)/.exec(text)
    if (m?.[1]) return m[1].trim()
  }
  return '/nowhere'
}

/** What the agent's reads returned, each as read or NOT FOUND when it failed. */
function whatWasRead(ctx: StepContext): string {
  return ctx.toolResults
    .filter((r) => !r.includes('<skill_content'))
    .map((r) => (/not found|error|denied|rejected|rule/i.test(r) ? `NOT FOUND (${r.slice(0, 200)})` : r))
    .join('\n')
}

let llm: ScriptedLlm
let world: World
/** The dataset where the user keeps it: both sides also try to read it there. */
let sourceDataset = ''
const readSource = { compute: () => ({ tool: 'read', args: { filePath: sourceDataset } }) }
const writeWhatWasRead = {
  compute: (ctx: StepContext) => ({
    tool: 'write',
    args: { filePath: 'answer.txt', content: whatWasRead(ctx) },
  }),
}
const sayWhatWasRead = {
  compute: (ctx: StepContext) => ({ text: `The answer key said: ${whatWasRead(ctx)}` }),
}

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: SKILL,
    cases: [
      {
        match: PEEK,
        withSkill: [
          { tool: 'skill', args: { name: SKILL } },
          {
            compute: (ctx) => ({
              tool: 'read',
              args: { filePath: join(baseDirectory(ctx), 'evals', 'evals.json') },
            }),
          },
          readSource,
          writeWhatWasRead,
          sayWhatWasRead,
        ],
        withoutSkill: [readSource, writeWhatWasRead, sayWhatWasRead],
      },
    ],
  })
  world = makeWorld(llm.url)
  writeSkill(world, `skills/${SKILL}`, SKILL)
  sourceDataset = world.write(
    `skills/${SKILL}/evals/evals.json`,
    JSON.stringify({
      skill_name: SKILL,
      evals: [{ id: 1, prompt: `${PEEK} Say hello like a pirate.`, expected_output: SECRET }],
    }),
  )
  world.write(
    'task.json',
    JSON.stringify({
      name: 'sealed',
      skill: { path: `./skills/${SKILL}` },
      dataset: { path: `./skills/${SKILL}/evals/evals.json` },
      repeatRounds: 1,
      evaluators: ANSWER_EXISTS,
      agent: SERVER_AGENT,
    }),
  )
})

afterAll(async () => {
  await stopCliChildren()
  await llm?.close()
  world?.cleanup()
})

describe('a sealed answer key', () => {
  it('a skill folder with evals/ and the same folder without it have the same content hash', () => {
    const skillDir = join(world.root, 'skills', SKILL)
    const without = writeSkill(world, `plain/${SKILL}`, SKILL)
    expect(contentHash(skillDir)).toBe(contentHash(without))
  })

  it("side b, asking to read evals/evals.json under its skill's base directory, cannot", async () => {
    const res = await runCli(['run', 'task.json'], world.env, world.root)
    expectDecided(res)
    const runs = runsOf(world, 'sealed')
    expect(runs.map((r) => [r.side, r.status, r.failureMessage]).sort()).toEqual([
      ['a', 'scored', null],
      ['b', 'scored', null],
    ])
    const store = openStore(world.dataDir)
    try {
      for (const run of runs) {
        const t = store.trajectories.get(run.id)!
        const reads = t.events
          .filter((e) => e.type === 'tool_use' && (e.part as { tool?: string }).tool === 'read')
          .map((e) => (e.part as { state: { status: string; input?: { filePath?: string } } }).state)
        const wanted =
          run.side === 'b'
            ? [
                expect.stringMatching(
                  /\/skills\/pirate-speak\/\w{64}\/offered\/pirate-speak\/evals\/evals\.json$/,
                ),
              ]
            : []
        // Side b asks under its skill's base directory (its offered copy), both sides at the source.
        expect(reads.map((r) => r.input?.filePath)).toEqual([...wanted, sourceDataset])
        expect(reads.map((r) => r.status)).toEqual(reads.map(() => 'error'))
        expect(t.finalOutput).toContain('NOT FOUND')
        expect(t.diff).toContain('NOT FOUND')
        for (const [what, text] of [
          ['final output', t.finalOutput ?? ''],
          ['diff', t.diff ?? ''],
          ['trajectory', JSON.stringify(t.events)],
        ] as const)
          expect(text, `side ${run.side}'s ${what} carries the expected output`).not.toContain(SECRET)
      }
    } finally {
      store.close()
    }
    // The snapshot under the data dir holds no evals/ (and no other copy of the skill does).
    const versions = readdirSync(join(world.dataDir, 'skills', SKILL))
    expect(versions).toHaveLength(1)
    const snapshot = join(world.dataDir, 'skills', SKILL, versions[0]!, SKILL)
    expect(existsSync(join(snapshot, 'SKILL.md'))).toBe(true)
    expect(existsSync(join(snapshot, 'evals'))).toBe(false)
    // No request the agent model saw ever carried it either.
    expect(JSON.stringify(llm.requests.map((r) => r.body))).not.toContain(SECRET)
  })

  it('the isolation proof stops a side whose snapshot holds evals/, before any agent runs', async () => {
    // A snapshot written by hand (or by an older build): opencode would list the skill as usual.
    const snap = makeSnapshot(world.dataDir, SKILL, 'e'.repeat(64), 'Talk like a pirate.')
    mkdirSync(join(snap.snapshotDir, 'evals'))
    writeFileSync(join(snap.snapshotDir, 'evals', 'evals.json'), SECRET)
    const spec = sideSpec({
      side: 'b',
      skill: snap,
      providerConfig: world.providerConfig,
      runRoot: join(world.dataDir, 'tmp'),
    })
    const sealed = { files: [sourceDataset], folders: [join(sourceDataset, '..')] }
    for (const driver of [createProcessDriver({ env: world.env }), createServerDriver({ env: world.env })]) {
      const side = await driver.openSide({ ...spec, sealed })
      await side.close()
      expect(side.proof.ok, driver.name).toBe(false)
      expect(side.proof.message).toMatch(/^side b's skill snapshot .* holds evals\/ .*: delete that folder/)
    }
  })
})
