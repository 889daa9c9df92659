// The built desktop bundles (Electron itself cannot start here): the preload is one self-contained CJS file
// that requires nothing but electron and exposes one function per channel; the main bundle loads under
// Node with a stand-in electron, opens its window securely, wires every channel and quits cleanly.
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { cspMetaOf, metaPolicy, RENDERER_CSP } from '../src-shared/csp'
import { CHANNEL_PREFIX, CHANNELS, PRELOAD_GLOBAL } from '../src-shared/ipc-channels'
import { makeWorld, PROJECT_ROOT } from './support/fixtures'

const world = makeWorld('http://127.0.0.1:9/v1')
beforeAll(() => {
  execFileSync(
    process.execPath,
    [join(PROJECT_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    {
      cwd: PROJECT_ROOT,
      stdio: 'ignore',
    },
  )
}, 120_000)
afterAll(() => world.cleanup())

it('the built preload requires nothing but electron and exposes one function per channel', async () => {
  const code = readFileSync(join(PROJECT_ROOT, 'out', 'preload', 'index.cjs'), 'utf8')
  const required: string[] = []
  const exposed: Record<string, Record<string, unknown>> = {}
  const invoked: string[] = []
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => (exposed[key] = api) },
    ipcRenderer: {
      invoke: (channel: string) => (invoked.push(channel), Promise.resolve()),
      on() {},
      removeListener() {},
    },
  }
  const module = { exports: {} }
  runInNewContext(code, {
    require: (name: string) => (required.push(name), name === 'electron' ? electron : {}),
    module,
    exports: module.exports,
  })
  expect(required).toEqual(['electron'])
  const api = exposed[PRELOAD_GLOBAL] as Record<string, (p: unknown) => unknown>
  expect(Object.keys(api).sort()).toEqual([...CHANNELS, 'onPatch'].sort())
  for (const channel of CHANNELS) await api[channel]?.({})
  expect(invoked).toEqual(CHANNELS.map((c) => `${CHANNEL_PREFIX}${c}`))
  expect('ipcRenderer' in api).toBe(false)
})

it('the built main starts with a stand-in electron: secure window, data dir, every channel, clean quit', () => {
  const res = spawnSync(
    process.execPath,
    [
      '--import',
      join(PROJECT_ROOT, 'test', 'support', 'fake-electron', 'register.mjs'),
      join(PROJECT_ROOT, 'out', 'main', 'index.js'),
    ],
    { env: world.env, encoding: 'utf8', timeout: 60_000 },
  )
  expect(res.status, res.stderr).toBe(0)
  const report = JSON.parse(res.stdout.trim().split('\n').pop() as string)
  expect(report.userData).toBe(world.dataDir)
  expect(report.windows).toEqual([
    expect.objectContaining({ contextIsolation: true, sandbox: true, nodeIntegration: false }),
  ])
  expect(report.windows[0].preload).toMatch(/out\/preload\/index\.cjs$/)
  expect(report.loaded).toEqual(['app://renderer/index.html'])
  expect(report.schemes).toEqual([
    { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
  ])
  // The built page, served over app:// with the one policy as header and meta tag; nothing outside it.
  const page = report.served['app://renderer/index.html']
  expect(page).toMatchObject({ status: 200, csp: RENDERER_CSP })
  expect(cspMetaOf(page.body)).toBe(metaPolicy(RENDERER_CSP))
  expect(cspMetaOf(page.body)).toContain("object-src 'none'; base-uri 'none'; form-action 'none'")
  expect(report.served['app://renderer/../../package.json']).toMatchObject({ status: 404 })
  expect(report.permissionCheck).toEqual({ notifications: true, media: false, 'clipboard-read': false })
  expect(report.channels.sort()).toEqual(CHANNELS.map((c) => `${CHANNEL_PREFIX}${c}`).sort())
  expect(report.menu).toBe(true)
  expect(report.exitCode).toBe(0)
})
