// The isolation matrix (docs/opencode.md "The side proof and the evidence of every run"): on either
// driver, at agent concurrency 1, 2, 4 and 8 (4 with 2 rounds is test/skill-offered-every-run.test.ts's first
// test), with cases that ship AGENTS.md, `.opencode/`, `.claude/` or a skill of their own, a run that times out
// and one whose agent kills its opencode, and a SIGKILL with a resume — every
// side-b session is offered exactly its skill and every side-a session none (what each session's first model
// request listed: the scripted agent writes it into the run's diff), every such run stores that evidence, and
// no judge session is offered any skill. The skill's description holds ": ", which opencode reads through a
// fallback only the first instance of a process gets (docs/opencode.md "Every instance sees the skill").
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type RunRow } from '../src-main/db'
import { ranASession } from '../src-shared/offered-skills'
import { runAndKillWhen } from './support/crash-cycle'
import { ANSWER_EXISTS } from './support/expect-decided'
import { runCli, stopCliChildren, type World } from './support/fixtures'
import { CRASH, HANG, OFFERED_FILE, offeredLine, startOfferedWorld } from './support/offered-agent'
import type { ScriptedLlm } from './support/scripted-llm'

const SKILL = 'pirate-speak'
const CASE_SKILL = 'case-kit'
const caseSkill = (name: string) =>
  `---\nname: ${name}\ndescription: Tools this case ships.\n---\nUse them.\n`

/** Each kind of case once; `caseSkill` cases offer their own skill to both sides (part of the case). */
const CASES = [
  { id: 'plain', prompt: 'Say hello.' },
  { id: 'agents-md', prompt: 'Say hi.', files: { 'AGENTS.md': 'Be brief.\n' } },
  { id: 'opencode-dir', prompt: 'Say yo.', files: { '.opencode/opencode.json': '{}\n' } },
  {
    id: 'claude-dir',
    prompt: 'Say hey.',
    // `.claude/` skills are external skills, never offered (OPENCODE_DISABLE_EXTERNAL_SKILLS).
    files: { '.claude/settings.json': '{}\n', '.claude/skills/other-kit/SKILL.md': caseSkill('other-kit') },
  },
  {
    id: 'case-skill',
    prompt: 'Say ahoy.',
    files: { [`.opencode/skills/${CASE_SKILL}/SKILL.md`]: caseSkill(CASE_SKILL) },
  },
  { id: 'timeout', prompt: `Wait. ${HANG}` },
  { id: 'crash', prompt: `Stop. ${CRASH}` },
]

let llm: ScriptedLlm
let world: World

beforeAll(async () => {
  ;({ llm, world } = await startOfferedWorld(SKILL))
  world.write('cases.jsonl', `${CASES.map((c) => JSON.stringify(c)).join('\n')}\n`)
  // The process driver has no instance to keep warm: its cell runs one case of each kind of outcome.
  const few = CASES.filter((c) => ['agents-md', 'case-skill', 'timeout', 'crash'].includes(c.id))
  world.write('few.jsonl', `${few.map((c) => JSON.stringify(c)).join('\n')}\n`)
})

afterAll(async () => {
  await stopCliChildren()
  await llm?.close()
  world?.cleanup()
})

function writeConfig(file: string, name: string, agent: Record<string, unknown>, judged: boolean): void {
  world.write(
    file,
    JSON.stringify({
      name,
      skill: { path: `./skills/${SKILL}` },
      dataset: { path: agent.driver === 'process' ? './few.jsonl' : './cases.jsonl' },
      repeatRounds: 1,
      // The LLM judge on the server driver (its sessions are checked too); a command on the process driver.
      ...(judged ? {} : { evaluators: ANSWER_EXISTS }),
      agent: { model: 'scripted/agent', timeoutSec: 15, idleTimeoutSec: 8, ...agent },
    }),
  )
}

function runsOf(name: string): { run: RunRow; diff: string }[] {
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === name)
    if (!task) throw new Error(`no task ${name}`)
    return store.runs
      .listByTask(task.id)
      .map((run) => ({ run, diff: store.trajectories.get(run.id)?.diff ?? '' }))
  } finally {
    store.close()
  }
}

/** The skills a run of `side` in case `caseId` must be offered: its side's, and the case's own. */
function expected(side: 'a' | 'b', caseId: string): string[] {
  return [...(side === 'b' ? [SKILL] : []), ...(caseId === 'case-skill' ? [CASE_SKILL] : [])].sort()
}

/** What the model's first request listed, as the scripted agent wrote it into the run's diff (null: none). */
function listedByModel(diff: string): string | null {
  return new RegExp(`\\+\\+\\+ b/${OFFERED_FILE}\\n@@[^\\n]*\\n\\+([^\\n]*)`).exec(diff)?.[1] ?? null
}

/** Every run that ran a session was offered exactly its side's skills, by the app's record and the model's. */
function expectIsolated(name: string, from: number): void {
  const runs = runsOf(name)
  const ran = runs.filter(({ run }) => ranASession(run))
  expect(ran.length, 'runs that ran a session').toBeGreaterThanOrEqual(runs.length - 2)
  for (const { run, diff } of ran) {
    const what = `${run.caseKey} ${run.side} (${run.status} ${run.failureType ?? ''})`
    const want = expected(run.side, run.caseKey)
    expect(run.offeredSkills?.map((s) => s.name).sort(), what).toEqual(want)
    expect(run.skillVisible, what).toBe(run.side === 'b')
    const listed = listedByModel(diff)
    // Side b's crash ends every session its server was running then, some before their first step.
    if (listed === null && run.side === 'b' && run.failureType === 'crashed') continue
    expect(listed, what).toBe(offeredLine(want))
  }
  const requests = llm.requests.slice(from)
  const judged = requests.filter((r) => r.kind === 'judge')
  for (const r of judged) expect(r.skills, 'a judge request').toEqual([])
  // No agent request anywhere listed a skill that is neither the side's nor the case's (`.claude/` ones).
  for (const r of requests.filter((q) => q.kind === 'agent'))
    expect(r.skills.filter((n) => n !== SKILL && n !== CASE_SKILL)).toEqual([])
}

describe('invariant 13: every session offered exactly its side’s skills (the isolation matrix)', () => {
  const cells = [
    { driver: 'server', concurrency: 1 },
    { driver: 'server', concurrency: 2 },
    { driver: 'server', concurrency: 8 },
    { driver: 'process', concurrency: 4 },
  ] as const
  it.each(cells)('$driver driver, concurrency $concurrency', async ({ driver, concurrency }) => {
    const name = `matrix ${driver} ${concurrency}`
    const file = `matrix-${driver}-${concurrency}.json`
    writeConfig(file, name, { driver, concurrency }, driver === 'server')
    const from = llm.requests.length
    const res = await runCli(['run', file], world.env, world.root)
    expect([0, 1, 3], res.stderr).toContain(res.code)
    expectIsolated(name, from)
    if (driver === 'server') expect(llm.requests.slice(from).some((r) => r.kind === 'judge')).toBe(true)
    // The hang and the crash happened (on side b, where the skill is): the side's own failures (a server's
    // crash also ends the sessions it was running then, the hang's among them).
    const b = runsOf(name).filter(({ run }) => run.side === 'b')
    const hang = b.find(({ run }) => run.caseKey === 'timeout')?.run.failureType
    expect(['timeout', 'crashed']).toContain(hang)
    expect(b.find(({ run }) => run.caseKey === 'crash')?.run.failureType).toBe('crashed')
  })

  it('a SIGKILL mid-task and a resume: the runs of both invocations are offered exactly their skills', async () => {
    const name = 'matrix sigkill'
    writeConfig('matrix-kill.json', name, { driver: 'server', concurrency: 4 }, false)
    const from = llm.requests.length
    const scored = () => runsOf(name).filter(({ run }) => run.status === 'scored').length
    const killed = await runAndKillWhen(world, ['run', 'matrix-kill.json'], () => {
      try {
        return scored() >= 3
      } catch {
        return false // the task is not written yet
      }
    })
    expect(killed.killed, killed.stderr).toBe(true)
    const resumed = await runCli(['run', 'matrix-kill.json'], world.env, world.root)
    expect([0, 1, 3], resumed.stderr).toContain(resumed.code)
    expect(resumed.stderr).toMatch(/[1-9]\d* runs? to execute/)
    expectIsolated(name, from)
  })
})
