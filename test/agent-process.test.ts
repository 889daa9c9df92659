// The process driver with real opencode and the scripted LLM: a skill run, a baseline run, spawn failures.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offeredDirOf } from '../src-main/agent/isolation/offered-copy'
import { createProcessDriver } from '../src-main/agent/drivers/process-driver'
import type { AgentEvent, SideSession } from '../src-main/agent/types'
import {
  DEFAULT_FINAL_TEXT,
  startScriptedLlm,
  writeProviderConfig,
  type ScriptedLlm,
} from './support/scripted-llm'
import { SKILL, makeSnapshot, processesOfRun, sideSpec, type Snapshot } from './agent-support'

const FORCE = '[[force-skill]]'

let llm: ScriptedLlm
let root: string
let providerConfig: string
let runRoot: string
let snapB: Snapshot
let sideA: SideSession
let sideB: SideSession

beforeAll(async () => {
  llm = await startScriptedLlm({
    skillName: SKILL,
    cases: [
      {
        match: FORCE,
        withSkill: [{ tool: 'skill', args: { name: SKILL } }, { text: 'Arr, loaded.' }],
        // The baseline tries to load the skill anyway: the call must fail.
        withoutSkill: [{ tool: 'skill', args: { name: SKILL } }, { text: 'No such skill.' }],
      },
    ],
  })
  root = mkdtempSync(join(tmpdir(), 'skill-ab-agent-'))
  providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  runRoot = join(root, 'data', 'tmp')
  snapB = makeSnapshot(join(root, 'data'), SKILL, 'b'.repeat(64), 'Always answer like a pirate. MARKER-B')
  const driver = createProcessDriver({ env: { ...process.env } })
  const t0 = Date.now()
  ;[sideA, sideB] = await Promise.all([
    driver.openSide(sideSpec({ side: 'a', skill: null, providerConfig, runRoot })),
    driver.openSide(sideSpec({ side: 'b', skill: snapB, providerConfig, runRoot })),
  ])
  console.log(`[timing] two proofs in parallel: ${Date.now() - t0} ms`)
})

afterAll(async () => {
  await Promise.all([sideA?.close(), sideB?.close()])
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

function toolUses(events: AgentEvent[], tool: string): Record<string, unknown>[] {
  return events
    .filter((e) => e.type === 'tool_use' && (e.part as { tool?: string }).tool === tool)
    .map((e) => (e.part as { state: Record<string, unknown> }).state)
}

describe('process driver: a skill run and a baseline run', () => {
  it('proves what each side sees before anything runs', () => {
    expect(sideB.proof).toMatchObject({ side: 'b', ok: true })
    expect(sideB.proof.visible).toEqual([
      { name: SKILL, location: join(offeredDirOf(snapB.snapshotDir), 'SKILL.md') },
    ])
    expect(sideA.proof).toMatchObject({ side: 'a', ok: true, visible: [] })
    expect(readdirSync(runRoot)).toEqual([])
  })

  it('side b: sees and loads the skill, writes answer.txt, reports session, tokens and cost', async () => {
    const workDir = join(root, 'work', 'b1')
    const seen: AgentEvent[] = []
    const spawned: { pid: number; startTime: string }[] = []
    const sessions: string[] = []
    const t0 = Date.now()
    const out = await sideB.run(
      {
        runId: 'run-b1',
        title: 'case-1 · b',
        caseInput: { caseId: 'c1', prompt: 'Please write the answer.', files: { 'README.md': 'hello\n' } },
        workDir,
      },
      {
        onEvent: (e) => seen.push(e),
        onSpawn: (pid, startTime) => spawned.push({ pid, startTime }),
        onSessionId: (id) => sessions.push(id),
      },
      new AbortController().signal,
    )
    console.log(`[timing] normal skill run: ${Date.now() - t0} ms`)
    expect(out.kind, out.message ?? '').toBe('ok')
    expect(out).toMatchObject({
      exitCode: 0,
      signal: null,
      skillVisible: true,
      skillLoaded: true,
      finalOutput: DEFAULT_FINAL_TEXT,
    })
    expect(out.sessionId).toMatch(/^ses_/)
    expect(sessions).toEqual([out.sessionId])
    expect(spawned).toHaveLength(1)
    expect(spawned[0]?.startTime).toMatch(/^\d+$/)
    expect(seen).toEqual(out.events)
    expect(out.tokens.input).toBeGreaterThan(0)
    expect(out.tokens.output).toBeGreaterThan(0)
    expect(out.costUsd).toBeGreaterThan(0)
    expect(out.diff).toContain('+++ b/answer.txt')
    expect(out.diff).not.toContain('README.md')
    expect(out.diff).not.toContain('.opencode')
    expect(toolUses(out.events, 'skill')[0]).toMatchObject({ status: 'completed', input: { name: SKILL } })
    expect(String(toolUses(out.events, 'skill')[0]?.output)).toContain('MARKER-B')
    expect(Date.parse(out.finishedAt)).toBeGreaterThanOrEqual(Date.parse(out.startedAt))
    // The LLM saw the skill listed; the private dirs are gone; nothing of the run is still alive.
    expect(llm.requests.filter((r) => r.kind === 'agent').every((r) => r.skillListed)).toBe(true)
    expect(readdirSync(runRoot)).toEqual([])
    expect(processesOfRun(spawned[0]?.pid ?? null, [workDir])).toEqual([])
  })

  it('side a: does not see the skill; a call to it fails; skillLoaded stays false', async () => {
    const before = llm.requests.length
    const workDir = join(root, 'work', 'a1')
    const out = await sideA.run(
      {
        runId: 'run-a1',
        title: 'case-1 · a',
        caseInput: { caseId: 'c1', prompt: `Talk like a pirate ${FORCE}`, files: {} },
        workDir,
      },
      {},
      new AbortController().signal,
    )
    expect(out.kind, out.message ?? '').toBe('ok')
    expect(out).toMatchObject({ skillVisible: false, skillLoaded: false, finalOutput: 'No such skill.' })
    const calls = toolUses(out.events, 'skill')
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ status: 'error', input: { name: SKILL } })
    expect(String(calls[0]?.error)).toContain('not found')
    expect(out.diff).toBe('')
    const agentRequests = llm.requests.slice(before).filter((r) => r.kind === 'agent')
    expect(agentRequests.length).toBeGreaterThan(0)
    expect(agentRequests.every((r) => !r.skillListed && r.skills.length === 0)).toBe(true)
    expect(readdirSync(runRoot)).toEqual([])
  })
})

describe('process driver: spawn failures', () => {
  it('a bogus binary path: the proof fails and a run reports spawn_failed', async () => {
    const driver = createProcessDriver({ bin: join(root, 'no', 'such', 'opencode') })
    const side = await driver.openSide(sideSpec({ side: 'b', skill: snapB, providerConfig, runRoot }))
    expect(side.proof.ok).toBe(false)
    expect(side.proof.message).toMatch(/ENOENT/)
    const workDir = join(root, 'work', 'bogus')
    const out = await side.run(
      { runId: 'run-bogus', title: 'bogus', caseInput: { caseId: 'c1', prompt: 'hi', files: {} }, workDir },
      {},
      new AbortController().signal,
    )
    expect(out.kind).toBe('spawn_failed')
    expect(out.message).toMatch(/ENOENT/)
    expect(out).toMatchObject({ sessionId: null, exitCode: null, events: [], skillLoaded: false })
    expect(existsSync(workDir)).toBe(true)
    expect(readdirSync(runRoot)).toEqual([])
  })

  it('a binary that is not executable reports spawn_failed (EACCES)', async () => {
    const fake = join(root, 'not-executable')
    writeFileSync(fake, 'not a program')
    chmodSync(fake, 0o644)
    const side = await createProcessDriver({ bin: fake }).openSide(
      sideSpec({ side: 'a', skill: null, providerConfig, runRoot }),
    )
    const out = await side.run(
      {
        runId: 'run-eacces',
        title: 'eacces',
        caseInput: { caseId: 'c1', prompt: 'hi', files: {} },
        workDir: join(root, 'work', 'eacces'),
      },
      {},
      new AbortController().signal,
    )
    expect(out.kind).toBe('spawn_failed')
    expect(out.message).toMatch(/EACCES/)
  })
})
