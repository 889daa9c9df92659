// One Content-Security-Policy for the renderer wherever it runs: the desktop app's app:// responses, the
// meta tag the build writes into index.html, and serve mode's header and page (which add only serve's own
// WebSocket origin). A meta tag carries every directive but frame-ancestors (browsers ignore it there, with
// a console error; the header carries it). The built index.html itself is checked in
// test/electron-build.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cspMetaOf, metaPolicy, RENDERER_CSP, withCspMeta } from '../../src-shared/csp'
import { openTestHost, type TestHost } from '../api/host.fixture'
import { appResponse } from '../electron/app-protocol'
import { startServer, type RunningServer } from './server'

/** directive → sources */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  )
}

let t: TestHost
let server: RunningServer
let renderer: string

beforeEach(async () => {
  t = openTestHost()
  renderer = mkdtempSync(join(tmpdir(), 'skill-ab-csp-'))
  // What the build writes: the source page with the policy's meta tag.
  const source = readFileSync(join(import.meta.dirname, '..', '..', 'src-renderer', 'index.html'), 'utf8')
  writeFileSync(join(renderer, 'index.html'), withCspMeta(source, RENDERER_CSP))
  server = await startServer({ host: t.host, port: 0, rendererDir: renderer })
})
afterEach(async () => {
  await server.close()
  await t.cleanup()
  rmSync(renderer, { recursive: true, force: true })
})

function page(): Promise<{ csp: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: `/?token=${server.token}`,
        headers: { host: `127.0.0.1:${server.port}` },
      },
      (res) => {
        let body = ''
        res.on('data', (c) => (body += String(c)))
        res.on('end', () => resolve({ csp: String(res.headers['content-security-policy']), body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the renderer CSP', () => {
  it('the built page carries the policy in its meta tag (framing only in the header): no plugins, no <base>, no form posts', () => {
    const meta = cspMetaOf(readFileSync(join(renderer, 'index.html'), 'utf8'))
    const { 'frame-ancestors': framing, ...rest } = parse(RENDERER_CSP)
    expect(framing).toEqual(["'none'"])
    expect(parse(meta as string)).toEqual(rest)
    expect(parse(meta as string)).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    })
  })

  it('a page with an older, weaker meta tag gets exactly one tag, with the policy', () => {
    const old = `<head><meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' ws://127.0.0.1:*" /></head>`
    const html = withCspMeta(old, RENDERER_CSP)
    expect(html.match(/Content-Security-Policy/g)).toHaveLength(1)
    expect(cspMetaOf(html)).toBe(metaPolicy(RENDERER_CSP))
    expect(html).not.toContain('ws://127.0.0.1:*')
  })

  it('the desktop app sends the same policy as the page it serves', async () => {
    const res = appResponse(renderer, 'app://renderer/index.html')
    expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(cspMetaOf(await res.text())).toBe(metaPolicy(RENDERER_CSP))
  })

  it("serve mode's header and page say the same policy, widened only by its own WebSocket origin", async () => {
    const { csp, body } = await page()
    expect(cspMetaOf(body)).toBe(metaPolicy(csp))
    const served = parse(csp)
    const base = parse(RENDERER_CSP)
    expect(Object.keys(served)).toEqual(Object.keys(base))
    for (const name of Object.keys(base))
      if (name !== 'connect-src') expect(served[name], name).toEqual(base[name])
    expect(served['connect-src']).toEqual([
      "'self'",
      `ws://127.0.0.1:${server.port}`,
      `ws://localhost:${server.port}`,
    ])
  })
})
