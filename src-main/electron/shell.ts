// The desktop shell (docs/architecture.md): one instance, one window over the same services as the CLI and serve,
// `userData` = the data dir; on quit, running agents are stopped and state is written before the app exits.
import type { BrowserWindow } from 'electron'
import { app, dialog, ipcMain, Menu, protocol, session } from 'electron'
import { createApiHost, type ApiHost } from '../api/host'
import { environmentWithSettings, readSettings } from '../api/settings'
import { dataDir } from '../db/data-dir'
import { openAppContext, type AppContext } from '../services/app-context'
import { registerAppScheme, serveAppScheme } from './app-protocol'
import { registerIpc } from './ipc'
import { buildMenu } from './menu'
import { createMainWindow, hardenContents, hardenSession, isTrustedSender, type WindowPaths } from './window'

export interface Shell {
  /** Resolves once the window is up (or the app gave up starting). */
  ready: Promise<void>
  window(): BrowserWindow | null
}

export function startShell(env: NodeJS.ProcessEnv, paths: WindowPaths): Shell {
  const dir = dataDir(env)
  app.setPath('userData', dir)
  registerAppScheme(protocol)
  let win: BrowserWindow | null = null
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return { ready: Promise.resolve(), window: () => null }
  }
  let ctx: AppContext | null = null
  let host: ApiHost | null = null
  let closing: Promise<void> | null = null

  app.on('second-instance', () => {
    if (!win) return
    if (win.isMinimized()) win.restore()
    win.focus()
  })
  app.on('web-contents-created', (_event, contents) => hardenContents(contents))
  app.on('window-all-closed', () => app.quit())
  app.on('before-quit', (event) => {
    if (!host || !ctx) return
    // Stop agents and write their runs before exiting (a second quit while closing just waits).
    event.preventDefault()
    closing ??= host
      .close()
      .catch((err: unknown) => void process.stderr.write(`skill-ab: closing failed: ${String(err)}\n`))
      .finally(() => {
        ctx?.close()
        host = null
        ctx = null
        app.exit(0)
      })
  })

  const ready = app.whenReady().then(() => {
    hardenSession(session.defaultSession)
    serveAppScheme(protocol, paths.rendererDir)
    try {
      ctx = openAppContext({ env: environmentWithSettings(env, readSettings(dir)), kind: 'app' })
    } catch (err) {
      dialog.showErrorBox('Skill A/B cannot start', err instanceof Error ? err.message : String(err))
      app.exit(2)
      return
    }
    host = createApiHost({ ctx, transport: 'electron' })
    win = createMainWindow(paths)
    win.on('closed', () => (win = null))
    registerIpc(ipcMain, host, {
      isTrusted: (event) => isTrustedSender(event, win),
      target: () => win?.webContents ?? null,
    })
    Menu.setApplicationMenu(buildMenu(() => win, { devTools: !app.isPackaged }))
  })
  return { ready, window: () => win }
}
