// The server driver with real opencode and the scripted LLM: one `opencode serve` per side, proofs, runs
// shaped like the process driver's, cancel and idle timeout through /abort, nothing left after close(). A whole task on one server per
// side: run-task.test.ts.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offeredDirOf } from '../src-main/agent/isolation/offered-copy'
import { foldEvents } from '../src-main/agent/session/run-events'
import { createServerDriver } from '../src-main/agent/drivers/server-driver'
import type { AgentEvent, RunHooks, RunOutcome, SideSession } from '../src-main/agent/types'
import {
  DEFAULT_FINAL_TEXT,
  INTERNAL_ERROR_MESSAGE,
  OVERLOADED_MESSAGE,
  startScriptedLlm,
  writeProviderConfig,
  type ScriptedLlm,
} from './support/scripted-llm'
import {
  SKILL,
  envOf,
  listeningPorts,
  makeSnapshot,
  processesOfRun,
  sideSpec,
  waitFor,
} from './agent-support'
import { REDACTED } from '../src-main/agent/isolation/redact'
import { SERVER_PASSWORD_VAR } from '../src-main/agent/isolation/side-context'

const FORCE = '[[force-skill]]'
const WRITE_NOTE = '[[write-note]]'
const LOOK = '[[look-around]]'
const writeNote = [
  { tool: 'write', args: { filePath: 'note.txt', content: 'LEFT-BY-AN-EARLIER-RUN' } },
  { text: 'Wrote it.' },
]
const look = [{ tool: 'bash', args: { command: 'pwd; ls -a; cat note.txt' } }, { text: 'Looked.' }]
const SHOW_ENV = '[[show-env]]'
const showEnv = [{ tool: 'bash', args: { command: 'env | grep OPENCODE_SERVER' } }, { text: 'Shown.' }]
const IDLE_SEC = 5
/**
 * The idle limit of the side that meets a 503 with a minute's retry-after: above the quiet spells of a
 * run's start on a busy machine (the request must reach the provider first), far below the retry wait.
 */
const RETRY_IDLE_SEC = 12

let llm: ScriptedLlm
let root: string
let sideA: SideSession
let sideB: SideSession
let sideRetry: SideSession
/** Opens one more side b (its own server) whose runs' work dirs go in `workRoot`. */
let openSideB: (workRoot: string) => Promise<SideSession>
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
      { match: WRITE_NOTE, withSkill: writeNote, withoutSkill: writeNote },
      { match: LOOK, withSkill: look, withoutSkill: look },
      { match: SHOW_ENV, withSkill: showEnv, withoutSkill: showEnv },
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
  openSideB = (workRoot) =>
    driver.openSide({ ...sideSpec({ side: 'b', skill: snapB, providerConfig, runRoot }), workRoot })
  const t0 = Date.now()
  ;[sideA, sideB, sideRetry] = await Promise.all([
    driver.openSide(sideSpec({ side: 'a', skill: null, providerConfig, runRoot, idleTimeoutSec: IDLE_SEC })),
    driver.openSide(sideSpec({ side: 'b', skill: snapB, providerConfig, runRoot })),
    driver.openSide(
      sideSpec({ side: 'a', skill: null, providerConfig, runRoot, idleTimeoutSec: RETRY_IDLE_SEC }),
    ),
  ])
  console.log(`[timing] the servers started and proven in parallel: ${Date.now() - t0} ms`)
  expect(sideB.proof.visible).toEqual([
    { name: SKILL, location: join(offeredDirOf(snapB.snapshotDir), 'SKILL.md') },
  ])
})

afterAll(async () => {
  await Promise.all([sideA?.close(), sideB?.close(), sideRetry?.close()])
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

async function run(
  side: SideSession,
  id: string,
  prompt: string,
  signal = new AbortController().signal,
  hooks: RunHooks = {},
  files: Record<string, string> = { 'README.md': 'hello\n' },
): Promise<{ out: RunOutcome; seen: AgentEvent[]; ms: number; pid: number | null; sessions: string[] }> {
  const seen: AgentEvent[] = []
  const sessions: string[] = []
  let pid: number | null = null
  const t0 = Date.now()
  const out = await side.run(
    {
      runId: id,
      title: id,
      caseInput: { caseId: id, prompt, files },
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

    // Two runs at once on one server: each gets its own session, events and diff.
    const [b2, b3] = await Promise.all([
      run(sideB, 'b2', 'Please write the answer.'),
      run(sideB, 'b3', `Talk like a pirate ${FORCE}`),
    ])
    console.log(`[timing] two parallel runs on the warm side-b server: ${b2.ms} ms, ${b3.ms} ms`)
    expect([b2.out.kind, b3.out.kind]).toEqual(['ok', 'ok'])
    expect([b2.pid, b3.pid]).toEqual([b.pid, b.pid])
    expect(b2.out.sessionId).not.toBe(b3.out.sessionId)
    for (const r of [b2, b3]) expect(r.out.events.every((e) => e.sessionID === r.out.sessionId)).toBe(true)
    expect([b2.out.finalOutput, b3.out.finalOutput]).toEqual([DEFAULT_FINAL_TEXT, 'Arr, loaded.'])
    expect(b2.out.diff).toContain('answer.txt')
    expect(b3.out.diff).toBe('')
  })

  it('a run in a reused work-dir slot sees nothing an earlier run wrote or shipped, and each run keeps its own work dir', async () => {
    const agentText = (from: number) =>
      JSON.stringify(
        llm.requests
          .slice(from)
          .filter((r) => r.kind === 'agent')
          .map((r) => r.body),
      )
    const wrote = await run(sideB, 'slot-w', `Note it ${WRITE_NOTE}`)
    expect(wrote.out.diff).toContain('+LEFT-BY-AN-EARLIER-RUN')
    const looked = await run(sideB, 'slot-l', `Look ${LOOK}`)
    expect(looked.out.kind, looked.out.message ?? '').toBe('ok')
    const shown = JSON.stringify(looked.out.events)
    expect(shown).toContain('README.md')
    expect(shown).not.toContain('LEFT-BY-AN-EARLIER-RUN')
    expect(shown).toMatch(/note\.txt: No such file/)
    expect(looked.out.diff).toBe('')
    // Both ran in the same slot (its opencode instance stayed loaded); each folder was kept as its own.
    expect(shown).toContain('/.slot-')
    expect(readFileSync(join(root, 'work', 'slot-w', 'note.txt'), 'utf8')).toBe('LEFT-BY-AN-EARLIER-RUN')
    expect(existsSync(join(root, 'work', 'slot-l', 'README.md'))).toBe(true)
    expect(readdirSync(join(root, 'work')).filter((n) => n.startsWith('.slot-'))).toEqual([])

    // A skill a case ships (opencode caches skills per instance) reaches its run, not the slot's next run.
    const caseSkill = '---\nname: case-kit-7\ndescription: Tools this case ships.\n---\nUse them.\n'
    let from = llm.requests.length
    await run(
      sideB,
      'slot-c',
      `Look ${LOOK}`,
      undefined,
      {},
      { '.opencode/skills/case-kit-7/SKILL.md': caseSkill },
    )
    expect(agentText(from)).toContain('case-kit-7')
    from = llm.requests.length
    await run(sideB, 'slot-c2', `Look ${LOOK}`)
    expect(agentText(from)).not.toContain('case-kit-7')
  })

  it("a side's server answers only its own password: no other process on the machine can read its sessions, and its agents' output never shows the password, and a finished run's session is gone", async () => {
    const pid = serverPids.b as number
    const password = envOf(pid, SERVER_PASSWORD_VAR)
    expect(password?.length).toBeGreaterThanOrEqual(24)
    const [port] = listeningPorts(pid)
    const sessions = `http://127.0.0.1:${port}/session`
    const basic = (pw: string) => ({
      authorization: `Basic ${Buffer.from(`opencode:${pw}`).toString('base64')}`,
    })
    expect((await fetch(sessions)).status).toBe(401)
    expect((await fetch(sessions, { headers: basic('not-it') })).status).toBe(401)
    expect((await fetch(sessions, { headers: basic(password as string) })).status).toBe(200)
    // Its agents inherit it (opencode's tools run in its env): whatever they print is stored redacted.
    const shown = await run(sideB, 'env', `Show ${SHOW_ENV}`)
    const stored = JSON.stringify(shown.out)
    expect(stored).toContain(`${SERVER_PASSWORD_VAR}=${REDACTED}`)
    expect(stored).not.toContain(password)
    // Not even with the password can a later run read this one's session: it is gone once stored.
    const gone = await fetch(`${sessions}/${shown.out.sessionId}`, { headers: basic(password as string) })
    expect(gone.status, await gone.text()).toBe(404)
  })

  it('a side proves itself in its first work-dir slot, and a first run there that ships a skill still sees it', async () => {
    const work = join(root, 'work-proved')
    const side = await openSideB(work)
    try {
      expect(side.proof).toMatchObject({ side: 'b', ok: true })
      // The proof's slot (its instance loaded) is there before any run.
      const slots = readdirSync(work).filter((n) => n.startsWith('.slot-'))
      expect(slots).toHaveLength(1)
      const caseSkill = '---\nname: case-kit-9\ndescription: Tools this case ships.\n---\nUse them.\n'
      const from = llm.requests.length
      const out = await side.run(
        {
          runId: 'first',
          title: 'first',
          caseInput: {
            caseId: 'first',
            prompt: `Look ${LOOK}`,
            files: { '.opencode/skills/case-kit-9/SKILL.md': caseSkill },
          },
          workDir: join(work, 'first'),
        },
        {},
        new AbortController().signal,
      )
      expect(out.kind, out.message ?? '').toBe('ok')
      expect(JSON.stringify(out.events)).toContain(`/${slots[0]}`)
      const asked = llm.requests.slice(from).filter((r) => r.kind === 'agent')
      expect(JSON.stringify(asked.map((r) => r.body))).toContain('case-kit-9')
    } finally {
      await side.close()
    }
  })

  it('a cancel mid-run is canceled (through /abort), a provider 500 is a provider_error, a hung provider is a timeout, a stop while opencode waits to retry a 503 is the provider’s error, and the servers keep serving', async () => {
    // The idle timeout takes opencode's retries to show (≈25 s): side a waits for it while side b cancels.
    const idleRun = run(sideA, 'idle', 'Please write the answer. [[fault:hang]]')
    // The provider answers 503, retry after a minute: the idle watchdog stops the run while opencode waits.
    const retryRun = run(sideRetry, 'f503', 'Please write the answer. [[fault:503]]')
    const faultRun = run(sideB, 'f500', 'Please write the answer. [[fault:500]]')
    const ac = new AbortController()
    const pending = run(sideB, 'cancel', 'Please write the answer. [[delay:20000]]', ac.signal)
    await waitFor(
      () =>
        llm.requests.some((r) => r.kind === 'agent' && JSON.stringify(r.body).includes('[[delay:20000]]')),
      60_000,
      'the first LLM request of the run to cancel',
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
    const nextB = await run(sideB, 'after-b', 'Please write the answer.')
    expect(nextB.out.kind, nextB.out.message ?? '').toBe('ok')
    expect(nextB.out.diff).toContain('answer.txt')

    // A provider error is classified as the process driver does: provider_error with the provider's message.
    const f = await faultRun
    expect(f.out.kind, f.out.message ?? '').toBe('provider_error')
    expect(f.out.message).toBe(`APIError (HTTP 500): ${INTERNAL_ERROR_MESSAGE}`)
    expect(f.out.exitCode).toBe(1)

    const waited = await retryRun
    console.log(
      `[timing] 503, retry after 60 s → stopped by the idle watchdog (idle ${RETRY_IDLE_SEC} s): ${waited.ms} ms`,
    )
    const reached = llm.requests.some((r) => r.fault === '503')
    expect(waited.out.kind, `${waited.out.message ?? ''} (the 503 reached the provider: ${reached})`).toBe(
      'provider_error',
    )
    expect(waited.out.message).toContain(
      `the model provider failed and opencode was waiting to retry: ${OVERLOADED_MESSAGE}; stopped after ${RETRY_IDLE_SEC} s`,
    )

    const idle = await idleRun
    console.log(`[timing] hang → idle timeout (idle ${IDLE_SEC} s): ${idle.ms} ms`)
    // opencode's header timeout (under the idle limit) may fire first and back off to retry: a provider too
    // slow to answer is still a timeout, never dropped as the provider's failure.
    expect(idle.out.kind, idle.out.message ?? '').toBe('timeout')
    expect(idle.out.message).toContain(`${IDLE_SEC} s without any output`)
    const nextA = await run(sideA, 'after-a', 'Please write the answer.')
    expect(nextA.out.kind, nextA.out.message ?? '').toBe('ok')
  })

  it('a server that dies mid-run fails that run as crashed (with how it ended); the next run starts it again, offered exactly its skills', async () => {
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
    const next = await run(sideA, 'after-kill', 'Please write the answer.')
    expect(next.out.kind, next.out.message ?? '').toBe('ok')
    expect(next.out.offeredSkills).toEqual([])
    expect(next.pid, 'a new server process').not.toBe(serverPids.a)
    serverPids.a = next.pid ?? undefined
  })

  it('after close() no process of either server is alive', async () => {
    await Promise.all([sideA.close(), sideB.close(), sideRetry.close()])
    for (const pid of [serverPids.a, serverPids.b]) {
      expect(pid).toBeGreaterThan(0)
      expect(processesOfRun(pid ?? null, [join(root, 'work'), join(root, 'data')])).toEqual([])
    }
    const out = await run(sideA, 'closed', 'Please write the answer.')
    expect(out.out).toMatchObject({ kind: 'spawn_failed', message: 'the server was stopped' })
  })
})
