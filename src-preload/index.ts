// Preload: exposes named functions only (never ipcRenderer). The typed contract arrives with the desktop UI.
import { contextBridge } from 'electron'

contextBridge.exposeInMainWorld('skillAb', { version: '0.1.0' })
