// The application menu: screens, editing (copy/paste need it), view, and the allow-listed help link.
import { Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron'

/** Moves the renderer to a screen (the route lives in the URL hash). */
function go(win: () => BrowserWindow | null, hash: string): void {
  void win()?.webContents.executeJavaScript(`location.hash = ${JSON.stringify(hash)}`)
}

export function buildMenu(win: () => BrowserWindow | null, opts: { devTools: boolean }): Menu {
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'Tasks', accelerator: 'CmdOrCtrl+1', click: () => go(win, '#/tasks') },
        { label: 'New Task…', accelerator: 'CmdOrCtrl+N', click: () => go(win, '#/setup') },
        { label: 'Evaluations', accelerator: 'CmdOrCtrl+2', click: () => go(win, '#/evaluations') },
        { label: 'Open Export…', accelerator: 'CmdOrCtrl+O', click: () => go(win, '#/export') },
        { type: 'separator' },
        { label: 'Settings', accelerator: 'CmdOrCtrl+,', click: () => go(win, '#/settings') },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(opts.devTools ? [{ role: 'toggleDevTools' } as const] : []),
      ],
    },
    {
      label: 'Help',
      submenu: [
        { label: 'opencode documentation', click: () => void shell.openExternal('https://opencode.ai/docs') },
      ],
    },
  ]
  return Menu.buildFromTemplate(template)
}
