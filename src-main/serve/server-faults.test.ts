// Serve mode survives any message: each malformed frame or request ends its own connection with the
// fitting code, and the server — including a page connected before — goes on answering.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { openTestHost, type TestHost } from '../api/host.fixture'
import { MAX_MESSAGE_BYTES, type WsServerMessage } from '../../src-shared/ws-protocol'
import { startServer, type RunningServer } from './server'
import { frame, openRawWebSocket, rawHttp } from './raw-socket.fixture'

let t: TestHost
let server: RunningServer
let page: WebSocket
let renderer: string
const logged: string[] = []

function openSocket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`)
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

let nextId = 1
/** One api call over `ws`, as the page makes it; resolves with the reply's envelope. */
function listTasks(ws: WebSocket): Promise<unknown> {
  const id = nextId++
  return new Promise((resolve) => {
    const onMessage = (data: unknown): void => {
      const msg = JSON.parse(String(data)) as WsServerMessage
      if (msg.type !== 'reply' || msg.id !== id) return
      ws.off('message', onMessage)
      resolve(msg.envelope)
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ id, channel: 'tasks.list', payload: {} }))
  })
}

async function stillServes(): Promise<void> {
  expect(await listTasks(page)).toEqual({ ok: true, result: [] })
  const fresh = await openSocket()
  expect(await listTasks(fresh)).toEqual({ ok: true, result: [] })
  fresh.close()
  const res = await fetch(`http://127.0.0.1:${server.port}/?token=${server.token}`)
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  t = openTestHost()
  renderer = mkdtempSync(join(tmpdir(), 'skill-ab-renderer-'))
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Skill A/B</title>')
  server = await startServer({ host: t.host, port: 0, rendererDir: renderer, log: (l) => logged.push(l) })
  page = await openSocket()
})
afterAll(async () => {
  page.close()
  await server.close()
  await t.cleanup()
  rmSync(renderer, { recursive: true, force: true })
})

const TEXT = 0x1
const BINARY = 0x2
const CLOSE = 0x8
const PING = 0x9
const CONTINUATION = 0x0

describe('serve mode survives malformed WebSocket frames', () => {
  it('a text message over the 16 MiB limit is closed with 1009; the server goes on serving', async () => {
    const ws = await openSocket()
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    ws.send('x'.repeat(MAX_MESSAGE_BYTES + 1))
    expect(await closed).toBe(1009)
    await stillServes()
    expect(logged.join('\n')).toMatch(/Max payload size exceeded/)
  })

  it('a 3-byte text frame of invalid UTF-8 is closed with 1007; the server goes on serving', async () => {
    const raw = await openRawWebSocket(server.port, `/ws?token=${server.token}`)
    raw.send(frame({ opcode: TEXT, payload: Buffer.from([0xff, 0xfe, 0xfd]) }))
    expect(await raw.closeCode).toBe(1007)
    await stillServes()
  })

  const other: { why: string; bytes: Buffer; code: number }[] = [
    {
      why: 'a header claiming 16 MiB + 1 bytes',
      bytes: frame({ opcode: TEXT, claimedLength: MAX_MESSAGE_BYTES + 1 }),
      code: 1009,
    },
    {
      why: 'an unmasked client frame',
      bytes: frame({ opcode: TEXT, payload: Buffer.from('{}'), masked: false }),
      code: 1002,
    },
    { why: 'a reserved opcode', bytes: frame({ opcode: 0x3, payload: Buffer.from('x') }), code: 1002 },
    {
      why: 'RSV1 without compression',
      bytes: frame({ opcode: TEXT, rsv: 0x40, payload: Buffer.from('{}') }),
      code: 1002,
    },
    { why: 'a 126-byte ping', bytes: frame({ opcode: PING, payload: Buffer.alloc(126) }), code: 1002 },
    { why: 'a fragmented ping', bytes: frame({ opcode: PING, fin: false }), code: 1002 },
    {
      why: 'a continuation with nothing to continue',
      bytes: frame({ opcode: CONTINUATION, payload: Buffer.from('x') }),
      code: 1002,
    },
    {
      why: 'a close code that may not be sent',
      bytes: frame({ opcode: CLOSE, payload: Buffer.from([0x03, 0xe7]) }),
      code: 1002,
    },
    {
      why: 'a binary frame',
      bytes: frame({ opcode: BINARY, payload: Buffer.from('{"id":1,"channel":"tasks.list"}') }),
      code: 1003,
    },
    {
      why: 'text that is not JSON',
      bytes: frame({ opcode: TEXT, payload: Buffer.from('hello') }),
      code: 1003,
    },
    { why: 'JSON null', bytes: frame({ opcode: TEXT, payload: Buffer.from('null') }), code: 1003 },
  ]
  it.each(other)('$why is closed with $code; the server goes on serving', async ({ bytes, code }) => {
    const raw = await openRawWebSocket(server.port, `/ws?token=${server.token}`)
    raw.send(bytes)
    expect(await raw.closeCode).toBe(code)
    await stillServes()
  })
})

describe('serve mode survives malformed HTTP requests', () => {
  const host = (): string => `Host: 127.0.0.1:${server.port}\r\n`
  const close = 'Connection: close\r\n'
  it('a request target that is not a URL is answered 400', async () => {
    expect(await rawHttp(server.port, `GET http://[ HTTP/1.1\r\n${host()}${close}\r\n`)).toMatch(
      /^HTTP\/1.1 400/,
    )
    await stillServes()
  })

  it('an upgrade whose target is not a URL is answered 400', async () => {
    const upgrade = `GET http://[ HTTP/1.1\r\n${host()}Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${'a'.repeat(22)}==\r\nSec-WebSocket-Version: 13\r\n\r\n`
    expect(await rawHttp(server.port, upgrade)).toMatch(/^HTTP\/1.1 400/)
    await stillServes()
  })

  it('a request line of garbage is answered 400', async () => {
    expect(await rawHttp(server.port, '\u0000\u0001 nonsense\r\n\r\n')).toMatch(/^HTTP\/1.1 400/)
    await stillServes()
  })

  it('peers resetting their connection mid-request or mid-upgrade', async () => {
    const upgrade = `GET /ws?token=wrong HTTP/1.1\r\n${host()}Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${'a'.repeat(22)}==\r\nSec-WebSocket-Version: 13\r\n\r\n`
    const post = `POST / HTTP/1.1\r\n${host()}${close}Content-Length: 1000\r\n\r\npartial`
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => rawHttp(server.port, i % 2 ? upgrade : post, true)),
    )
    await stillServes()
  })
})
