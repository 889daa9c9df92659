// A stand-in `electron` for loading the BUILT main bundle under Node (the real binary cannot run here).
// It starts the app, then prints what the shell asked for as one JSON line and quits through the app.
import { EventEmitter } from 'node:events'

const report = {
  userData: null,
  windows: [],
  channels: [],
  menu: false,
  loaded: [],
  schemes: [],
  served: {},
  permissionCheck: {},
  exitCode: null,
}
let protocolHandler = null
// What the app:// handler answers for the page, an asset-like path and a path leaving the renderer folder.
async function probe() {
  for (const url of ['app://renderer/index.html', 'app://renderer/../../package.json']) {
    const res = await protocolHandler?.({ url })
    if (res)
      report.served[url] = {
        status: res.status,
        csp: res.headers.get('content-security-policy'),
        body: await res.text(),
      }
  }
}
const contents = () =>
  Object.assign(new EventEmitter(), {
    mainFrame: { url: '' },
    setWindowOpenHandler() {},
    send() {},
    isDestroyed: () => false,
  })

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super()
    this.webContents = contents()
    report.windows.push(options.webPreferences)
  }
  loadFile(file) {
    report.loaded.push(file)
    return Promise.resolve()
  }
  loadURL(url) {
    report.loaded.push(url)
    return Promise.resolve()
  }
  isDestroyed() {
    return false
  }
}

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  setPath: (name, value) => name === 'userData' && (report.userData = value),
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  quit() {
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
    app.emit('before-quit', event)
    if (!event.defaultPrevented) app.exit(0)
  },
  exit(code) {
    report.exitCode = code
    process.stdout.write(`${JSON.stringify(report)}\n`)
    process.exit(code)
  },
})
export const ipcMain = { handle: (channel) => report.channels.push(channel), removeHandler() {} }
export const Menu = { buildFromTemplate: (t) => t, setApplicationMenu: () => (report.menu = true) }
export const session = {
  defaultSession: {
    webRequest: { onHeadersReceived() {} },
    setPermissionRequestHandler() {},
    setPermissionCheckHandler(handler) {
      for (const name of ['notifications', 'media', 'clipboard-read'])
        report.permissionCheck[name] = handler(null, name, 'app://renderer')
    },
  },
}
export const protocol = {
  registerSchemesAsPrivileged: (schemes) => report.schemes.push(...schemes),
  handle: (scheme, handler) => scheme === 'app' && (protocolHandler = handler),
}
export const shell = { openExternal: () => Promise.resolve() }
export const dialog = {
  showErrorBox: (title, text) => process.stderr.write(`${title}: ${text}\n`),
}
export default { app, BrowserWindow, ipcMain, Menu, protocol, session, shell, dialog }

setTimeout(() => void probe().then(() => app.quit()), 1500)
