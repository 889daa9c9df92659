// `skill-ab serve` as a user runs it, with a task running while other connections send the two frames
// that used to stop the whole server (a text message over the 16 MiB limit, 3 bytes of invalid UTF-8):
// each is closed with its code, the page keeps its connection, and the task finishes.
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { frame, openRawWebSocket } from '../src-main/serve/raw-socket.fixture'
import type { RunView } from '../src-shared/ipc-views'
import { MAX_MESSAGE_BYTES, type WsServerMessage } from '../src-shared/ws-protocol'
import { SERVER_AGENT } from './support/server-task'
import { ANSWER_EXISTS } from './support/expect-decided'
import { CLI, makeWorld, writeSkill, type World } from './support/fixtures'
import { startScriptedLlm, type ScriptedLlm } from './support/scripted-llm'

let llm: ScriptedLlm
let world: World
let child: ChildProcess
let stderr = ''
let port: number
let token: string

beforeAll(async () => {
  llm = await startScriptedLlm({ skillName: 'pirate-speak', delayMs: 500 })
  world = makeWorld(llm.url)
  child = spawn(process.execPath, [CLI, 'serve'], { env: world.env, cwd: world.root })
  child.stderr?.on('data', (c) => (stderr += String(c)))
  const url = await new Promise<URL>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`no URL printed; stderr: ${stderr}`)), 20_000)
    child.stdout?.on('data', (c) => {
      out += String(c)
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(new URL(m[0]))
      }
    })
  })
  port = Number(url.port)
  token = url.searchParams.get('token') as string
})
afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGINT')
    await exited
  }
  await llm.close()
  world.cleanup()
})

function openPage(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`)
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

let nextId = 1
function call<T>(ws: WebSocket, channel: string, payload: unknown): Promise<T> {
  const id = nextId++
  return new Promise((resolve, reject) => {
    const onMessage = (data: unknown): void => {
      const msg = JSON.parse(String(data)) as WsServerMessage
      if (msg.type !== 'reply' || msg.id !== id) return
      ws.off('message', onMessage)
      if (msg.envelope.ok) resolve(msg.envelope.result as T)
      else reject(new Error(`${channel}: ${msg.envelope.error.message}`))
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ id, channel, payload }))
  })
}

it('a task keeps running and finishes while other connections send an oversized and an invalid UTF-8 frame', async () => {
  const skill = writeSkill(world, 'skills/pirate-speak', 'pirate-speak')
  const dataset = world.write('cases.jsonl', '{"id":"c1","prompt":"Say hello."}\n')
  const page = await openPage()
  const config = {
    name: 'serve frames',
    skill: { path: skill },
    dataset: { path: dataset },
    repeatRounds: 1,
    evaluators: ANSWER_EXISTS,
    agent: SERVER_AGENT,
  }
  const { taskId } = await call<{ taskId: string }>(page, 'tasks.create', { config })
  const statuses = async (): Promise<string> =>
    (await call<{ runs: RunView[] }>(page, 'tasks.get', { taskId })).runs.map((r) => r.status).join(',')
  await expect.poll(statuses, { timeout: 60_000, interval: 200 }).toContain('running')

  const big = await openPage()
  const bigClosed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)))
  big.send('x'.repeat(MAX_MESSAGE_BYTES + 1))
  expect(await bigClosed).toBe(1009)

  const raw = await openRawWebSocket(port, `/ws?token=${token}`)
  raw.send(frame({ opcode: 0x1, payload: Buffer.from([0xff, 0xfe, 0xfd]) }))
  expect(await raw.closeCode).toBe(1007)

  // Still the same server, the page's connection still open, the task still running.
  expect(child.exitCode).toBeNull()
  expect(page.readyState).toBe(WebSocket.OPEN)
  expect(await statuses()).toMatch(/pending|running|executed|evaluating/)
  await expect.poll(statuses, { timeout: 120_000, interval: 500 }).toBe('scored,scored')
  expect(stderr).toMatch(/closed a WebSocket connection: Max payload size exceeded/)
  expect(stderr).toMatch(/closed a WebSocket connection: .*WS_ERR_INVALID_UTF8/)
  page.close()
})
