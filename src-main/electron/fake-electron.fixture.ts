// Test-only: an in-memory `electron` (the real binary cannot run here). Records what the shell asks of it
// and lets tests fire the events Electron would.
import { EventEmitter } from 'node:events'

export class FakeWebContents extends EventEmitter {
  mainFrame = { url: '' }
  sent: { channel: string; payload: unknown }[] = []
  openHandler: ((d: { url: string }) => { action: string }) | null = null
  executed: string[] = []
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.openHandler = h
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload })
  }
  isDestroyed() {
    return false
  }
  executeJavaScript(code: string) {
    this.executed.push(code)
    return Promise.resolve()
  }
}

export function createFakeElectron() {
  const windows: FakeWindow[] = []
  const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>()
  const opened: string[] = []
  const calls: string[] = []
  let headerHook:
    ((d: { responseHeaders: Record<string, string[]> }, cb: (r: unknown) => void) => void) | null = null
  let permissionHook: ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void) | null = null
  let permissionCheck: ((wc: unknown, permission: string, origin: string) => boolean) | null = null
  const schemes: { scheme: string; privileges: Record<string, boolean> }[] = []
  const protocolHandlers = new Map<string, (request: { url: string }) => Response | Promise<Response>>()
  let readyResolve: () => void = () => {}
  let readyCalled = false
  const readyPromise = new Promise<void>((r) => (readyResolve = r))

  class FakeWindow extends EventEmitter {
    webContents = new FakeWebContents()
    loaded: string | null = null
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super()
      windows.push(this)
    }
    loadFile(file: string) {
      this.loaded = file
      this.webContents.mainFrame.url = `file://${file}`
      return Promise.resolve()
    }
    loadURL(url: string) {
      this.loaded = url
      this.webContents.mainFrame.url = url
      return Promise.resolve()
    }
    isDestroyed() {
      return false
    }
    isMinimized() {
      return false
    }
    restore() {}
    focus() {
      calls.push('focus')
    }
  }

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    singleInstance: true,
    paths: {} as Record<string, string>,
    setPath(name: string, value: string) {
      this.paths[name] = value
    },
    requestSingleInstanceLock() {
      return this.singleInstance
    },
    whenReady: () => readyPromise,
    quit() {
      calls.push('quit')
      const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
      app.emit('before-quit', event)
      if (!event.defaultPrevented) calls.push('exit:0')
    },
    exit(code: number) {
      calls.push(`exit:${code}`)
    },
  })

  const electron = {
    app,
    BrowserWindow: FakeWindow,
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, payload: unknown) => unknown) =>
        void handlers.set(channel, fn),
      removeHandler: (channel: string) => void handlers.delete(channel),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => ({ template }),
      setApplicationMenu: () => void calls.push('menu'),
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (h: typeof headerHook) => void (headerHook = h) },
        setPermissionRequestHandler: (h: typeof permissionHook) => void (permissionHook = h),
        setPermissionCheckHandler: (h: typeof permissionCheck) => void (permissionCheck = h),
      },
    },
    protocol: {
      registerSchemesAsPrivileged(list: typeof schemes) {
        calls.push(`schemes:${readyCalled ? 'after' : 'before'}-ready`)
        schemes.push(...list)
      },
      handle: (scheme: string, h: (request: { url: string }) => Response) =>
        void protocolHandlers.set(scheme, h),
    },
    shell: { openExternal: (url: string) => (opened.push(url), Promise.resolve()) },
    dialog: { showErrorBox: (title: string, text: string) => void calls.push(`error:${title}:${text}`) },
  }
  return {
    electron,
    windows,
    handlers,
    opened,
    calls,
    ready: () => {
      readyCalled = true
      readyResolve()
    },
    headers: (headers: Record<string, string[]> = {}) =>
      new Promise<Record<string, string[]>>((resolve) =>
        headerHook?.({ responseHeaders: headers }, (r) =>
          resolve((r as { responseHeaders: Record<string, string[]> }).responseHeaders),
        ),
      ),
    permission: (name: string) => new Promise<boolean>((resolve) => permissionHook?.(null, name, resolve)),
    /** What a permission check (no prompt: `Notification.permission`, clipboard, HID…) answers. */
    permissionCheck: (name: string, origin = 'app://renderer') => permissionCheck?.(null, name, origin),
    schemes,
    /** Fetches `url` through the registered protocol handler of its scheme. */
    fetchScheme: async (url: string) => {
      const handler = protocolHandlers.get(new URL(url).protocol.slice(0, -1))
      if (!handler) throw new Error(`no protocol handler for ${url}`)
      return handler({ url })
    },
  }
}

export type FakeElectron = ReturnType<typeof createFakeElectron>
