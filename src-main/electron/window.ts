// The app window and the rules every web contents lives by (DESIGN §13): isolated, sandboxed, no Node,
// no navigation away, no new windows, no webviews; allow-listed links open in the user's browser.
import { BrowserWindow, shell, type IpcMainInvokeEvent, type Session, type WebContents } from 'electron'
import { pathToFileURL } from 'node:url'
import { isAllowedExternal, RENDERER_CSP } from './links'

export interface WindowPaths {
  preload: string
  rendererIndex: string
}

export function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
}

/** CSP on every response and no permission but notifications (the "task finished" one). */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } }),
  )
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permission === 'notifications'),
  )
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
  void win.loadFile(paths.rendererIndex)
  return win
}

/** A request is trusted when it comes from the main frame of the app window showing the bundled renderer. */
export function isTrustedSender(
  event: IpcMainInvokeEvent,
  win: BrowserWindow | null,
  rendererIndex: string,
): boolean {
  const frame = event.senderFrame
  if (!win || win.isDestroyed() || !frame || frame !== win.webContents.mainFrame) return false
  try {
    const url = new URL(frame.url)
    return url.protocol === 'file:' && url.pathname === pathToFileURL(rendererIndex).pathname
  } catch {
    return false
  }
}
