// `npm run test:slow` (minutes on 2 cores). The app's api over the real services, real opencode and the scripted LLM: create starts the task in the
// background; cancel stops its agents and leaves no run in flight; continue finishes it; re-run executes one
// finished run again — each change reaching subscribers as live patches.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApiHost, type ApiHost } from '../src-main/api/host'
import { processAlive } from '../src-main/db'
import { openAppContext, type AppContext } from '../src-main/services/app-context'
import type { Patch, RunView } from '../src-shared/ipc-views'
import { ANSWER_EXISTS } from './support/expect-decided'
import { makeWorld, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World
let ctx: AppContext
let host: ApiHost
const patches: Patch[] = []

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak', delayMs: 1500 })
  world = makeWorld(llm.url)
  ctx = openAppContext({ env: world.env, kind: 'app' })
  host = createApiHost({ ctx, transport: 'serve' })
  host.subscribe((p) => patches.push(p))
})
afterAll(async () => {
  await host.close()
  ctx.close()
  await llm.close()
  world.cleanup()
})

async function ok<T>(channel: string, payload: unknown): Promise<T> {
  const res = await host.call(channel, payload)
  if (!res.ok) throw new Error(`${channel}: ${res.error.message}`)
  return res.result as T
}
const statuses = (runId: string) =>
  patches.flatMap((p) => p.runs.filter((r) => r.id === runId).flatMap((r) => r.statuses))
const runsOf = async (taskId: string) => (await ok<{ runs: RunView[] }>('tasks.get', { taskId })).runs

it('create runs in the background; cancel stops it; continue finishes it; re-run executes one run again', async () => {
  const skill = writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  const dataset = world.write('cases.jsonl', '{"id":"c1","prompt":"Say hello."}\n')
  const config = {
    name: 'api flow',
    skill: { path: skill, label: 'v2' },
    dataset: { path: dataset },
    repeatRounds: 1,
    evaluators: ANSWER_EXISTS,
    agent: { model: 'scripted/agent', timeoutSec: 120, idleTimeoutSec: 60, concurrency: 1 },
  }
  const { taskId } = await ok<{ taskId: string }>('tasks.create', { config })
  expect((await runsOf(taskId)).length).toBe(2)

  // Cancel while the first run executes.
  await expect
    .poll(async () => (await runsOf(taskId)).some((r) => r.status === 'running'), { timeout: 60_000 })
    .toBe(true)
  const running = (await runsOf(taskId)).find((r) => r.status === 'running') as RunView
  const { pid, pidStartTime } = ctx.store.runs.get(running.id) ?? {}
  await ok('tasks.cancel', { taskId })
  const afterCancel = await runsOf(taskId)
  expect(afterCancel.filter((r) => ['pending', 'running', 'evaluating'].includes(r.status))).toEqual([])
  expect(afterCancel.some((r) => r.status === 'canceled')).toBe(true)
  expect(ctx.store.tasks.get(taskId)?.status).toBe('canceled')
  if (pid) expect(processAlive(pid, pidStartTime ?? null)).toBe(false)

  // Continue: every run ends scored.
  await ok('tasks.start', { taskId })
  await expect
    .poll(async () => (await runsOf(taskId)).map((r) => r.status).join(','), {
      timeout: 240_000,
      interval: 1000,
    })
    .toBe('scored,scored')
  await expect.poll(() => host.jobs.size).toBe(0)

  // Re-run one finished run: it is executed again (attempt 2) and scored, the others are untouched.
  const target = (await runsOf(taskId))[0] as RunView
  const before = ctx.store.runs.listByTask(taskId)
  await ok('runs.rerun', { taskId, runIds: [target.id] })
  await expect.poll(() => ctx.store.runs.get(target.id)?.status, { timeout: 120_000 }).toBe('scored')
  await expect.poll(() => host.jobs.size).toBe(0)
  expect(ctx.store.runs.get(target.id)?.attempt).toBe(
    (before.find((b) => b.id === target.id)?.attempt ?? 0) + 1,
  )
  // Patches are coalesced (≈75 ms): the last ones may arrive after the store says scored.
  await expect
    .poll(() => statuses(target.id).slice(-5))
    .toEqual(['pending', 'running', 'executed', 'evaluating', 'scored'])
  const after = ctx.store.runs.listByTask(taskId)
  for (const run of after.filter((r) => r.id !== target.id))
    expect(run.sessionId).toBe(before.find((b) => b.id === run.id)?.sessionId)
})
