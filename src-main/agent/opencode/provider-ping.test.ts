// The provider ping `doctor` makes: a real local server that lists models, one that answers an error,
// one that never answers, and a closed port — each named with its base URL, quickly.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { pingProvider } from './provider-ping'
import type { UserConfig } from './user-config'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))))
})

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}

async function closedPort(): Promise<string> {
  const url = await serve(() => undefined)
  const server = servers.pop() as Server
  await new Promise((done) => server.close(done))
  return url
}

function configWith(options: Record<string, unknown>): UserConfig {
  return {
    sources: ['/p/opencode.json'],
    config: { provider: { p: { options } } },
    providers: ['p'],
    envRefs: [],
    fileRefs: [],
    literals: [],
    dropped: [],
  }
}

describe('pingProvider', () => {
  it('lists the models at the base URL, sending the key the config names', async () => {
    const seen: (string | undefined)[] = []
    const url = await serve((req, res) => {
      seen.push(req.headers.authorization)
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ data: [{ id: 'm' }, { id: 'n' }] }))
    })
    const ping = await pingProvider('p/m', configWith({ baseURL: `${url}/`, apiKey: '{env:K}' }), {
      K: 'sk-1',
    })
    expect(ping).toEqual({ ok: true, detail: `p: answers at ${url}, lists 2 models, m among them` })
    expect(seen).toEqual(['Bearer sk-1'])
  })

  it('counts an HTTP error as reachable', async () => {
    const url = await serve((_req, res) => res.writeHead(401).end())
    expect(await pingProvider('p/m', configWith({ baseURL: url }), {})).toEqual({
      ok: true,
      detail: `p: answers at ${url} (HTTP 401 on GET /models)`,
    })
  })

  it('names a closed port as unreachable with its base URL, at once', async () => {
    const url = await closedPort()
    const started = Date.now()
    const ping = await pingProvider('p/m', configWith({ baseURL: url }), {})
    expect(ping.ok).toBe(false)
    expect(ping.detail).toBe(`p: unreachable at ${url} (ECONNREFUSED)`)
    expect(ping.fix).toBe('start the provider or fix provider.p.options.baseURL in /p/opencode.json')
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('reaches ports fetch refuses outright (port 9 is "bad port" to fetch), so a closed one says ECONNREFUSED', async () => {
    const ping = await pingProvider('p/m', configWith({ baseURL: 'http://127.0.0.1:9/v1' }), {})
    expect(ping.detail).toMatch(/^p: unreachable at http:\/\/127\.0\.0\.1:9\/v1 \(ECONNREFUSED\)/)
  })

  it('gives up on a provider that never answers after the timeout', async () => {
    const url = await serve(() => undefined)
    const ping = await pingProvider('p/m', configWith({ baseURL: url }), {}, 300)
    expect(ping).toMatchObject({ ok: false, detail: expect.stringMatching(/no answer within 0\.3 s/) })
  })

  it('does not ping a provider without a base URL', async () => {
    expect(await pingProvider('anthropic/claude', null, {})).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/not pinged/),
    })
  })
})
