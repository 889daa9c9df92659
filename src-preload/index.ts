// Preload (sandboxed, so one self-contained CommonJS file): one named function per channel of the contract
// and the patch subscription — never ipcRenderer itself. The raw IPC of the renderer side.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { CHANNEL_PREFIX, CHANNELS, PATCH_EVENT, PRELOAD_GLOBAL } from '../src-shared/ipc-channels'
import type { Patch } from '../src-shared/ipc-views'

const api: Record<string, unknown> = {}
for (const channel of CHANNELS)
  api[channel] = (payload: unknown) => ipcRenderer.invoke(`${CHANNEL_PREFIX}${channel}`, payload)
api.onPatch = (listener: (patch: Patch) => void) => {
  const handler = (_event: IpcRendererEvent, patch: Patch) => listener(patch)
  ipcRenderer.on(PATCH_EVENT, handler)
  return () => void ipcRenderer.removeListener(PATCH_EVENT, handler)
}

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, api)
