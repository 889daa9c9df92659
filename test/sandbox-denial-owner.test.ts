// On a server, every run of a side shares one sandbox and one proxy: a connection the proxy refuses is charged
// to the run whose own tool call was running then, not to every run whose session was open. Side b's runs run
// at once; one `curl`s a local service while the others wait on their model (the scripted LLM answers each
// request after 2.5 s): that run records the denial, and the others do not (save one whose own tool call a
// slow start puts beside the curl). One leaves its `curl` in the background, to fire
// after its tool call returned, between the others' tool calls: a refusal in no run's tool call is charged to
// every run open then, so it is never lost (it would be charged to none by tool calls alone).
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSupport } from '../src-main/agent/isolation/sandbox'
import { expectDecided } from './support/expect-decided'
import {
  makeWorld,
  outsideTempDir,
  runCli,
  stopCliChildren,
  writeSkill,
  type World,
} from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'
import { runsOf, writeTask } from './support/server-task'

const SKILL = 'pirate-speak'
const REACH = 'reach-out'
const LATER = 'reach-later'
let llm: ScriptedLlm
let world: World
let service: Server
let port = 0
let later: Server
let laterPort = 0

const answer = { tool: 'write', args: { filePath: 'answer.txt', content: 'Arr.' } }

beforeAll(async () => {
  service = createServer((_req, res) => res.end('local service'))
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  port = (service.address() as { port: number }).port
  later = createServer((_req, res) => res.end('another local service'))
  await new Promise<void>((resolve) => later.listen(0, '127.0.0.1', resolve))
  laterPort = (later.address() as { port: number }).port
  llm = await startScriptedLlm({
    skillName: SKILL,
    delayMs: 2500,
    cases: [
      {
        match: REACH,
        // Its curl starts a second after the other runs' quick tool call ended: they are waiting on the model.
        withSkill: [
          {
            tool: 'bash',
            args: {
              command: `sleep 1.2; curl -s -m 2 http://127.0.0.1:${port}/; echo tried`,
              description: 'reach',
            },
          },
          answer,
          { text: 'Done.' },
        ],
        withoutSkill: [answer, { text: 'Done.' }],
      },
      {
        match: LATER,
        // Its tool call returns at once; the curl fires 1.9 s later, while every run waits on its model.
        withSkill: [
          {
            tool: 'bash',
            args: {
              command: `(sleep 1.9; curl -s -m 2 http://127.0.0.1:${laterPort}/) > /dev/null 2>&1 &`,
              description: 'reach later',
            },
          },
          answer,
          { text: 'Done.' },
        ],
        withoutSkill: [answer, { text: 'Done.' }],
      },
    ],
    defaultScript: { withSkill: [answer, { text: 'Done.' }], withoutSkill: [answer, { text: 'Done.' }] },
  })
  world = makeWorld(llm.url, { under: outsideTempDir() })
  writeSkill(world, `skills/${SKILL}`, SKILL)
})

afterAll(async () => {
  await stopCliChildren()
  await llm?.close()
  service?.close()
  later?.close()
  world?.cleanup()
})

describe.runIf(sandboxSupport().ok)('a refused connection on a shared server sandbox', () => {
  it("is charged to the run whose tool call made it, not to side b's other runs open at the time", async () => {
    const cases = [REACH, LATER, 'quiet-1', 'quiet-2']
      .map((id) => JSON.stringify({ id, prompt: `Say hello like a pirate (${id}).` }))
      .join('\n')
    writeTask(world, 'owner.json', 'denial owner', SKILL, `${cases}\n`, {
      concurrency: 8,
      sandbox: 'required',
    })
    const res = await runCli(['run', 'owner.json'], world.env, world.root)
    expectDecided(res)
    const b = runsOf(world, 'denial owner').filter((r) => r.side === 'b')
    const network = (caseId: string) =>
      b.find((r) => r.caseKey === caseId)?.sandbox?.denials?.filter((d) => d.kind === 'network') ?? null
    const refused = (caseId: string, at: number) =>
      (network(caseId) ?? []).filter((d) => d.target === `127.0.0.1:${at}`)
    expect(refused(REACH, port)).toEqual([{ kind: 'network', target: `127.0.0.1:${port}` }])
    // The others were open when it was refused (else this would prove nothing). A slow start may put one's own
    // tool call beside the curl (then it is charged too), but not all three: by whose session was open, each is.
    const reach = b.find((r) => r.caseKey === REACH)
    const others = b.filter((x) => x.caseKey !== REACH)
    for (const r of others)
      expect(Date.parse(r.finishedAt ?? '') > Date.parse(reach?.startedAt ?? '') + 3_700, r.caseKey).toBe(
        true,
      )
    const spared = others.filter((r) => refused(r.caseKey, port).length === 0).map((r) => r.caseKey)
    expect(spared.length, 'runs open but not charged with the curl').toBeGreaterThan(0)
    // The background curl: charged to the runs open then (or, should a slow start put it inside another run's
    // tool call, to that run) — never to none.
    const charged = b.filter((r) => refused(r.caseKey, laterPort).length > 0).map((r) => r.caseKey)
    expect(charged.length, 'runs charged with the background curl').toBeGreaterThan(0)
  })
})
