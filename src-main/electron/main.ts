// Electron shell: one window that loads the renderer. The real shell (menu, IPC, lifecycle) comes with the
// desktop UI; this file stays thin and is the only place in src-main that imports electron.
import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { dataDir } from '../db/data-dir'

app.setPath('userData', dataDir(process.env))

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  })
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  win.webContents.on('will-navigate', (event) => event.preventDefault())
  void win.loadFile(join(__dirname, '../renderer/index.html'))
}

void app.whenReady().then(createWindow)
app.on('window-all-closed', () => app.quit())
