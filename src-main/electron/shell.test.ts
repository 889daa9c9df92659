import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNEL_PREFIX, CHANNELS, PATCH_EVENT } from '../../src-shared/ipc-channels'
import { createFakeElectron, FakeWebContents, type FakeElectron } from './testing/fake-electron'

const holder = vi.hoisted(() => ({ fake: null as unknown }))
// Each export reads the current test's fake.
vi.mock('electron', () => {
  const get = (key: string): unknown =>
    (holder.fake as FakeElectron).electron[key as keyof FakeElectron['electron']]
  return Object.defineProperties(
    {},
    Object.fromEntries(
      ['app', 'BrowserWindow', 'ipcMain', 'Menu', 'session', 'shell', 'dialog'].map((k) => [
        k,
        { enumerable: true, get: () => get(k) },
      ]),
    ),
  )
})

let fake: FakeElectron
let dir: string
const paths = { preload: '/app/out/preload/index.cjs', rendererIndex: '/app/out/renderer/index.html' }

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
    expect(win()?.loaded).toBe(paths.rendererIndex)
    expect(fake.calls).toContain('menu')
    expect((await fake.headers())['Content-Security-Policy']?.[0]).toContain("default-src 'self'")
    expect(await fake.permission('notifications')).toBe(true)
    expect(await fake.permission('media')).toBe(false)
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
    expect(await invoke('tasks.list', {}, { url: `file://${paths.rendererIndex}` })).toMatchObject({
      ok: false,
    })
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
    const { seedExportTask } = await import('../export/test-fixtures')
    const store = openStore(dir)
    const { task } = seedExportTask(store)
    store.close()
    expect(await invoke('tasks.delete', { taskId: task.id })).toEqual({ ok: true, result: { ok: true } })
    await vi.waitFor(() => expect(win()?.webContents.sent.map((s) => s.channel)).toContain(PATCH_EVENT))
  })

  it('blocks navigation, new windows and webviews in every web contents; only allow-listed links open outside', async () => {
    await start()
    const contents = new FakeWebContents()
    fake.electron.app.emit('web-contents-created', {}, contents)
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
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
