// Serve mode's WebSocket messages (the same contract as IPC, framed as JSON text messages).
import type { Envelope } from './ipc'
import type { Patch } from './ipc-views'

export const WS_PATH = '/ws'

export interface WsCall {
  id: number
  channel: string
  payload: unknown
}

export type WsServerMessage =
  { type: 'reply'; id: number; envelope: Envelope<unknown> } | { type: 'patch'; patch: Patch }
