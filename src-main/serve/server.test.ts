import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { openTestHost, type TestHost } from '../api/host.fixture'
import { seedExportTask } from '../export/task.fixture'
import type { WsServerMessage } from '../../src-shared/ws-protocol'
import { startServer, type RunningServer } from './server'

let t: TestHost
let server: RunningServer
let renderer: string

beforeEach(async () => {
  t = openTestHost()
  renderer = mkdtempSync(join(tmpdir(), 'skill-ab-renderer-'))
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Skill A/B</title>')
  mkdirSync(join(renderer, 'assets'))
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)')
  server = await startServer({ host: t.host, port: 0, rendererDir: renderer })
})
afterEach(async () => {
  await server.close()
  await t.cleanup()
  rmSync(renderer, { recursive: true, force: true })
})

function get(
  path: string,
  headers: Record<string, string> = {},
  address = '127.0.0.1',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: address, port: server.port, path, headers: { host: `127.0.0.1:${server.port}`, ...headers } },
      (res) => {
        let body = ''
        res.on('data', (c) => (body += String(c)))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

function openSocket(query: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws${query}`, { headers })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
  })
}

function nextMessage(ws: WebSocket, pick: (m: WsServerMessage) => boolean): Promise<WsServerMessage> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown): void => {
      const msg = JSON.parse(String(data)) as WsServerMessage
      if (!pick(msg)) return
      ws.off('message', onMessage)
      resolve(msg)
    }
    ws.on('message', onMessage)
  })
}

describe('serve mode', () => {
  it('listens on 127.0.0.1 only', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/)
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address
    if (external) await expect(get(`/?token=${server.token}`, {}, external)).rejects.toThrow(/ECONNREFUSED/)
  })

  it('refuses page and asset requests without the token; the URL token sets a same-site page cookie', async () => {
    expect((await get('/')).status).toBe(403)
    expect((await get('/?token=wrong')).status).toBe(403)
    expect((await get('/assets/app.js')).status).toBe(403)
    const page = await get(`/?token=${server.token}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Skill A/B')
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    const cookie = String(page.headers['set-cookie'])
    expect(cookie).toMatch(/HttpOnly; SameSite=Strict/)
    const asset = await get('/assets/app.js', { cookie: cookie.split(';')[0] as string })
    expect(asset.status).toBe(200)
    expect((await get(`/../../etc/passwd?token=${server.token}`)).status).toBe(404)
    // A page reached through another name (DNS rebinding) is refused even with the token.
    expect((await get(`/?token=${server.token}`, { host: `evil.example:${server.port}` })).status).toBe(403)
  })

  it('the page cookie is named after the port and never carries the token, so other local servers that receive it learn nothing', async () => {
    const cookie = String((await get(`/?token=${server.token}`)).headers['set-cookie']).split(
      ';',
    )[0] as string
    const [name, value] = cookie.split('=') as [string, string]
    expect(name).toBe(`skill_ab_page_${server.port}`)
    expect(value).not.toBe(server.token)
    expect(value.length).toBeGreaterThanOrEqual(20)
    // The same value under another port's name opens nothing here.
    expect(
      (await get('/assets/app.js', { cookie: `skill_ab_page_${server.port + 1}=${value}` })).status,
    ).toBe(403)
    // The cookie gives the page files only: the api (WebSocket) needs the token itself.
    await expect(openSocket('', { cookie })).rejects.toThrow(/403/)
    await expect(openSocket(`?token=${value}`, { cookie })).rejects.toThrow(/403/)
  })

  it('refuses a WebSocket without the token or from another origin; with it, calls the api and receives patches', async () => {
    await expect(openSocket('')).rejects.toThrow(/403/)
    await expect(openSocket('?token=nope')).rejects.toThrow(/403/)
    await expect(openSocket(`?token=${server.token}`, { origin: 'http://evil.example' })).rejects.toThrow(
      /403/,
    )
    const ws = await openSocket(`?token=${server.token}`)
    try {
      const { task } = seedExportTask(t.ctx.store, { cases: ['c1'], rounds: 1 })
      const reply = nextMessage(ws, (m) => m.type === 'reply')
      ws.send(JSON.stringify({ id: 1, channel: 'tasks.list', payload: {} }))
      const msg = await reply
      expect(msg).toMatchObject({ type: 'reply', id: 1, envelope: { ok: true, result: [{ id: task.id }] } })
      const patch = nextMessage(ws, (m) => m.type === 'patch')
      ws.send(JSON.stringify({ id: 2, channel: 'tasks.delete', payload: { taskId: task.id } }))
      expect(await patch).toMatchObject({
        type: 'patch',
        patch: { tasks: [{ taskId: task.id, removed: true }] },
      })
    } finally {
      ws.close()
    }
  })
})
