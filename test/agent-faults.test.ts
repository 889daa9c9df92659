// Faults through the process driver (real opencode): 500, hang, idle, cancel; right outcome, no process left.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProcessDriver, DEFAULT_GRACE_MS } from '../src-main/agent/drivers/process-driver'
import type { RunHooks, RunOutcome, SideSession } from '../src-main/agent/types'
import {
  INTERNAL_ERROR_MESSAGE,
  startScriptedLlm,
  writeProviderConfig,
  type ScriptedLlm,
} from './support/scripted-llm'
import { SKILL, makeSnapshot, processesOfRun, sideSpec, waitFor } from './agent-support'

const HANG_TIMEOUT_SEC = 8
const FOREGROUND = '[[sleep-foreground]]'
const BACKGROUND = '[[sleep-background]]'

let llm: ScriptedLlm
let root: string
let runRoot: string
let side: SideSession
let shortSide: SideSession
let idleSide: SideSession
const IDLE_SEC = 4

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: SKILL,
    cases: [
      {
        match: FOREGROUND,
        withSkill: [{ tool: 'bash', args: { command: 'sleep 567', description: 'wait' } }, { text: 'slept' }],
        withoutSkill: [{ text: 'unused' }],
      },
      {
        match: BACKGROUND,
        withSkill: [
          {
            tool: 'bash',
            args: { command: 'nohup sleep 678 >/dev/null 2>&1 &', description: 'start a daemon' },
          },
          { text: 'started' },
        ],
        withoutSkill: [{ text: 'unused' }],
      },
    ],
  })
  root = mkdtempSync(join(tmpdir(), 'skill-ab-faults-'))
  const providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  runRoot = join(root, 'data', 'tmp')
  const skill = makeSnapshot(join(root, 'data'), SKILL, 'c'.repeat(64), 'Talk like a pirate.')
  const driver = createProcessDriver({ env: { ...process.env } })
  ;[side, shortSide, idleSide] = await Promise.all([
    driver.openSide(sideSpec({ side: 'b', skill, providerConfig, runRoot })),
    driver.openSide(sideSpec({ side: 'b', skill, providerConfig, runRoot, timeoutSec: HANG_TIMEOUT_SEC })),
    driver.openSide(
      sideSpec({ side: 'b', skill, providerConfig, runRoot, timeoutSec: 120, idleTimeoutSec: IDLE_SEC }),
    ),
  ])
  expect(side.proof.ok, side.proof.message).toBe(true)
  expect(shortSide.proof.ok, shortSide.proof.message).toBe(true)
})

afterAll(async () => {
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

interface Timed {
  out: RunOutcome
  ms: number
  pid: number | null
  workDir: string
}

async function run(
  s: SideSession,
  id: string,
  prompt: string,
  signal: AbortSignal,
  hooks: RunHooks = {},
): Promise<Timed> {
  const workDir = join(root, 'work', id)
  let pid: number | null = null
  const t0 = Date.now()
  const out = await s.run(
    { runId: id, title: id, caseInput: { caseId: id, prompt, files: {} }, workDir },
    { ...hooks, onSpawn: (p) => (pid = p) },
    signal,
  )
  return { out, ms: Date.now() - t0, pid, workDir }
}

function expectNothingLeft(t: Timed): void {
  expect(t.pid).not.toBeNull()
  expect(processesOfRun(t.pid, [t.workDir])).toEqual([])
  expect(readdirSync(runRoot)).toEqual([])
}

describe('process driver: faults', () => {
  it("a provider 500 is a provider_error (not the agent's) with the provider's status and message, in seconds", async () => {
    const t = await run(side, 'f500', 'Please write the answer. [[fault:500]]', new AbortController().signal)
    console.log(`[timing] 500 fault: ${t.ms} ms`)
    expect(t.out.kind, t.out.message ?? '').toBe('provider_error')
    expect(t.out.message).toBe(`APIError (HTTP 500): ${INTERNAL_ERROR_MESSAGE}`)
    expect(t.out.exitCode).toBe(1)
    expect(t.out.sessionId).toMatch(/^ses_/)
    // opencode retried (1 + 5 attempts) at the pace of retry-after-ms, not its own 2 s·2ⁿ backoff (≈ 62 s):
    // measured between the attempts, so a loaded machine's slow start-up does not count.
    const attempts = llm.requests.filter((r) => r.fault === '500').map((r) => r.time)
    expect(attempts).toHaveLength(6)
    expect((attempts.at(-1) as number) - (attempts[0] as number)).toBeLessThan(10_000)
    expectNothingLeft(t)
  })

  it('a hung provider hits the wall-clock limit: timeout, within the limit plus a few seconds', async () => {
    const t = await run(
      shortSide,
      'fhang',
      'Please write the answer. [[fault:hang]]',
      new AbortController().signal,
    )
    console.log(
      `[timing] hang → timeout (limit ${HANG_TIMEOUT_SEC} s): ${t.ms} ms, exit ${t.out.exitCode} ${t.out.signal}`,
    )
    expect(t.out.kind, t.out.message ?? '').toBe('timeout')
    expect(t.out.message).toContain(`${HANG_TIMEOUT_SEC} s`)
    expect(t.out.signal === 'SIGTERM' || t.out.exitCode === 143).toBe(true)
    expect(t.ms).toBeGreaterThanOrEqual(HANG_TIMEOUT_SEC * 1000)
    expect(t.ms).toBeLessThan(HANG_TIMEOUT_SEC * 1000 + DEFAULT_GRACE_MS + 4000)
    expectNothingLeft(t)
  })

  it('no output for idleTimeoutSec is a timeout too (opencode gives up on a hung provider first, then backs off: still a timeout)', async () => {
    const t = await run(
      idleSide,
      'fidle',
      'Please write the answer. [[fault:hang]]',
      new AbortController().signal,
    )
    console.log(`[timing] hang → idle timeout (idle ${IDLE_SEC} s): ${t.ms} ms`)
    expect(t.out.kind, t.out.message ?? '').toBe('timeout')
    expect(t.out.message).toContain(`${IDLE_SEC} s without any output`)
    expect(t.ms).toBeLessThan(60_000)
    expectNothingLeft(t)
  })

  it('an abort mid-run is canceled, quickly, and stops the process group', async () => {
    const ac = new AbortController()
    const before = llm.requests.length
    const pending = run(side, 'fcancel', 'Please write the answer. [[delay:5000]]', ac.signal)
    // Cancel while opencode waits for the (delayed) answer of its first request.
    await waitFor(
      () => llm.requests.slice(before).some((r) => r.kind === 'agent'),
      60_000,
      'the first LLM request',
    )
    const abortedAt = Date.now()
    ac.abort()
    const t = await pending
    const stopMs = Date.now() - abortedAt
    console.log(
      `[timing] cancel: ${stopMs} ms from abort to outcome (run ${t.ms} ms), exit ${t.out.exitCode} ${t.out.signal}`,
    )
    expect(t.out.kind, t.out.message ?? '').toBe('canceled')
    expect(t.out.sessionId).toMatch(/^ses_/)
    expect(stopMs).toBeLessThan(DEFAULT_GRACE_MS + 2000)
    expectNothingLeft(t)
  })

  it("a cancel also stops the commands the agent's bash tool started (they run in their own session)", async () => {
    const ac = new AbortController()
    const pending = run(side, 'fsleep', `Please wait. ${FOREGROUND}`, ac.signal)
    const workDir = join(root, 'work', 'fsleep')
    await waitFor(
      () => processesOfRun(null, [workDir]).some((p) => p.includes('sleep 567')),
      60_000,
      'the sleep to start',
    )
    ac.abort()
    const t = await pending
    expect(t.out.kind).toBe('canceled')
    expect(processesOfRun(null, [workDir])).toEqual([])
    expectNothingLeft(t)
  })

  it('a daemon the agent left running is killed when the run ends (and noted in stderrTail)', async () => {
    const t = await run(side, 'fdaemon', `Start it. ${BACKGROUND}`, new AbortController().signal)
    expect(t.out.kind, t.out.message ?? '').toBe('ok')
    expect(t.out.finalOutput).toBe('started')
    expect(t.out.stderrTail).toMatch(/killed \d+ leftover process/)
    expectNothingLeft(t)
  })

  it('an already aborted signal never starts opencode', async () => {
    const ac = new AbortController()
    ac.abort()
    const out = await side.run(
      {
        runId: 'fpre',
        title: 'pre',
        caseInput: { caseId: 'pre', prompt: 'hi', files: {} },
        workDir: join(root, 'work', 'fpre'),
      },
      { onSpawn: () => expect.fail('must not spawn') },
      ac.signal,
    )
    expect(out.kind).toBe('canceled')
  })
})
