// Issue 31's scenarios as a new user runs them, on the default (server) driver with a skill whose description
// holds ": " (docs/opencode.md "Every instance sees the skill"): 8 cases (every third ships AGENTS.md) × 2 rounds
// at concurrency 4 — every b run offered the skill that lifts every answer, a pass, each run's evidence in the
// export; a skill that makes b time out on every case — a reject with every b run failed; a case that ships a
// copy of the skill under test — the task stops (exit 2) and no run of that case counts for either side.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportSchema } from '../src-shared/export'
import { runCli, type World } from './support/fixtures'
import { runsOf } from './support/server-task'
import { HANG, startOfferedWorld } from './support/offered-agent'
import type { ScriptedLlm } from './support/scripted-llm'

const SKILL = 'pirate-speak'
let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  ;({ llm, world } = await startOfferedWorld(SKILL))
})

afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

/** A task over `cases` (JSON Lines written beside it) on the server driver, judged by the LLM judge. */
function writeTask(file: string, name: string, cases: object[], agent: Record<string, unknown> = {}): void {
  const dataset = file.replace(/\.json$/, '.jsonl')
  world.write(dataset, `${cases.map((c) => JSON.stringify(c)).join('\n')}\n`)
  world.write(
    file,
    JSON.stringify({
      name,
      skill: { path: `./skills/${SKILL}` },
      dataset: { path: `./${dataset}` },
      repeatRounds: 2,
      agent: { model: 'scripted/agent', concurrency: 4, timeoutSec: 15, idleTimeoutSec: 8, ...agent },
    }),
  )
}

describe('every run is offered exactly its side’s skill', () => {
  it('8 cases (every third ships AGENTS.md) × 2 rounds at concurrency 4: 16 of 16 b runs offered the skill, a pass, the evidence exported', async () => {
    // Every third ships AGENTS.md; two more ship `.opencode/` and `.claude/` (the isolation matrix's cell at
    // concurrency 4, test/isolation-matrix.test.ts).
    const shipped: Record<number, Record<string, string>> = {
      1: { '.opencode/opencode.json': '{}\n' },
      4: { '.claude/settings.json': '{}\n' },
    }
    const cases = Array.from({ length: 8 }, (_, i) => ({
      id: `c${i + 1}`,
      prompt: `Case ${i + 1}: say hello.`,
      files: i % 3 === 0 ? { 'AGENTS.md': 'Be brief.\n' } : (shipped[i] ?? { 'notes.txt': `note ${i}\n` }),
    }))
    writeTask('helpful.json', 'helpful skill', cases)
    const from = llm.requests.length
    const res = await runCli(
      ['run', 'helpful.json', '--export', 'helpful-export.json'],
      world.env,
      world.root,
    )
    expect(res.stderr).toMatch(/decision: PASS/)
    expect(res.code, res.stderr).toBe(0)
    const runs = runsOf(world, 'helpful skill')
    const b = runs.filter((r) => r.side === 'b')
    expect(b.filter((r) => r.offeredSkills?.map((s) => s.name).join() === SKILL)).toHaveLength(16)
    expect(runs.filter((r) => r.side === 'a').every((r) => r.offeredSkills?.length === 0)).toBe(true)
    // What the model saw: every session's first request listed the skill on b, nothing on a.
    const first = llm.requests.slice(from).filter((r) => r.kind === 'agent' && r.stepIndex === 0)
    expect(first.filter((r) => r.skills.join() === SKILL)).toHaveLength(16)
    expect(first.filter((r) => r.skills.length === 0)).toHaveLength(16)

    const doc = exportSchema.parse(JSON.parse(readFileSync(join(world.root, 'helpful-export.json'), 'utf8')))
    const hex = /skills\/pirate-speak\/([0-9a-f]{64})\//.exec(
      doc.runs.find((r) => r.side === 'b')?.offeredSkills?.[0]?.location ?? '',
    )?.[1]
    expect(`sha256:${hex}`).toBe(doc.skillVersions.b?.contentHash)
    for (const r of doc.runs)
      expect(r.offeredSkills, `${r.caseId} ${r.side}`).toEqual(
        r.side === 'b' ? [{ name: SKILL, location: `skills/${SKILL}/${hex}/offered/${SKILL}/SKILL.md` }] : [],
      )
  })

  it('a skill that makes b time out on every case: 8 of 8 b runs failed, a reject (exit 1)', async () => {
    const cases = Array.from({ length: 4 }, (_, i) => ({ id: `t${i + 1}`, prompt: `Case ${i + 1}. ${HANG}` }))
    writeTask('hangs.json', 'skill that hangs', cases, { concurrency: 8 })
    const res = await runCli(['run', 'hangs.json'], world.env, world.root)
    expect(res.stderr).toMatch(/decision: REJECT/)
    expect(res.code, res.stderr).toBe(1)
    const b = runsOf(world, 'skill that hangs').filter((r) => r.side === 'b')
    expect(b.map((r) => `${r.status} ${r.failureType}`)).toEqual(Array(8).fill('failed timeout'))
    expect(b.every((r) => r.offeredSkills?.map((s) => s.name).join() === SKILL)).toBe(true)
  })

  it('a case that ships a copy of the skill under test: the task stops (exit 2) and no run of that case counts', async () => {
    // As a repository holding the skill itself would (YAML front matter: opencode lists it in every instance).
    const copy = `---\nname: ${SKILL}\ndescription: Use for pirate talk.\n---\nA COPY THE CASE SHIPS\n`
    const cases = [
      { id: 'fine', prompt: 'Say hello.' },
      { id: 'ships-copy', prompt: 'Say hi.', files: { [`.opencode/skills/${SKILL}/SKILL.md`]: copy } },
    ]
    writeTask('ships.json', 'case ships the skill', cases, { concurrency: 1 })
    const from = llm.requests.length
    const res = await runCli(['run', 'ships.json'], world.env, world.root)
    expect(res.code, res.stderr).toBe(2)
    expect(res.stderr).toMatch(/a run was not offered exactly its side's skills, so it was not run/)
    expect(res.stderr).toMatch(
      /case ships-copy: side [ab]: the case ships a skill named like the skill under test/,
    )
    const shipped = runsOf(world, 'case ships the skill').filter((r) => r.caseKey === 'ships-copy')
    expect(shipped.some((r) => r.status === 'canceled' && /^not run: /.test(r.failureMessage ?? ''))).toBe(
      true,
    )
    expect(shipped.every((r) => r.status === 'canceled' || r.status === 'pending')).toBe(true)
    // Its session never started: the model was never asked that case.
    const asked = llm.requests
      .slice(from)
      .filter((r) => r.kind === 'agent' && JSON.stringify(r.body).includes('Say hi.'))
    expect(asked).toEqual([])
  })
})
