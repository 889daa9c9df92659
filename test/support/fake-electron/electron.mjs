// A stand-in `electron` for loading the BUILT main bundle under Node (the real binary cannot run here).
// It starts the app, then prints what the shell asked for as one JSON line and quits through the app.
import { EventEmitter } from 'node:events'

const report = { userData: null, windows: [], channels: [], menu: false, loaded: [], exitCode: null }
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
  defaultSession: { webRequest: { onHeadersReceived() {} }, setPermissionRequestHandler() {} },
}
export const shell = { openExternal: () => Promise.resolve() }
export const dialog = {
  showErrorBox: (title, text) => process.stderr.write(`${title}: ${text}\n`),
}
export default { app, BrowserWindow, ipcMain, Menu, session, shell, dialog }

setTimeout(() => app.quit(), 1500)
