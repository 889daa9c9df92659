// Trigger rate (server driver, real opencode): a skill that side b's agent is offered but never invokes is
// reported as such — b's trigger rate 0 and the low-trigger-rate warning in the CLI output, the markdown
// and the export — so a lift (or its absence) is never read as the skill's effect. A baseline skill of
// another name counts as invoked on side a when a calls that skill.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ExportDocument } from '../src-shared/export'
import { SKILL } from './agent-support'
import { expectDecided } from './support/expect-decided'
import { makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { DEFAULT_ANSWER_FILE, startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { writeTask } from './support/server-task'

const NEVER_INVOKED = '[[skill-listed-never-invoked]]'
const OWN_SKILL_EACH = '[[each-side-calls-its-own-skill]]'
/** Side a's baseline: another skill, with another name. */
const BASELINE_SKILL = 'parrot-talk'
const WRITE_ANSWER = [
  { tool: 'write', args: { filePath: DEFAULT_ANSWER_FILE, content: 'answer\n' } },
  { text: 'Done.' },
]

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: SKILL,
    // Both sides do the same work; side b is offered the skill and never calls it.
    cases: [
      { match: NEVER_INVOKED, withSkill: WRITE_ANSWER, withoutSkill: WRITE_ANSWER },
      // b is offered SKILL (withSkill), a only its baseline skill (withoutSkill): each calls its own.
      {
        match: OWN_SKILL_EACH,
        withSkill: [{ tool: 'skill', args: { name: SKILL } }, ...WRITE_ANSWER],
        withoutSkill: [{ tool: 'skill', args: { name: BASELINE_SKILL } }, ...WRITE_ANSWER],
      },
    ],
  })
  world = makeWorld(llm.url)
  writeSkill(world, `skills/${SKILL}`, SKILL)
  writeSkill(world, `skills/${BASELINE_SKILL}`, BASELINE_SKILL, 'Talk like a parrot.')
})
afterAll(async () => {
  await llm?.close()
  world?.cleanup()
})

it('a skill listed but never invoked: trigger rate 0 and the low-trigger-rate warning in the CLI output, markdown and export', async () => {
  const cases = ['c1', 'c2']
    .map((id, i) => `${JSON.stringify({ id, prompt: `Task ${i + 1}. ${NEVER_INVOKED}` })}\n`)
    .join('')
  writeTask(world, 'never.json', 'listed never invoked', SKILL, cases)
  const res = await runCli(
    ['run', 'never.json', '--export', 'never-export.json', '--markdown', 'never.md'],
    world.env,
    world.root,
  )
  expectDecided(res)
  // The skill really was offered to b: the decision is about an agent that chose not to use it.
  const agentB = llm.requests.filter((r) => r.kind === 'agent' && r.skillListed)
  expect(agentB.length).toBeGreaterThan(0)

  expect(res.stderr).toMatch(/trigger .*skill invoked: b in 0 of 2 runs \(0%\)/)
  expect(res.stderr).toMatch(/^warning: low-trigger-rate — side b invoked the skill in 0 of 2 runs/m)

  const doc = JSON.parse(readFileSync(join(world.root, 'never-export.json'), 'utf8')) as ExportDocument
  expect(doc.decision.trigger.b).toMatchObject({ runs: 2, invoked: 0, rate: 0 })
  expect(doc.decision.trigger.a).toBeNull()
  expect(doc.decision.warnings.map((w) => w.code)).toContain('low-trigger-rate')
  expect(doc.runs.filter((r) => r.side === 'b').map((r) => r.skillLoaded)).toEqual([false, false])

  const md = readFileSync(join(world.root, 'never.md'), 'utf8')
  expect(md).toMatch(/low-trigger-rate/)
  expect(md).toMatch(/0 of 2 runs/)
})

it('a baseline skill of another name: side a calling its own skill counts as invoked (trigger a > 0)', async () => {
  const cases = ['c1', 'c2']
    .map((id, i) => `${JSON.stringify({ id, prompt: `Task ${i + 1}. ${OWN_SKILL_EACH}` })}\n`)
    .join('')
  writeTask(
    world,
    'own.json',
    'baseline of another name',
    SKILL,
    cases,
    {},
    {
      baseline: { kind: 'skill', path: `./skills/${BASELINE_SKILL}` },
    },
  )
  const res = await runCli(['run', 'own.json', '--export', 'own-export.json'], world.env, world.root)
  expectDecided(res)
  // Side a was offered its own skill only, and called it.
  const agentA = llm.requests.filter(
    (r) => r.kind === 'agent' && r.skills.includes(BASELINE_SKILL) && !r.skillListed,
  )
  expect(agentA.some((r) => r.reply.type === 'tool' && r.reply.tool === 'skill')).toBe(true)

  const doc = JSON.parse(readFileSync(join(world.root, 'own-export.json'), 'utf8')) as ExportDocument
  const loaded = (side: 'a' | 'b') => doc.runs.filter((r) => r.side === side).map((r) => r.skillLoaded)
  expect(loaded('a')).toEqual([true, true])
  expect(loaded('b')).toEqual([true, true])
  expect(doc.decision.trigger.a).toMatchObject({ runs: 2, invoked: 2, rate: 1 })
  expect(doc.decision.trigger.b).toMatchObject({ runs: 2, invoked: 2, rate: 1 })
})
