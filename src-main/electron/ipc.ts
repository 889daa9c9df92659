// The one file of main that touches raw IPC: one handler per channel of the contract, each
// checking the sender frame before the api host validates the payload; patches pushed to the window.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import type { ApiHost } from '../api/host'
import type { Envelope } from '../../src-shared/ipc'
import { CHANNEL_PREFIX, CHANNELS, PATCH_EVENT } from '../../src-shared/ipc-channels'

export const UNTRUSTED_SENDER: Envelope<never> = {
  ok: false,
  error: { kind: 'input', message: 'refused: the request did not come from the Skill A/B window' },
}

export function registerIpc(
  ipcMain: IpcMain,
  host: ApiHost,
  opts: { isTrusted(event: IpcMainInvokeEvent): boolean; target(): WebContents | null },
): () => void {
  for (const channel of CHANNELS)
    ipcMain.handle(`${CHANNEL_PREFIX}${channel}`, (event, payload: unknown) =>
      opts.isTrusted(event) ? host.call(channel, payload) : UNTRUSTED_SENDER,
    )
  const unsubscribe = host.subscribe((patch) => {
    const target = opts.target()
    if (target && !target.isDestroyed()) target.send(PATCH_EVENT, patch)
  })
  return () => {
    unsubscribe()
    for (const channel of CHANNELS) ipcMain.removeHandler(`${CHANNEL_PREFIX}${channel}`)
  }
}
