// Re-running a run of a task after the user edited the skill folder (the normal loop): the app's api runs
// the task's stored snapshot again — the skill text the task was made with — and says the folder changed.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApiHost, type ApiHost } from '../src-main/api/host'
import { openAppContext, type AppContext } from '../src-main/services/app-context'
import type { RunView } from '../src-shared/ipc-views'
import { makeWorld, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { SERVER_AGENT } from './support/server-task'
import { ANSWER_EXISTS } from './support/expect-decided'

let llm: ScriptedLlm
let world: World
let ctx: AppContext
let host: ApiHost

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak' })
  world = makeWorld(llm.url)
  ctx = openAppContext({ env: world.env, kind: 'app' })
  host = createApiHost({ ctx, transport: 'serve' })
})
afterAll(async () => {
  await host?.close()
  ctx?.close()
  await llm?.close()
  world?.cleanup()
})

async function ok<T>(channel: string, payload: unknown): Promise<T> {
  const res = await host.call(channel, payload)
  if (!res.ok) throw new Error(`${channel}: ${res.error.message}`)
  return res.result as T
}
const statusesOf = async (taskId: string) =>
  (await ok<{ runs: RunView[] }>('tasks.get', { taskId })).runs.map((r) => r.status).join(',')
/** The skill text the agents were given (the skill tool's answer travels in later requests). */
const agentsSaw = (text: string, since: number) =>
  llm.requests.filter((r) => r.kind === 'agent' && r.time >= since && JSON.stringify(r.body).includes(text))
    .length

it('re-running a run after SKILL.md was edited runs the task’s snapshot, and the task says the folder changed', async () => {
  const skill = writeSkill(world, 'skills/pirate-speak', 'pirate-speak', 'Talk like a pirate, OLD-TEXT.')
  const dataset = world.write(
    'cases.jsonl',
    '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye."}\n',
  )
  const config = {
    name: 'rerun from snapshot',
    skill: { path: skill },
    dataset: { path: dataset },
    repeatRounds: 1,
    evaluators: ANSWER_EXISTS,
    agent: SERVER_AGENT,
  }
  const { taskId } = await ok<{ taskId: string }>('tasks.create', { config })
  await expect
    .poll(() => statusesOf(taskId), { timeout: 120_000, interval: 500 })
    .toBe('scored,scored,scored,scored')
  await expect.poll(() => host.jobs.size).toBe(0)
  expect(agentsSaw('OLD-TEXT', 0)).toBeGreaterThan(0)

  // The user edits the skill (the normal loop), then re-runs one run of side b.
  writeFileSync(
    join(skill, 'SKILL.md'),
    '---\nname: pirate-speak\ndescription: Use when the user asks for pirate talk.\n---\n# pirate-speak\n\nNEW-TEXT.\n',
  )
  const target = ctx.store.runs.listByTask(taskId).find((r) => r.side === 'b') ?? expect.fail('no run b')
  const since = Date.now()
  await ok('runs.rerun', { taskId, runIds: [target.id] })
  await expect
    .poll(() => ctx.store.runs.get(target.id)?.status, { timeout: 120_000, interval: 500 })
    .toBe('scored')
  await expect.poll(() => host.jobs.size).toBe(0)
  expect(ctx.store.runs.get(target.id)?.attempt).toBe(target.attempt + 1)
  expect(agentsSaw('OLD-TEXT', since)).toBeGreaterThan(0)
  expect(agentsSaw('NEW-TEXT', since)).toBe(0)
  expect(ctx.store.tasks.list().map((t) => t.id)).toEqual([taskId])

  const { changes } = await ok<{ changes: string[] }>('tasks.sourceChanges', { taskId })
  expect(changes).toEqual([expect.stringMatching(/^skill\.path: the skill's contents changed/)])
})
