// Trigger rate (server driver, real opencode): a skill that side b's agent is offered but never invokes is
// reported as such — b's trigger rate 0 and the low-trigger-rate warning in the CLI output, the markdown
// and the export — so a lift (or its absence) is never read as the skill's effect.
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
    cases: [{ match: NEVER_INVOKED, withSkill: WRITE_ANSWER, withoutSkill: WRITE_ANSWER }],
  })
  world = makeWorld(llm.url)
  writeSkill(world, `skills/${SKILL}`, SKILL)
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
