import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RENDERER_CSP } from '../../src-shared/csp'
import { CHANNEL_PREFIX, CHANNELS, PATCH_EVENT } from '../../src-shared/ipc-channels'
import { createFakeElectron, FakeWebContents, type FakeElectron } from './fake-electron.fixture'

const holder = vi.hoisted(() => ({ fake: null as unknown }))
// Each export reads the current test's fake.
vi.mock('electron', () => {
  const get = (key: string): unknown =>
    (holder.fake as FakeElectron).electron[key as keyof FakeElectron['electron']]
  return Object.defineProperties(
    {},
    Object.fromEntries(
      ['app', 'BrowserWindow', 'ipcMain', 'Menu', 'protocol', 'session', 'shell', 'dialog'].map((k) => [
        k,
        { enumerable: true, get: () => get(k) },
      ]),
    ),
  )
})

let fake: FakeElectron
let dir: string
let paths: { preload: string; rendererDir: string }

async function start(opts: { singleInstance?: boolean } = {}) {
  vi.resetModules()
  fake = createFakeElectron()
  fake.electron.app.singleInstance = opts.singleInstance ?? true
  holder.fake = fake
  const { startShell } = await import('./shell')
  const shell = startShell({ SKILL_AB_HOME: dir, HOME: dir, PATH: process.env.PATH }, paths)
  fake.ready()
  await shell.ready
  return shell
}

const win = () => fake.windows[0]
function invoke(channel: string, payload: unknown, frame: unknown = win()?.webContents.mainFrame) {
  const handler = fake.handlers.get(`${CHANNEL_PREFIX}${channel}`)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return handler({ senderFrame: frame }, payload) as Promise<{ ok: boolean; error?: { kind: string } }>
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-ab-shell-'))
  // The built renderer, with a file beside it (outside the folder) that the page must never read.
  const rendererDir = join(dir, 'out', 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Skill A/B</title>')
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(dir, 'out', 'secret.txt'), 'not for the page')
  paths = { preload: '/app/out/preload/index.cjs', rendererDir }
})
afterEach(async () => {
  if (fake?.calls.every((c) => !c.startsWith('exit'))) {
    fake.electron.app.quit()
    await vi.waitFor(() => expect(fake.calls).toContain('exit:0'))
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('electron shell', () => {
  it('opens one window with isolation, sandbox and no Node, the data dir as userData, and a menu', async () => {
    await start()
    expect(fake.electron.app.paths.userData).toBe(dir)
    expect(fake.windows).toHaveLength(1)
    expect(win()?.options.webPreferences).toMatchObject({
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    })
    expect(win()?.loaded).toBe('app://renderer/index.html')
    expect(fake.calls).toContain('menu')
    expect((await fake.headers())['Content-Security-Policy']).toEqual([RENDERER_CSP])
    expect(await fake.permission('notifications')).toBe(true)
    expect(await fake.permission('media')).toBe(false)
  })

  it('answers every permission check but notifications with no (clipboard, devices, camera, location…)', async () => {
    await start()
    for (const name of ['media', 'clipboard-read', 'geolocation', 'hid', 'serial', 'usb', 'openExternal'])
      expect(fake.permissionCheck(name), name).toBe(false)
    expect(fake.permissionCheck('notifications')).toBe(true)
  })

  it('serves the renderer from app://renderer with its CSP, and nothing outside the renderer folder', async () => {
    await start()
    expect(fake.calls.indexOf('schemes:before-ready')).toBeGreaterThanOrEqual(0)
    expect(fake.schemes).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }),
      },
    ])
    const index = await fake.fetchScheme('app://renderer/index.html')
    expect(index.status).toBe(200)
    expect(index.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(await index.text()).toContain('<title>Skill A/B</title>')
    expect((await fake.fetchScheme('app://renderer/assets/app.js')).headers.get('content-type')).toMatch(
      /javascript/,
    )
    for (const url of [
      'app://renderer/../secret.txt',
      'app://renderer/%2e%2e/secret.txt',
      'app://renderer/..%2fsecret.txt',
      'app://renderer/assets/..%2F..%2Fsecret.txt',
      'app://renderer/assets/%2e%2e%5c..%5csecret.txt',
      'app://renderer/assets',
      'app://other/index.html',
    ]) {
      const res = await fake.fetchScheme(url)
      expect(res.status, url).toBe(404)
      expect(await res.text(), url).not.toContain('not for the page')
    }
  })

  it('wires every channel of the contract, validates payloads, and refuses requests from any other frame', async () => {
    await start()
    expect([...fake.handlers.keys()].sort()).toEqual(CHANNELS.map((c) => `${CHANNEL_PREFIX}${c}`).sort())
    expect(await invoke('tasks.list', {})).toEqual({ ok: true, result: [] })
    expect(
      await invoke('results.correct', { runId: 'r', evaluatorId: 'e', score: 'high', note: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'input' },
    })
    expect(await invoke('tasks.list', {}, { url: 'app://renderer/index.html' })).toMatchObject({
      ok: false,
    })
    const main = win()?.webContents.mainFrame as { url: string }
    main.url = `file://${paths.rendererDir}/index.html`
    expect(await invoke('tasks.list', {}, main)).toMatchObject({ ok: false, error: { message: /refused/ } })
    main.url = 'app://renderer/index.html#/tasks'
    expect(await invoke('tasks.list', {}, main)).toMatchObject({ ok: true })
    const frame = win()?.webContents.mainFrame as { url: string }
    frame.url = 'https://evil.example/index.html'
    expect(await invoke('tasks.list', {}, frame)).toMatchObject({ ok: false, error: { message: /refused/ } })
    expect(await invoke('tasks.list', {}, null)).toMatchObject({ ok: false })
  })

  it('pushes live patches to the window', async () => {
    await start()
    const res = await invoke('tasks.delete', { taskId: 'task_missing' })
    expect(res.ok).toBe(false)
    // A deletion of an existing task is the simplest patch to provoke.
    const { openStore } = await import('../db')
    const { seedExportTask } = await import('../export/task.fixture')
    const store = openStore(dir)
    const { task } = seedExportTask(store)
    store.close()
    expect(await invoke('tasks.delete', { taskId: task.id })).toEqual({ ok: true, result: { ok: true } })
    await vi.waitFor(() => expect(win()?.webContents.sent.map((s) => s.channel)).toContain(PATCH_EVENT))
  })

  it('blocks navigation of any frame, new windows and webviews in every web contents; only allow-listed links open outside', async () => {
    await start()
    const contents = new FakeWebContents()
    fake.electron.app.emit('web-contents-created', {}, contents)
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { prevented: false, preventDefault: () => (event.prevented = true) }
      contents.emit(name, event)
      expect(event.prevented, name).toBe(true)
    }
    expect(contents.openHandler?.({ url: 'https://opencode.ai/docs' })).toEqual({ action: 'deny' })
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    expect(contents.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(fake.opened).toEqual(['https://opencode.ai/docs'])
  })

  it('a second instance quits at once and focuses the first instead', async () => {
    await start({ singleInstance: false })
    expect(fake.windows).toHaveLength(0)
    expect(fake.calls).toContain('quit')
  })

  it('on quit, stops the jobs and closes the store before the app exits', async () => {
    await start()
    fake.electron.app.quit()
    await vi.waitFor(() => expect(fake.calls).toContain('exit:0'))
    // The store is closed: the data dir's database can be removed and reopened by another process.
    const { openStore } = await import('../db')
    openStore(dir).close()
  })
})
