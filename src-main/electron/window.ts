// The app window and the rules every web contents lives by: isolated, sandboxed, no Node, no navigation
// of any frame, no new windows, no webviews; allow-listed links open in the user's browser.
import { BrowserWindow, shell, type IpcMainInvokeEvent, type Session, type WebContents } from 'electron'
import { RENDERER_CSP } from '../../src-shared/csp'
import { APP_INDEX_URL } from './app-protocol'
import { isAllowedExternal } from './links'

export interface WindowPaths {
  preload: string
  /** The built renderer folder, served as app://renderer. */
  rendererDir: string
}

/** The one permission the renderer uses: notifications (the "task finished" one). */
export function permissionAllowed(permission: string): boolean {
  return permission === 'notifications'
}

export function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-frame-navigate', (event) => event.preventDefault())
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
}

/**
 * The CSP on every web response too, and no permission but notifications, whether asked for (request) or
 * only looked up (check: `Notification.permission`, clipboard, HID, serial, USB and the like).
 */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } }),
  )
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permissionAllowed(permission)),
  )
  session.setPermissionCheckHandler((_contents, permission) => permissionAllowed(permission))
}

export function createMainWindow(paths: WindowPaths): BrowserWindow {
  const win = new BrowserWindow({
    width: 1320,
    height: 880,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Skill A/B',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(APP_INDEX_URL)
  return win
}

/** A request is trusted when it comes from the main frame of the app window showing the bundled renderer. */
export function isTrustedSender(event: IpcMainInvokeEvent, win: BrowserWindow | null): boolean {
  const frame = event.senderFrame
  if (!win || win.isDestroyed() || !frame || frame !== win.webContents.mainFrame) return false
  try {
    const url = new URL(frame.url)
    return `${url.protocol}//${url.host}${url.pathname}` === APP_INDEX_URL
  } catch {
    return false
  }
}
