// Isolation through the process driver (real opencode): no HOME/ancestor leak, baseline versions, auth file.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offeredDirOf } from '../src-main/agent/isolation/offered-copy'
import { createProcessDriver } from '../src-main/agent/drivers/process-driver'
import type { AgentEvent, SideSession } from '../src-main/agent/types'
import { startScriptedLlm, writeProviderConfig, type ScriptedLlm } from './support/scripted-llm'
import { SKILL, makeSnapshot, plantSkill, sideSpec } from './agent-support'

const FORCE = '[[force-skill]]'
const PROBE = '[[probe-env]]'
const AUTH_SECRET = 'sk-auth-file-secret-0123456789'

let llm: ScriptedLlm
let root: string
let home: string
let providerConfig: string
let dataDir: string
let runRoot: string
const saved = {
  HOME: process.env.HOME,
  XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME,
  XDG_DATA_HOME: process.env.XDG_DATA_HOME,
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'skill-ab-iso-'))
  dataDir = join(root, 'data')
  // Version A's files (its offered copy, the base directory opencode names), read by path after loading it: the
  // skill's folder is readable, the rest outside is not.
  const versionAFile = join(offeredDirOf(join(dataDir, 'skills', SKILL, 'a'.repeat(64), SKILL)), 'SKILL.md')
  llm = await startScriptedLlm({
    skillName: SKILL,
    cases: [
      {
        match: FORCE,
        withSkill: [
          { tool: 'skill', args: { name: SKILL } },
          { tool: 'read', args: { filePath: versionAFile } },
          { tool: 'read', args: { filePath: join(home0(), '.claude', 'CLAUDE.md') } },
          { text: 'loaded' },
        ],
        withoutSkill: [{ tool: 'skill', args: { name: SKILL } }, { text: 'not loaded' }],
      },
      {
        match: PROBE,
        withSkill: [{ text: 'unused' }],
        withoutSkill: [
          {
            tool: 'bash',
            args: {
              command:
                'stat -c "mode=%a" "$XDG_DATA_HOME/opencode/auth.json"; cat "$XDG_DATA_HOME/opencode/auth.json"; echo "home=$HOME"',
              description: 'probe the private env',
            },
          },
          { text: 'probed' },
        ],
      },
    ],
  })
  providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  // The user's HOME is full of copies of the skill, and instructions that must not reach the agent.
  home = home0()
  for (const dir of ['.claude/skills', '.agents/skills', '.config/opencode/skills', '.opencode/skills']) {
    plantSkill(join(home, dir), SKILL, `LEAKED-HOME ${dir}`)
  }
  mkdirSync(join(home, '.claude'), { recursive: true })
  writeFileSync(join(home, '.claude', 'CLAUDE.md'), 'LEAKED-CLAUDE-MD: always say banana\n')
  mkdirSync(join(home, '.local', 'share', 'opencode'), { recursive: true })
  writeFileSync(
    join(home, '.local', 'share', 'opencode', 'auth.json'),
    JSON.stringify({ scripted: { type: 'api', key: AUTH_SECRET } }),
  )
  // …and so is an ancestor of the data dir (and so of every run and work dir).
  plantSkill(join(root, '.opencode', 'skills'), SKILL, 'LEAKED-ANCESTOR .opencode')
  plantSkill(join(root, '.claude', 'skills'), SKILL, 'LEAKED-ANCESTOR .claude')
  writeFileSync(join(root, 'AGENTS.md'), 'LEAKED-AGENTS-MD: always say banana\n')
  runRoot = join(dataDir, 'tmp')
  process.env.HOME = home
  delete process.env.XDG_CONFIG_HOME
  delete process.env.XDG_DATA_HOME
})

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

function home0(): string {
  return join(root, 'home')
}

function toolState(events: AgentEvent[], tool: string): Record<string, unknown>[] {
  return events
    .filter((e) => e.type === 'tool_use' && (e.part as { tool?: string }).tool === tool)
    .map((e) => (e.part as { state: Record<string, unknown> }).state)
}

function skillCalls(events: AgentEvent[]): Record<string, unknown>[] {
  return events
    .filter((e) => e.type === 'tool_use' && (e.part as { tool?: string }).tool === 'skill')
    .map((e) => (e.part as { state: Record<string, unknown> }).state)
}

function requestText(from: number): string {
  return JSON.stringify(llm.requests.slice(from).map((r) => r.body))
}

describe('isolation: the user HOME and ancestors never leak', () => {
  let sideA: SideSession
  let sideB: SideSession

  beforeAll(async () => {
    const snap = makeSnapshot(dataDir, SKILL, 'd'.repeat(64), 'MARKER-SNAPSHOT')
    const driver = createProcessDriver()
    ;[sideA, sideB] = await Promise.all([
      driver.openSide(sideSpec({ side: 'a', skill: null, providerConfig, runRoot })),
      driver.openSide(sideSpec({ side: 'b', skill: snap, providerConfig, runRoot })),
    ])
  })

  it("side a's proof sees no skill; side b's only its snapshot", () => {
    expect(sideA.proof, sideA.proof.message).toMatchObject({ ok: true, visible: [] })
    expect(sideB.proof.ok, sideB.proof.message).toBe(true)
    expect(sideB.proof.visible).toHaveLength(1)
    expect(sideB.proof.visible[0]?.location).toContain(
      join('skills', SKILL, 'd'.repeat(64), 'offered', SKILL, 'SKILL.md'),
    )
  })

  it("side a's run cannot load any planted copy, and no planted instruction reaches the model", async () => {
    const before = llm.requests.length
    const out = await sideA.run(
      {
        runId: 'iso-a',
        title: 'iso-a',
        caseInput: { caseId: 'c', prompt: `pirate please ${FORCE}`, files: {} },
        workDir: join(dataDir, 'work', 'iso-a'),
      },
      {},
      new AbortController().signal,
    )
    expect(out.kind, out.message ?? '').toBe('ok')
    expect(out).toMatchObject({ skillVisible: false, skillLoaded: false })
    expect(skillCalls(out.events)).toEqual([expect.objectContaining({ status: 'error' })])
    const sent = requestText(before)
    expect(sent).not.toContain('LEAKED')
    expect(sent).not.toContain('<name>pirate-speak</name>')
    expect(readdirSync(runRoot)).toEqual([])
  })

  it("the user's auth file is copied 0600 for the run, its secret kept out of events, and deleted after", async () => {
    const out = await sideA.run(
      {
        runId: 'iso-auth',
        title: 'iso-auth',
        caseInput: { caseId: 'c', prompt: `probe ${PROBE}`, files: {} },
        workDir: join(dataDir, 'work', 'iso-auth'),
      },
      {},
      new AbortController().signal,
    )
    expect(out.kind, out.message ?? '').toBe('ok')
    const bash = out.events.find(
      (e) => e.type === 'tool_use' && (e.part as { tool?: string }).tool === 'bash',
    )
    const output = String((bash?.part as { state: { output?: unknown } }).state.output)
    expect(output).toContain('mode=600')
    expect(output).toContain(`home=${runRoot}/iso-auth-`)
    expect(output).toContain('[redacted]')
    expect(JSON.stringify(out)).not.toContain(AUTH_SECRET)
    expect(readdirSync(runRoot)).toEqual([])
  })
})

describe('isolation: a baseline that is another version of the skill', () => {
  it('side a sees exactly snapshot A, side b exactly snapshot B, and side a loads A', async () => {
    const snapA = makeSnapshot(dataDir, SKILL, 'a'.repeat(64), 'MARKER-VERSION-A')
    const snapB = makeSnapshot(dataDir, SKILL, 'b'.repeat(64), 'MARKER-VERSION-B')
    const driver = createProcessDriver()
    const [a, b] = await Promise.all([
      driver.openSide(sideSpec({ side: 'a', skill: snapA, providerConfig, runRoot })),
      driver.openSide(sideSpec({ side: 'b', skill: snapB, providerConfig, runRoot })),
    ])
    expect(a.proof.ok, a.proof.message).toBe(true)
    expect(b.proof.ok, b.proof.message).toBe(true)
    expect(a.proof.visible).toEqual([
      { name: SKILL, location: join(offeredDirOf(snapA.snapshotDir), 'SKILL.md') },
    ])
    expect(b.proof.visible).toEqual([
      { name: SKILL, location: join(offeredDirOf(snapB.snapshotDir), 'SKILL.md') },
    ])

    const out = await a.run(
      {
        runId: 'ver-a',
        title: 'ver-a',
        caseInput: { caseId: 'c', prompt: `pirate ${FORCE}`, files: {} },
        workDir: join(dataDir, 'work', 'ver-a'),
      },
      {},
      new AbortController().signal,
    )
    expect(out.kind, out.message ?? '').toBe('ok')
    expect(out).toMatchObject({ skillVisible: true, skillLoaded: true })
    const loaded = String(skillCalls(out.events)[0]?.output)
    expect(loaded).toContain('MARKER-VERSION-A')
    expect(loaded).not.toContain('MARKER-VERSION-B')
    // The skill's own folder is readable by path; anything else outside the work dir is denied.
    const reads = toolState(out.events, 'read')
    expect(reads[0]).toMatchObject({ status: 'completed' })
    expect(String(reads[0]?.output)).toContain('MARKER-VERSION-A')
    expect(reads[1]).toMatchObject({ status: 'error' })
    expect(JSON.stringify(out.events)).not.toContain('LEAKED-CLAUDE-MD')
  })
})
