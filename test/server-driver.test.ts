// The server driver with real opencode and the scripted LLM: one `opencode serve` per side, proofs, runs
// shaped like the process driver's, cancel and idle timeout through /abort, nothing left after close().
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type RunRow } from '../src-main/db'
import { foldEvents } from '../src-main/agent/events'
import { createServerDriver } from '../src-main/agent/server-driver'
import type { AgentEvent, RunHooks, RunOutcome, SideSession } from '../src-main/agent/types'
import {
  DEFAULT_FINAL_TEXT,
  startScriptedLlm,
  writeProviderConfig,
  type ScriptedLlm,
} from './support/scripted-llm'
import { ANSWER_EXISTS, expectDecided } from './support/expect-decided'
import { processesOf } from './support/crash-cycle'
import { CLI, makeWorld, runCli, writeSkill, type World } from './support/fixtures'
import { SKILL, makeSnapshot, processesOfRun, sideSpec, waitFor } from './agent-support'

const FORCE = '[[force-skill]]'
const IDLE_SEC = 5

let llm: ScriptedLlm
let root: string
let sideA: SideSession
let sideB: SideSession
const serverPids: Partial<Record<'a' | 'b', number>> = {}

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: SKILL,
    cases: [
      {
        match: FORCE,
        withSkill: [{ tool: 'skill', args: { name: SKILL } }, { text: 'Arr, loaded.' }],
        withoutSkill: [{ tool: 'skill', args: { name: SKILL } }, { text: 'No such skill.' }],
      },
    ],
  })
  root = mkdtempSync(join(tmpdir(), 'skill-ab-server-'))
  const providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  const runRoot = join(root, 'data', 'tmp')
  const snapB = makeSnapshot(
    join(root, 'data'),
    SKILL,
    'b'.repeat(64),
    'Always answer like a pirate. MARKER-B',
  )
  const driver = createServerDriver({ env: { ...process.env } })
  const t0 = Date.now()
  ;[sideA, sideB] = await Promise.all([
    driver.openSide(sideSpec({ side: 'a', skill: null, providerConfig, runRoot, idleTimeoutSec: IDLE_SEC })),
    driver.openSide(sideSpec({ side: 'b', skill: snapB, providerConfig, runRoot })),
  ])
  console.log(`[timing] two servers started and proven in parallel: ${Date.now() - t0} ms`)
  expect(sideB.proof.visible).toEqual([{ name: SKILL, location: join(snapB.snapshotDir, 'SKILL.md') }])
})

afterAll(async () => {
  await Promise.all([sideA?.close(), sideB?.close()])
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

async function run(
  side: SideSession,
  id: string,
  prompt: string,
  signal = new AbortController().signal,
  hooks: RunHooks = {},
): Promise<{ out: RunOutcome; seen: AgentEvent[]; ms: number; pid: number | null; sessions: string[] }> {
  const seen: AgentEvent[] = []
  const sessions: string[] = []
  let pid: number | null = null
  const t0 = Date.now()
  const out = await side.run(
    {
      runId: id,
      title: id,
      caseInput: { caseId: id, prompt, files: { 'README.md': 'hello\n' } },
      workDir: join(root, 'work', id),
    },
    {
      ...hooks,
      onEvent: (e) => seen.push(e),
      onSpawn: (p) => (pid = p),
      onSessionId: (s) => sessions.push(s),
    },
    signal,
  )
  return { out, seen, ms: Date.now() - t0, pid, sessions }
}

describe('server driver', () => {
  it('proves each side through its own server: b sees exactly its snapshot, a does not see the skill', () => {
    expect(sideB.proof).toMatchObject({ side: 'b', ok: true })
    expect(sideA.proof).toMatchObject({ side: 'a', ok: true, visible: [] })
  })

  it('a run on each side has the outcome fields of the process driver (final text, skill, tokens, diff, events)', async () => {
    const b = await run(sideB, 'b1', 'Please write the answer.')
    console.log(`[timing] first server run (side b): ${b.ms} ms`)
    expect(b.out.kind, b.out.message ?? '').toBe('ok')
    expect(b.out).toMatchObject({
      exitCode: 0,
      skillVisible: true,
      skillLoaded: true,
      finalOutput: DEFAULT_FINAL_TEXT,
    })
    expect(b.out.sessionId).toMatch(/^ses_/)
    expect(b.sessions).toEqual([b.out.sessionId])
    expect(b.seen).toEqual(b.out.events)
    expect(b.out.events.map((e) => e.type)).toEqual([
      'step_start',
      'tool_use',
      'step_finish',
      'step_start',
      'tool_use',
      'step_finish',
      'step_start',
      'text',
      'step_finish',
    ])
    expect(b.out.events.every((e) => e.sessionID === b.out.sessionId)).toBe(true)
    const folded = foldEvents(b.out.events, SKILL)
    expect(folded.tokens).toEqual(b.out.tokens)
    expect(b.out.tokens.input).toBeGreaterThan(0)
    expect(b.out.costUsd).toBeGreaterThan(0)
    expect(b.out.diff).toContain('+++ b/answer.txt')
    expect(b.out.diff).not.toContain('README.md')
    expect(b.out.diff).not.toContain('.opencode')
    serverPids.b = b.pid ?? undefined

    const a = await run(sideA, 'a1', `Talk like a pirate ${FORCE}`)
    console.log(`[timing] first server run (side a): ${a.ms} ms`)
    expect(a.out.kind, a.out.message ?? '').toBe('ok')
    expect(a.out).toMatchObject({
      skillVisible: false,
      skillLoaded: false,
      finalOutput: 'No such skill.',
      diff: '',
    })
    serverPids.a = a.pid ?? undefined
    expect(serverPids.a).not.toBe(serverPids.b)

    const again = await run(sideB, 'b2', 'Please write the answer.')
    console.log(`[timing] second server run (side b, warm server): ${again.ms} ms`)
    expect(again.out.kind).toBe('ok')
    expect(again.pid).toBe(b.pid)
  })

  it('a cancel mid-run is canceled (through /abort), an idle provider is a timeout, and the server keeps serving', async () => {
    const ac = new AbortController()
    const before = llm.requests.length
    const pending = run(sideB, 'cancel', 'Please write the answer. [[delay:20000]]', ac.signal)
    await waitFor(
      () => llm.requests.slice(before).some((r) => r.kind === 'agent'),
      60_000,
      'the first LLM request',
    )
    const abortedAt = Date.now()
    ac.abort()
    const c = await pending
    console.log(`[timing] cancel: ${Date.now() - abortedAt} ms from abort to outcome`)
    expect(c.out.kind, c.out.message ?? '').toBe('canceled')
    expect(c.out.sessionId).toMatch(/^ses_/)
    // opencode reports the abort itself (a session that was never aborted would go on in the server).
    const aborted = c.out.events.filter((e) => e.type === 'error')
    expect(aborted.map((e) => (e.error as { name?: string }).name)).toEqual(['MessageAbortedError'])
    expect(Date.now() - abortedAt).toBeLessThan(5000)

    const idle = await run(sideA, 'idle', 'Please write the answer. [[fault:hang]]')
    console.log(`[timing] hang → idle timeout (idle ${IDLE_SEC} s): ${idle.ms} ms`)
    expect(idle.out.kind, idle.out.message ?? '').toBe('timeout')
    expect(idle.out.message).toContain(`${IDLE_SEC} s without any output`)

    const [nextA, nextB] = await Promise.all([
      run(sideA, 'after-a', 'Please write the answer.'),
      run(sideB, 'after-b', 'Please write the answer.'),
    ])
    expect(nextA.out.kind, nextA.out.message ?? '').toBe('ok')
    expect(nextB.out.kind, nextB.out.message ?? '').toBe('ok')
    expect(nextB.out.diff).toContain('answer.txt')
  })

  it('a server that dies mid-run fails that run as crashed (with how it ended), and later runs at once', async () => {
    const before = llm.requests.length
    const pending = run(sideA, 'killed', 'Please write the answer. [[delay:20000]]')
    await waitFor(
      () => llm.requests.slice(before).some((r) => r.kind === 'agent'),
      60_000,
      'the first LLM request',
    )
    process.kill(serverPids.a as number, 'SIGKILL')
    const k = await pending
    expect(k.out.kind).toBe('crashed')
    expect(k.out.message).toMatch(/opencode serve was killed by SIGKILL during the run/)
    expect(k.out.sessionId).toMatch(/^ses_/)
    const t0 = Date.now()
    const next = await run(sideA, 'after-kill', 'Please write the answer.')
    expect(next.out.kind).toBe('crashed')
    expect(next.out.message).toMatch(/before this run/)
    expect(Date.now() - t0).toBeLessThan(5000)
  })

  it('after close() no process of either server is alive', async () => {
    await Promise.all([sideA.close(), sideB.close()])
    for (const pid of [serverPids.a, serverPids.b]) {
      expect(pid).toBeGreaterThan(0)
      expect(processesOfRun(pid ?? null, [join(root, 'work'), join(root, 'data')])).toEqual([])
    }
    const out = await run(sideA, 'closed', 'Please write the answer.')
    expect(out.out.kind).toBe('crashed')
  })
})

const AGENT = {
  model: 'scripted/agent',
  driver: 'server',
  timeoutSec: 120,
  idleTimeoutSec: 60,
  concurrency: 2,
}

function writeTask(world: World, file: string, name: string, cases: string): void {
  world.write(file.replace('.json', '.jsonl'), cases)
  world.write(
    file,
    JSON.stringify({
      name,
      skill: { path: `./skills/${SKILL}` },
      dataset: { path: `./${file.replace('.json', '.jsonl')}` },
      repeatRounds: 1,
      evaluators: ANSWER_EXISTS,
      agent: AGENT,
    }),
  )
}

function runsOf(world: World, taskName: string): RunRow[] {
  const store = openStore(world.dataDir)
  try {
    const task = store.tasks.list().find((t) => t.taskName === taskName)
    return task ? store.runs.listByTask(task.id) : []
  } finally {
    store.close()
  }
}

describe('skill-ab run with "driver": "server"', () => {
  let world: World
  beforeAll(() => {
    world = makeWorld(llm.url)
    writeSkill(world, `skills/${SKILL}`, SKILL)
  })
  afterAll(() => world?.cleanup())

  it('runs a small task (2 cases × 1 round × 2 sides) on one server per side and scores every run', async () => {
    writeTask(
      world,
      'task.json',
      'over a server',
      '{"id":"c1","prompt":"Say hello."}\n{"id":"c2","prompt":"Say goodbye."}\n',
    )
    const t0 = Date.now()
    const res = await runCli(['run', 'task.json'], world.env, world.root)
    console.log(`[timing] skill-ab run, 4 runs, server driver: ${Date.now() - t0} ms`)
    expectDecided(res)
    const runs = runsOf(world, 'over a server')
    expect(runs).toHaveLength(4)
    const store = openStore(world.dataDir)
    try {
      for (const run of runs) {
        expect(run.status, `${run.caseKey} ${run.side}: ${run.failureMessage ?? ''}`).toBe('scored')
        expect(run.sessionId).toMatch(/^ses_/)
        expect(run.skillLoaded).toBe(run.side === 'b')
        expect(store.trajectories.get(run.id)?.diff).toContain('answer.txt')
      }
    } finally {
      store.close()
    }
    // One server per side: both runs of a side name the same process.
    for (const side of ['a', 'b'])
      expect(new Set(runs.filter((r) => r.side === side).map((r) => r.pid)).size).toBe(1)
    expect(new Set(runs.map((r) => r.pid)).size).toBe(2)
  })

  it('the servers of a killed `skill-ab run` are reaped by the next run, which finishes the task', async () => {
    writeTask(world, 'crash.json', 'killed over a server', '{"id":"k1","prompt":"Slow. [[delay:8000]]"}\n')
    const child = spawn(process.execPath, [CLI, 'run', 'crash.json'], {
      cwd: world.root,
      env: world.env,
      stdio: 'ignore',
    })
    await waitFor(
      () => runsOf(world, 'killed over a server').some((r) => r.status === 'running' && r.pid !== null),
      90_000,
      'a run on a server',
    )
    const orphans = processesOf(world.dataDir)
    expect(orphans.length).toBeGreaterThanOrEqual(1)
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    expect(processesOf(world.dataDir).filter((pid) => orphans.includes(pid)).length).toBeGreaterThan(0)

    const again = await runCli(['run', 'crash.json'], world.env, world.root)
    expectDecided(again)
    expect(runsOf(world, 'killed over a server').map((r) => r.status)).toEqual(['scored', 'scored'])
    expect(processesOf(world.dataDir)).toEqual([])
  })
})
