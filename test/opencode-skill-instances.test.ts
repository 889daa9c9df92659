// What opencode 1.18 offers in each directory instance of one `opencode serve` (docs/opencode.md "Every instance
// sees the skill"), pinned both ways: a SKILL.md whose front matter is not strict YAML is listed by the first
// instance only (gray-matter's cache) — this fails when a future opencode stops hiding it, and the offered copy
// may go — and its offered copy is listed by every instance: the first slot, another, two booted at once, one
// booted again after a dispose, a restarted server, the process driver's `debug skill`; side a and the judge
// are offered none.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offeredDirOf } from '../src-main/agent/isolation/offered-copy'
import { listVisibleSkills } from '../src-main/agent/isolation/skill-proof'
import { prepareSide, setupProcess, type SideContext } from '../src-main/agent/isolation/side-context'
import type { SideSpec } from '../src-main/agent/types'
import { WarmServer } from '../src-main/agent/server/warm-server'
import { prepareWorkDir } from '../src-main/agent/drivers/workdir'
import { judgeConfigOverrides } from '../src-main/judge/judge-prompt'
import { makeSnapshot, sideSpec, SKILL } from './agent-support'
import { colonSkill } from './support/offered-agent'
import { startScriptedLlm, writeProviderConfig, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let root: string
let b: SideSpec
let a: SideSpec
const servers: WarmServer[] = []

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: SKILL })
  root = mkdtempSync(join(tmpdir(), 'skill-ab-instances-'))
  const providerConfig = writeProviderConfig(join(root, 'provider.json'), { baseURL: llm.url })
  const runRoot = join(root, 'data', 'tmp')
  const snap = makeSnapshot(join(root, 'data'), SKILL, 'c'.repeat(64), '')
  writeFileSync(join(snap.snapshotDir, 'SKILL.md'), colonSkill(SKILL))
  b = sideSpec({ side: 'b', skill: snap, providerConfig, runRoot })
  a = sideSpec({ side: 'a', skill: null, providerConfig, runRoot })
})

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await llm?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

async function serverFor(ctx: SideContext, configOverrides?: Record<string, unknown>): Promise<WarmServer> {
  const server = await WarmServer.start({ ctx, label: 'instances', graceMs: 1000, configOverrides })
  servers.push(server)
  return server
}

let n = 0
/** A fresh git work dir, as a slot is before a run. */
async function freshDir(): Promise<string> {
  const dir = join(root, 'work', `.slot-t-${n++}`)
  await prepareWorkDir(dir, { 'README.md': `slot ${n}\n` })
  return dir
}

const names = async (server: WarmServer, dir: string) => (await server.offered(dir)).map((s) => s.name)

describe('opencode serve: a skill whose front matter is not YAML', () => {
  it('given as it is, only the first instance of the process lists it (opencode 1.18.33)', async () => {
    // The snapshot itself as the offered folder: what skill-ab gave opencode before the offered copy.
    const raw = { ...b, skill: b.skill && { ...b.skill, offeredDir: b.skill.snapshotDir } }
    const server = await serverFor(await prepareSide(raw, process.env))
    expect(await names(server, await freshDir())).toEqual([SKILL])
    expect(await names(server, await freshDir()), 'the second instance').toEqual([])
  })

  it('its offered copy is listed by every instance: another slot, two at once, after a dispose, after a restart', async () => {
    const ctx = await prepareSide(b, process.env)
    expect(ctx.skillsPath).toBe(join(offeredDirOf(b.skill?.snapshotDir ?? ''), '..'))
    const location = join(offeredDirOf(b.skill?.snapshotDir ?? ''), 'SKILL.md')
    const server = await serverFor(ctx)
    const first = await freshDir()
    expect(await server.offered(first)).toEqual([{ name: SKILL, location }])
    expect(await names(server, await freshDir())).toEqual([SKILL])
    const [x, y] = [await freshDir(), await freshDir()]
    expect(await Promise.all([names(server, x), names(server, y)])).toEqual([[SKILL], [SKILL]])
    await server.dispose(first)
    expect(await names(server, first), 'booted again after a dispose').toEqual([SKILL])
    process.kill(server.serve.pid, 'SIGKILL')
    await server.serve.exited
    expect(await server.revive()).toBeNull()
    expect(await names(server, first), 'a restarted server').toEqual([SKILL])
    expect(await names(server, await freshDir())).toEqual([SKILL])
  })

  it("the process driver's `opencode debug skill` lists its offered copy; side a and the judge are offered none", async () => {
    const ctx = await prepareSide(b, process.env)
    const setup = setupProcess(ctx, 'debug')
    const cwd = await freshDir()
    const listed = await listVisibleSkills({ bin: ctx.bin?.path ?? '', cwd, env: setup.env })
    expect(listed.map((s) => s.name)).toEqual([SKILL])
    const side = await serverFor(await prepareSide(a, process.env))
    expect(await names(side, await freshDir())).toEqual([])
    expect(await names(side, await freshDir())).toEqual([])
    const judgeCtx = await prepareSide(a, process.env)
    const judge = await serverFor(judgeCtx, judgeConfigOverrides('scripted/agent', 100))
    expect(await names(judge, await freshDir())).toEqual([])
  })
})
